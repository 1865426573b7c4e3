package history

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/golden"
	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spec"
)

// historyDir is the corpus of history scenarios (SPEC.md section 11).
const historyDir = "../../spectest/testdata/histories"

// loadHistories parses every history scenario under
// spectest/testdata/histories.
func loadHistories(t *testing.T) []*scenario.History {
	t.Helper()
	var out []*scenario.History
	err := filepath.WalkDir(historyDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txtar") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc, err := scenario.ParseHistory(path, data)
		if err != nil {
			return err
		}
		out = append(out, sc)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no history scenarios")
	}
	return out
}

// historyTranscript is the want of a history scenario. For a check:
//
//	# history
//	<the decoded history, spec.History.String>
//	# report
//	<CheckDocument's violations and pending calls>
//	# repair
//	<the changes Repair makes, when it makes any, at document paths>
//
// For a translation: "# document", the translated document indented, then
// "# losses", the violations of decoding and encoding, each at its path in
// the source document.
func historyTranscript(t *testing.T, sc *scenario.History) string {
	t.Helper()
	var b strings.Builder
	if sc.Translation() {
		doc, vs := Translate(sc.From, sc.To, sc.Doc)
		b.WriteString("# document\n")
		if len(doc) > 0 {
			var ind bytes.Buffer
			if err := json.Indent(&ind, doc, "", "  "); err != nil {
				t.Fatalf("the translated document is not JSON: %v\n%s", err, doc)
			}
			b.WriteString(ind.String() + "\n")
		}
		b.WriteString("# losses\n")
		for _, v := range vs {
			b.WriteString(v.String() + "\n")
		}
		return b.String()
	}
	h, rep := CheckDocument(sc.Format, sc.Doc)
	b.WriteString("# history\n" + h.String())
	b.WriteString("# report\n" + rep.String())
	if hasTerminal(rep.Violations) {
		return b.String()
	}
	if fixed, changes := Repair(sc.Format, h); len(changes) > 0 {
		_, pm, _ := DecodePaths(sc.Format, sc.Doc)
		b.WriteString("# repair\n")
		for _, c := range changes {
			c.Path = pm.Lookup(c.Path)
			b.WriteString(c.String() + "\n")
		}
		body, vs := Splice(sc.Format, sc.Doc, fixed)
		b.WriteString("# repaired body\n" + string(body) + "\n")
		for _, v := range vs {
			b.WriteString(v.String() + "\n")
		}
	}
	return b.String()
}

// hasTerminal reports whether vs holds a terminal violation (HIST-8).
func hasTerminal(vs []spec.Violation) bool {
	for _, v := range vs {
		if v.Class == spec.ClassTerminal {
			return true
		}
	}
	return false
}

// TestHistoryScenarios runs every history scenario through the reference
// model and compares the result with its want section; -update rewrites
// the want sections instead (read the diff before committing it). Each
// check scenario also holds the model to three laws on its history:
// Repair's output passes the pairing rules, encoding the history in its
// own format loses nothing, and decoding that encoding gives the history
// back. A translation's output must decode without a shape violation.
func TestHistoryScenarios(t *testing.T) {
	for _, sc := range loadHistories(t) {
		name := strings.TrimSuffix(strings.TrimPrefix(sc.Name, historyDir+"/"), ".txtar")
		t.Run(name, func(t *testing.T) {
			for _, r := range sc.Rules {
				if _, ok := spec.LookupRule(r); !ok {
					t.Errorf("scenario cites unknown rule %s", r)
				}
			}
			got := historyTranscript(t, sc)
			if *golden.Update {
				if got != sc.Want {
					sc.Want = got
					if err := os.WriteFile(sc.Name, sc.Marshal(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			} else if got != sc.Want {
				t.Errorf("transcript differs (rerun: go test ./model/history -run '%s' -update)\n--- got\n%s--- want\n%s", golden.RerunPattern(t.Name()), got, sc.Want)
			}
			if sc.Translation() {
				doc, vs := Translate(sc.From, sc.To, sc.Doc)
				if hasTerminal(vs) {
					return
				}
				if _, vs := Decode(sc.To, doc); hasTerminal(vs) {
					t.Errorf("the translation does not decode as %s: %v\n%s", sc.To, vs, doc)
				}
				return
			}
			h, rep := CheckDocument(sc.Format, sc.Doc)
			if hasTerminal(rep.Violations) {
				return
			}
			checkHistoryLaws(t, sc.Format, h)
		})
	}
}

// checkHistoryLaws checks the laws every decoded history obeys: Repair's
// output passes the pairing rules it repairs, and encoding h in its own
// format loses nothing and decodes back to h.
func checkHistoryLaws(t *testing.T, f spec.Format, h spec.History) {
	t.Helper()
	fixed, _ := Repair(f, h)
	if bad := pairingViolations(f, fixed); len(bad) > 0 {
		t.Errorf("Repair's output still breaks the pairing rules: %v\n%s", bad, fixed.String())
	}
	doc, losses := Encode(f, h)
	if len(losses) > 0 {
		t.Errorf("encoding a %s history as %s loses %v", f, f, losses)
	}
	back, vs := Decode(f, doc)
	if hasTerminal(vs) {
		t.Fatalf("the encoding does not decode: %v\n%s", vs, doc)
	}
	if back.String() != h.String() {
		t.Errorf("decode(encode(h)) differs from h\n--- h\n%s--- back\n%s--- document\n%s", h.String(), back.String(), doc)
	}
}

// pairingViolations returns the violations of the rules Repair repairs
// (HIST-1, HIST-3, HIST-4, HIST-5) that Check finds in h, but for
// HIST-3 at a call without the id f requires, which no result can answer.
func pairingViolations(f spec.Format, h spec.History) []spec.Violation {
	rules, _ := spec.LookupFormatRules(f)
	var out []spec.Violation
	for _, v := range Check(f, h).Violations {
		switch v.Rule {
		case spec.HistOrphan, spec.HistMisplaced, spec.HistDupResult:
			out = append(out, v)
		case spec.HistUnanswered:
			if p, ok := partAt(h, v.Path); ok && (p.ID != "" || !rules.HistoryIDs) {
				out = append(out, v)
			}
		}
	}
	return out
}

// partAt returns the part at canonical path p ("messages[i].parts[j]").
func partAt(h spec.History, p string) (spec.Part, bool) {
	for i, m := range h.Messages {
		for j, part := range m.Parts {
			if partPath(i, j) == p {
				return part, true
			}
		}
	}
	return spec.Part{}, false
}

// TestHistoryHostileDocuments feeds prefixes of every scenario's document
// (every fifth one), and the document with some of its bytes replaced, to both
// decoders, the checker, Repair and the encoders: errors, never a panic.
// A proper prefix is never one JSON object, so it is exactly one HIST-8
// violation at the root; and any document that decodes encodes to one that
// decodes again.
func TestHistoryHostileDocuments(t *testing.T) {
	formats := []spec.Format{spec.FormatOpenAIChat, spec.FormatAnthropic}
	try := func(t *testing.T, doc []byte) []spec.Violation {
		t.Helper()
		var first []spec.Violation
		for k, f := range formats {
			h, rep := CheckDocument(f, doc)
			if k == 0 {
				first = rep.Violations
			}
			Repair(f, h)
			for _, g := range formats {
				out, _ := Encode(g, h)
				if _, vs := Decode(g, out); hasTerminal(vs) && !hasTerminal(rep.Violations) {
					t.Fatalf("%s history of %q encodes as %s to a document that does not decode: %v\n%s", f, doc, g, vs, out)
				}
			}
		}
		return first
	}
	for _, sc := range loadHistories(t) {
		doc := bytes.TrimSpace(sc.Doc)
		for n := 0; n < len(doc); n += 5 {
			vs := try(t, doc[:n])
			if len(vs) != 1 || vs[0].Rule != spec.HistShape || vs[0].Path != "$" {
				t.Fatalf("%s cut at %d: %v; want one HIST-8 at $", sc.Name, n, vs)
			}
		}
		for n := 0; n < len(doc); n += 29 {
			for _, c := range []byte{'"', '{', ']', '0', 'x', 0xff} {
				mut := append([]byte(nil), doc...)
				mut[n] = c
				try(t, mut)
			}
		}
	}
}
