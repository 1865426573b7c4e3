package spectest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
)

// FuzzToolspec is spectest.Fuzz on toolspec itself: it must never fail.
func FuzzToolspec(f *testing.F) {
	Fuzz(f, toolspec.FormatOpenAIChat, Toolspec)
}

// TestFuzzFindsBug runs go test -fuzz on FuzzNaiveChat (fuzz_broken_test.go,
// built with the spectest_broken tag): spectest.Fuzz on a broken adapter
// must fail within 60 s, print the scenario that reproduces it, and write
// nothing under testdata.
func TestFuzzFindsBug(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test -fuzz")
	}
	start := time.Now()
	cmd := exec.Command("go", "test", "-tags", "spectest_broken", "-run", "^$", "-fuzz", "^FuzzNaiveChat$", "-fuzztime", "60s", ".")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	took := time.Since(start)
	if err == nil {
		t.Fatalf("go test -fuzz found nothing in %v:\n%s", took, out.String())
	}
	if !strings.Contains(out.String(), "The stream as a scenario") || !strings.Contains(out.String(), "-- want --") {
		t.Errorf("no scenario in the failure:\n%s", head(out.String(), 40))
	}
	if took > 90*time.Second {
		t.Errorf("took %v", took)
	}
	if _, err := os.Stat("testdata/fuzz/FuzzNaiveChat"); err == nil {
		os.RemoveAll("testdata/fuzz/FuzzNaiveChat")
		t.Error("go test -fuzz wrote testdata/fuzz/FuzzNaiveChat")
	}
	t.Logf("failed after %v", took)
}
