package model

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/spec"
)

// capturesDir holds real recorded provider streams. It lives beside the
// repository, never inside it.
const capturesDir = "../../shared/captures"

// captureGolden holds one summary per capture.
const captureGolden = "../testdata/captures.golden"

// providerErrors are the captures that record a genuine in-stream provider
// error: each must give exactly one END-5 violation and no other.
var providerErrors = map[string]bool{
	"openai-chat/groq-gpt-oss-120b-tool-use-failed-error.sse": true,
	"openai-responses/openai-error-insufficient-quota.jsonl":  true,
	"openai-responses/openai-error-rate-limited.sse":          true,
}

// summarize renders an outcome without the captured content itself: calls
// by id, name, status and argument size and digest; items by kind; stops and
// violations.
func summarize(o spec.Outcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  messages %d\n", o.Messages)
	kinds := map[spec.ItemKind]int{}
	sigs := 0
	for _, it := range o.Items {
		kinds[it.Kind]++
		sigs += len(it.Signatures)
	}
	var ks []string
	for k, n := range kinds {
		ks = append(ks, fmt.Sprintf("%s=%d", k, n))
	}
	sort.Strings(ks)
	fmt.Fprintf(&b, "  items %s item-sigs=%d\n", strings.Join(ks, " "), sigs)
	for _, c := range o.Calls {
		sum := sha256.Sum256([]byte(c.Args))
		fmt.Fprintf(&b, "  call %d msg %d choice %d %s id=%q name=%q server=%v args=%dB sha256:%x sigs=%d\n",
			c.Ordinal, c.Message, c.Choice, c.Status, c.ID, c.Name, c.Server, len(c.Args), sum[:6], len(c.Signatures))
	}
	for _, s := range o.Stops {
		fmt.Fprintf(&b, "  stop msg %d choice %d %s raw=%q\n", s.Message, s.Choice, s.Reason, s.Raw)
	}
	for _, v := range o.Violations {
		fmt.Fprintf(&b, "  violation %s %s frame=%d\n", v.Rule, v.Class, v.Frame)
	}
	return b.String()
}

// TestCaptures runs every shared capture through the reference model and
// compares a summary of the outcome with testdata/captures.golden. No
// capture may produce a violation except the genuine provider errors.
func TestCaptures(t *testing.T) {
	if _, err := os.Stat(capturesDir); err != nil {
		captures.Absent(t, capturesDir, err)
	}
	var names []string
	for _, f := range spec.Formats {
		files, err := filepath.Glob(filepath.Join(capturesDir, string(f), "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range files {
			names = append(names, string(f)+"/"+filepath.Base(p))
		}
	}
	if len(names) == 0 {
		t.Fatalf("no captures found under %s", capturesDir)
	}
	var all strings.Builder
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(capturesDir, name))
		if err != nil {
			t.Fatal(err)
		}
		format := spec.Format(strings.SplitN(name, "/", 2)[0])
		o := Reassemble(format, data, spec.Limits{})
		if providerErrors[name] {
			if len(o.Violations) != 1 || o.Violations[0].Rule != spec.EndProviderErr {
				t.Errorf("%s: want exactly one END-5 violation, got %v", name, o.Violations)
			}
		} else if len(o.Violations) > 0 {
			t.Errorf("%s: unexpected violations:\n%s", name, o.String())
		}
		fmt.Fprintf(&all, "%s\n%s", name, summarize(o))
	}
	got := all.String()
	if *update {
		if err := os.WriteFile(captureGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(captureGolden)
	if err != nil {
		t.Fatalf("%v (create it with go test ./model -run TestCaptures -update)", err)
	}
	if got != string(want) {
		t.Errorf("capture summaries differ from %s (rerun with -update and read the diff):\n%s", captureGolden, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	inW, inG := map[string]int{}, map[string]int{}
	for _, l := range w {
		inW[l]++
	}
	for _, l := range g {
		inG[l]++
	}
	var b strings.Builder
	for _, l := range w {
		if inG[l] == 0 {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if inW[l] == 0 {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
