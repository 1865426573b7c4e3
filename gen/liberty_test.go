package gen

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestLiberties: a valid stream names each liberty its bytes take, and
// only those: a byte-order mark, a bare CR line end (not CR LF), a
// Responses payload without its type. (Each is drawn often enough that
// rapid's default checks meet it.)
func TestLiberties(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range []spec.Format{spec.FormatOpenAIChat, spec.FormatOpenAIResponses, spec.FormatAnthropic, spec.FormatOllama} {
		rapid.Check(t, func(rt *rapid.T) {
			r, data := Valid(rt, f)
			for _, l := range r.Liberties {
				seen[l] = true
			}
			has := func(l string) bool { return slices.Contains(r.Liberties, l) }
			if bom := bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")); bom != has(LibertyBOM) {
				rt.Fatalf("byte-order mark %v, liberties %v", bom, r.Liberties)
			}
			bareCR := bytes.Contains(bytes.ReplaceAll(data, []byte("\r\n"), nil), []byte("\r"))
			if f != spec.FormatOllama && bareCR != has(LibertyCR) {
				rt.Fatalf("bare CR %v, liberties %v", bareCR, r.Liberties)
			}
			typeless := f == spec.FormatOpenAIResponses && bytes.Contains(data, []byte("data: {\"sequence_number\""))
			if typeless && !has(LibertyTypeless) {
				rt.Fatalf("a payload without type, liberties %v", r.Liberties)
			}
			if f == spec.FormatOpenAIChat && choiceWithoutIndex(data) && !has(LibertyChoiceIndex) {
				rt.Fatalf("a choice without index, liberties %v", r.Liberties)
			}
			if !slices.IsSorted(r.Liberties) || len(slices.Compact(slices.Clone(r.Liberties))) != len(r.Liberties) {
				rt.Fatalf("liberties not sorted and distinct: %v", r.Liberties)
			}
		})
	}
	for _, l := range []string{LibertyBOM, LibertyCR, LibertyMultiLineData, LibertyTypeless, LibertyLateStart, LibertyChoiceIndex} {
		if !seen[l] {
			t.Errorf("no draw took the liberty %q", l)
		}
	}
}

// choiceWithoutIndex reports whether a data line of the chat stream holds
// a chunk one of whose choices has no "index" (a payload split over
// several data lines is not read).
func choiceWithoutIndex(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		payload, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r"), []byte("data:"))
		if !ok {
			continue
		}
		var chunk struct {
			Choices []map[string]json.RawMessage `json:"choices"`
		}
		if json.Unmarshal(bytes.TrimSpace(payload), &chunk) != nil {
			continue
		}
		for _, c := range chunk.Choices {
			if _, ok := c["index"]; !ok {
				return true
			}
		}
	}
	return false
}
