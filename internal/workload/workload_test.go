package workload

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// skipBig reports whether a -short run leaves w out.
func skipBig(w *Workload) bool { return testing.Short() && w.Size > 256*KiB }

// twin returns w, or when w streams more than 16 KiB in bulk, its twin of
// the same shape whose calls, text or thinking are smaller (at least 256
// bytes, 16 KiB in all when that allows): the checks that decode every
// payload with encoding/json, and the model, run on it. The encoders are
// the same at every size; only the number of frames differs.
func twin(w *Workload) *Workload {
	n := max(256, 16*KiB/max(1, w.Calls))
	if w.Kind != KindArgs {
		n = 16 * KiB
	}
	if w.Size <= n {
		return w
	}
	return w.WithSize(n)
}

// TestWorkloads checks that every workload is well formed: its name is
// unique and says what it is; each payload is one JSON object (or [DONE]);
// the raw bytes are exactly the payloads framed as the format frames them;
// the bulk spans hold the arguments, text and thinking; the arguments are
// JSON objects of the stated size; and a second build gives the same bytes.
func TestWorkloads(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range All() {
		if seen[w.Name] || strings.ContainsAny(w.Name, "/ ") || regexp.MustCompile(`-[0-9]+$`).MatchString(w.Name) {
			t.Fatalf("name %q is repeated, has a slash or space, or ends in a dash and digits", w.Name)
		}
		seen[w.Name] = true
		if again := newWorkload(w.Format, w.Dialect, w.Kind, w.Calls, w.Size, w.Delta, w.Interleave); again.Name != w.Name {
			t.Fatalf("%s is named %s by its fields", w.Name, again.Name)
		}
		if ByName(w.Name) != w {
			t.Fatalf("ByName(%q) is another workload", w.Name)
		}
		if skipBig(w) {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			// The byte checks decode every payload: above 256 KiB they run
			// on the twin, whose frames differ only in number (the
			// encoders are the same at every size).
			b := w
			if w.Size > 256*KiB {
				b = twin(w)
			}
			if !bytes.Equal(frame(t, b), b.Raw()) {
				t.Fatal("raw bytes are not the payloads framed as the format frames them")
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
			checkPayloads(t, twin(w))
			checkSpans(t, twin(w))
			again := b.WithSize(b.Size)
			if again.Name != b.Name || !bytes.Equal(again.Raw(), b.Raw()) {
				t.Fatal("a second build differs")
			}
		})
	}
}

// checkPayloads checks that each payload is one JSON object (but OpenAI
// chat's final [DONE]) and, in the formats that name their events, that
// the event name is the payload's type.
func checkPayloads(t *testing.T, w *Workload) {
	t.Helper()
	for i, p := range w.Payloads() {
		if string(p.Data) == "[DONE]" && w.Format == spec.FormatOpenAIChat && i == len(w.Payloads())-1 {
			continue
		}
		if !json.Valid(p.Data) || p.Data[0] != '{' {
			t.Fatalf("%s: payload %d is not a JSON object: %.200s", w.Name, i, p.Data)
		}
		named := w.Format == spec.FormatAnthropic || w.Format == spec.FormatOpenAIResponses
		if named && !bytes.HasPrefix(p.Data, []byte(`{"type":"`+p.Event+`"`)) && !bytes.HasPrefix(p.Data, []byte(`{"type": "`+p.Event+`"`)) {
			t.Fatalf("%s: payload %d: event %q but data %.60s", w.Name, i, p.Event, p.Data)
		}
	}
}

// frame frames w's payloads as its format frames them, independently of
// the builder.
func frame(t *testing.T, w *Workload) []byte {
	t.Helper()
	var raw []byte
	eol := "\n"
	if w.Raw(); w.crlf {
		eol = "\r\n"
	}
	for _, p := range w.Payloads() {
		switch w.Framing() {
		case FramingSSE:
			if p.Event != "" {
				raw = append(raw, "event: "+p.Event+eol...)
			}
			raw = append(raw, "data: "...)
			raw = append(append(raw, p.Data...), eol+eol...)
		case FramingLines:
			raw = append(append(raw, p.Data...), '\n')
		case FramingEventStream:
			var h []byte
			for _, kv := range [][2]string{{":event-type", p.Event}, {":content-type", "application/json"}, {":message-type", "event"}} {
				h = append(h, byte(len(kv[0])))
				h = append(h, kv[0]...)
				h = append(h, 7, byte(len(kv[1])>>8), byte(len(kv[1])))
				h = append(h, kv[1]...)
			}
			m := binary.BigEndian.AppendUint32(nil, uint32(16+len(h)+len(p.Data)))
			m = binary.BigEndian.AppendUint32(m, uint32(len(h)))
			m = binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))
			m = append(append(m, h...), p.Data...)
			raw = append(raw, binary.BigEndian.AppendUint32(m, crc32.ChecksumIEEE(m))...)
		default:
			t.Fatalf("framing %q", w.Framing())
		}
	}
	return raw
}

// checkSpans checks that the bulk spans lie inside payloads and, decoded,
// are the arguments (or the string values of Vertex's partialArgs),
// text and thinking, each call's in order.
func checkSpans(t *testing.T, w *Workload) {
	t.Helper()
	want := w.Want()
	wantBulk := map[int]string{-1: want.Thinking + want.Text} // by call, -1 for text and thinking
	for i, c := range want.Calls {
		wantBulk[i] = c.Args
		if w.Dialect == Vertex {
			wantBulk[i] = argPath(i) + argContent(c.Args)
		}
	}
	got := map[int]*strings.Builder{}
	calls := payloadCalls(t, w)
	k := 0
	for _, s := range w.spans {
		// The payload the span lies in.
		for k < len(w.refs) && w.refs[k].end < s.end {
			k++
		}
		if k == len(w.refs) || w.refs[k].start > s.start {
			t.Fatalf("span %v lies in no payload", s)
		}
		var v string
		if w.raw[s.start-1] == '"' {
			if err := json.Unmarshal(w.raw[s.start-1:s.end+1], &v); err != nil {
				t.Fatalf("span %v is no JSON string's contents: %v", s, err)
			}
		} else {
			var b bytes.Buffer
			if err := json.Compact(&b, w.raw[s.start:s.end]); err != nil {
				t.Fatalf("span %v is no JSON value: %v", s, err)
			}
			v = b.String()
		}
		c := calls[k]
		if got[c] == nil {
			got[c] = &strings.Builder{}
		}
		got[c].WriteString(v)
	}
	for c, s := range wantBulk {
		g := ""
		if got[c] != nil {
			g = got[c].String()
		}
		if g != s {
			t.Errorf("bulk of call %d (-1: text and thinking): %d bytes, want %d", c, len(g), len(s))
		}
	}
}

// payloadCalls returns, for each payload of w, the call its bulk bytes
// belong to (-1 for text and thinking), by reading the payloads with
// encoding/json.
func payloadCalls(t *testing.T, w *Workload) []int {
	t.Helper()
	out := make([]int, len(w.payloads))
	cur := -1 // the call of Gemini's last functionCall part, Ollama's last tool call
	for k, pl := range w.payloads {
		p := pl.Data
		out[k] = -1
		var v map[string]any
		if string(p) == "[DONE]" {
			continue
		}
		if err := json.Unmarshal(p, &v); err != nil {
			t.Fatal(err)
		}
		num := func(x any) int {
			f, ok := x.(float64)
			if !ok {
				t.Fatalf("payload %d: no index in %.200s", k, p)
			}
			return int(f)
		}
		obj := func(x any) map[string]any { m, _ := x.(map[string]any); return m }
		switch w.Format {
		case spec.FormatOpenAIChat:
			d := obj(v["choices"].([]any)[0].(map[string]any)["delta"])
			if tc, ok := d["tool_calls"]; ok {
				out[k] = num(tc.([]any)[0].(map[string]any)["index"])
			}
		case spec.FormatOpenAIResponses:
			if v["type"] == "response.function_call_arguments.delta" {
				out[k] = num(v["output_index"]) - blocksBefore(w)
			}
		case spec.FormatAnthropic:
			if obj(v["delta"])["type"] == "input_json_delta" {
				out[k] = num(v["index"]) - blocksBefore(w)
			}
		case spec.FormatBedrock:
			if _, ok := obj(v["delta"])["toolUse"]; ok {
				out[k] = num(v["contentBlockIndex"]) - blocksBefore(w)
			}
		case spec.FormatOllama:
			if _, ok := obj(v["message"])["tool_calls"]; ok {
				cur++
				out[k] = cur
			}
		case spec.FormatGemini:
			parts := obj(obj(v["candidates"].([]any)[0])["content"])["parts"].([]any)
			fc, ok := obj(parts[0])["functionCall"]
			if !ok {
				continue
			}
			if _, named := obj(fc)["name"]; named {
				cur++
			}
			out[k] = cur
		default:
			t.Fatalf("no payload reader for %s", w.Format)
		}
	}
	return out
}

// blocksBefore is how many blocks (output items) precede the calls': the
// thinking block of a thinking workload.
func blocksBefore(w *Workload) int {
	if w.Kind == KindArgs {
		return 0
	}
	return 1
}

// TestModelReassembles checks the encoders against the reference
// decoders: model.Reassemble of each workload yields exactly its Want. The
// model is slow (encoding/json, state copied on every step), so a
// workload of more than 16 KiB is checked through its twin (see twin),
// whose frames differ from it only in number; package impl's
// TestWorkloadsReassemble checks the production reassembler on every
// workload at its own size.
func TestModelReassembles(t *testing.T) {
	for _, w := range All() {
		w = twin(w)
		t.Run(w.Name, func(t *testing.T) {
			if err := w.Check(model.Reassemble(w.Format, w.Raw(), spec.Limits{})); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestFloor checks that Floor counts every frame delimiter and copies
// exactly the bulk bytes, and that it reuses dst.
func TestFloor(t *testing.T) {
	for _, w := range All() {
		if skipBig(w) {
			continue
		}
		n, dst := w.Floor(nil)
		// One frame per payload; an SSE event has a data line, an
		// event line when it is named, and the blank line that ends it.
		want := len(w.Payloads())
		if w.Framing() == FramingSSE {
			want = 2 * len(w.Payloads())
			for _, p := range w.Payloads() {
				if p.Event != "" {
					want++
				}
			}
		}
		if n != want || len(dst) != w.BulkBytes() {
			t.Errorf("%s: Floor counted %d and copied %d bytes; want %d and %d", w.Name, n, len(dst), want, w.BulkBytes())
		}
		if w.Size > 64*KiB {
			continue
		}
		if allocs := testing.AllocsPerRun(2, func() { _, dst = w.Floor(dst[:0]) }); allocs != 0 {
			t.Errorf("%s: Floor allocates %v times into a large enough dst", w.Name, allocs)
		}
	}
	var corrupt []byte
	for _, w := range All() {
		if w.Format == spec.FormatBedrock {
			corrupt = bytes.Clone(w.Raw())
			break
		}
	}
	if corrupt != nil {
		corrupt[len(corrupt)-5] ^= 1
		if n := walkEventStream(corrupt); n != -1 {
			t.Errorf("a corrupt event-stream walked as %d messages", n)
		}
	}
}
