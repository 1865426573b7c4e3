package impl

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// TestReadFromEqualsWrite: ReadFrom reads its reader to the end, whatever
// sizes the reads come in (one byte at a time, half-filled, with an error
// at EOF), and gives what one Write of the whole stream gives.
func TestReadFromEqualsWrite(t *testing.T) {
	files, err := filepath.Glob("../spectest/testdata/scenarios/*/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	long := bytes.Repeat([]byte(`data: {"choices":[{"index":0,"delta":{"content":"abcdefgh"}}]}`+"\n\n"), 2000) // > 32 KiB
	inputs := []struct {
		name string
		f    spec.Format
		lim  spec.Limits
		data []byte
	}{{"long", spec.FormatOpenAIChat, spec.Limits{}, append(long, "data: [DONE]\n\n"...)}}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(p, data)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, struct {
			name string
			f    spec.Format
			lim  spec.Limits
			data []byte
		}{p, sc.Format, sc.Limits, sc.Input})
	}
	for _, in := range inputs {
		want := Reassemble(in.f, in.data, in.lim).String()
		readers := map[string]io.Reader{
			"whole":        bytes.NewReader(in.data),
			"one byte":     iotest.OneByteReader(bytes.NewReader(in.data)),
			"half":         iotest.HalfReader(bytes.NewReader(in.data)),
			"data and EOF": iotest.DataErrReader(bytes.NewReader(in.data)),
		}
		for how, rd := range readers {
			a := New(in.f, in.lim)
			n, err := a.ReadFrom(rd)
			if got := a.Close().String(); got != want {
				t.Errorf("%s read %s: ReadFrom gives\n%s\nWrite gives\n%s", in.name, how, got, want)
			}
			if err == nil && n != int64(len(in.data)) {
				t.Errorf("%s read %s: ReadFrom read %d of %d bytes", in.name, how, n, len(in.data))
			}
			if err != nil && !strings.HasPrefix(err.Error(), "toolspec: ") {
				t.Errorf("%s read %s: ReadFrom: %v", in.name, how, err)
			}
		}
	}
}
