package workload

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestWorkloads checks that every workload is well formed: each payload is
// one JSON object (or [DONE]), the raw bytes are exactly the payloads framed
// as SSE events, the arguments are JSON objects of the stated size, and a
// second build gives the same bytes.
func TestWorkloads(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range All() {
		if testing.Short() && w.Size > 256*KiB {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			if seen[w.Name] || strings.ContainsAny(w.Name, "/ ") {
				t.Fatalf("name %q is repeated or has a slash or space", w.Name)
			}
			seen[w.Name] = true
			var raw []byte
			for i, p := range w.Payloads() {
				if p.Event != "" {
					raw = append(raw, "event: "+p.Event+"\n"...)
				}
				raw = append(raw, "data: "...)
				raw = append(append(raw, p.Data...), "\n\n"...)
				if string(p.Data) == "[DONE]" && i == len(w.Payloads())-1 {
					continue
				}
				if !json.Valid(p.Data) || p.Data[0] != '{' {
					t.Fatalf("payload %d is not a JSON object: %s", i, p.Data)
				}
				if p.Event != "" && !bytes.HasPrefix(p.Data, []byte(`{"type":"`+p.Event+`"`)) && !bytes.HasPrefix(p.Data, []byte(`{"type": "`+p.Event+`"`)) {
					t.Fatalf("payload %d: event %q but data %.60s", i, p.Event, p.Data)
				}
			}
			if !bytes.Equal(raw, w.Raw()) {
				t.Fatal("raw bytes are not the payloads framed as SSE")
			}
			want := w.Want()
			if len(want.Calls) != w.Calls {
				t.Fatalf("%d calls, want %d", len(want.Calls), w.Calls)
			}
			for i, c := range want.Calls {
				if !json.Valid([]byte(c.Args)) || c.Args[0] != '{' {
					t.Fatalf("call %d: arguments are not a JSON object", i)
				}
				if w.Kind == KindArgs && len(c.Args) != w.Size {
					t.Fatalf("call %d: %d argument bytes, want %d", i, len(c.Args), w.Size)
				}
			}
			if w.Kind == KindText && len(want.Text) != w.Size || w.Kind == KindThinking && len(want.Thinking) != w.Size {
				t.Fatalf("text %d, thinking %d bytes; want %d", len(want.Text), len(want.Thinking), w.Size)
			}
			again := &Workload{Name: w.Name, Format: w.Format, Kind: w.Kind, Size: w.Size, Calls: w.Calls, Delta: w.Delta, Repeat: w.Repeat}
			if !bytes.Equal(again.Raw(), w.Raw()) {
				t.Fatal("a second build differs")
			}
		})
	}
}
