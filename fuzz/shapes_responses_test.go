package fuzz

import (
	"bytes"
	"flag"
	"sort"
	"strconv"
	"testing"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// TestGenResponsesShapes: the Responses generator draws every shape the
// differential tests must see: a call of each item kind, client and
// server (NAME-5), a namespaced call (NAME-6), a refusal (END-8), a call
// item that ends incomplete (END-3), the response.done terminal event and
// an incomplete response wrapped in response.completed or .done (END-4),
// and events without output_index, routed by item id, calls by their
// call_id included (ID-9). It draws rounds of streams until every shape
// has been seen, and fails, naming the shapes never drawn, after 40.
func TestGenResponsesShapes(t *testing.T) {
	seen := map[string]bool{}
	want := []string{"namespace", "refusal", "incomplete call", "response.done", "wrapped incomplete", "no output_index", "call routed by call_id"}
	for k := spec.CallComputer; int(k) < spec.NumCallKinds; k++ {
		want = append(want, k.String()+" client", k.String()+" server")
	}
	possible := func(s string) bool {
		switch s {
		case "computer_call server", "shell_call server", "apply_patch_call server", "local_shell_call server", "mcp_approval_request server",
			"mcp_call client", "web_search_call client", "file_search_call client", "code_interpreter_call client", "image_generation_call client":
			return false // these items are always client, or always server, calls
		}
		return true
	}
	missing := func() []string {
		var out []string
		for _, s := range want {
			if possible(s) && !seen[s] {
				out = append(out, s)
			}
		}
		sort.Strings(out)
		return out
	}
	fl := flag.Lookup("rapid.checks")
	old := fl.Value.String()
	if err := fl.Value.Set("100"); err != nil {
		t.Fatal(err)
	}
	defer fl.Value.Set(old)
	for round := 0; round < 40 && len(missing()) > 0; round++ {
		rapid.Check(t, func(rt *rapid.T) {
			r, data := gen.Valid(rt, spec.FormatOpenAIResponses)
			evs, v := model.Decode(spec.FormatOpenAIResponses, data, spec.Limits{})
			if v != nil {
				rt.Fatalf("a valid stream does not decode: %v", v)
			}
			for _, e := range evs {
				if e.ByItem {
					seen["no output_index"] = true
				}
				if e.Kind == spec.KindBlockStart && e.ByItem && e.Block == spec.BlockCall && e.Item == e.ID && e.CallKind == spec.CallFunction {
					seen["call routed by call_id"] = true
				}
			}
			if bytes.Contains(data, []byte("response.done")) {
				seen["response.done"] = true
			}
			for _, m := range r.Messages {
				ch := m.Choices[0]
				if ch.Stop != "completed" && !bytes.Contains(data, []byte("response.incomplete")) {
					seen["wrapped incomplete"] = true
				}
				for _, it := range ch.Items {
					switch {
					case it.Kind == gen.ItemRefusal:
						seen["refusal"] = true
					case it.Kind == gen.ItemCall:
						c := it.Call
						if c.Namespace != "" {
							seen["namespace"] = true
						}
						if c.Incomplete {
							seen["incomplete call"] = true
						}
						if c.Kind != spec.CallUnspecified {
							seen[c.Kind.String()+map[bool]string{true: " server", false: " client"}[c.Server]] = true
						}
					}
				}
			}
		})
	}
	if m := missing(); len(m) > 0 {
		t.Errorf("the Responses generator never drew %d shapes in 40 rounds: %q (seen %s)", len(m), m, strconv.Itoa(len(seen)))
	}
}
