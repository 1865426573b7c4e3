package thirdparty

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/internal/workload"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
)

// stream is one input of the comparison: its wire bytes, their format and
// what a correct reassembly yields. It comes from a workload of package
// internal/workload (fromWorkload), a shared capture (captureStreams) or
// the local streams of this package (localStreams).
type stream struct {
	name   string
	format spec.Format
	raw    []byte
	want   workload.Want
	// fails says the stream is not a whole success (a provider error, a
	// cut stream): a correct library reports an error on it.
	fails bool
}

// fromWorkload returns w as a stream.
func fromWorkload(w *workload.Workload) stream {
	return stream{name: w.Name, format: w.Format, raw: w.Raw(), want: w.Want()}
}

// workloadStreams returns every workload of internal/workload, then the
// local streams of every format that internal/workload has no workload
// of, so that each format is measured, and each exactly once.
func workloadStreams() []stream {
	var out []stream
	has := map[spec.Format]bool{}
	for _, w := range workload.All() {
		out = append(out, fromWorkload(w))
		has[w.Format] = true
	}
	for _, s := range localStreams() {
		if !has[s.format] {
			out = append(out, s)
		}
	}
	return out
}

// capturesDir holds the real recorded provider streams, beside the
// repository (the module is thirdparty/, one level below the root).
const capturesDir = "../../shared/captures"

// captureStreams returns every shared capture as a stream, named
// capture-<format>-<file>, in the bytes a client receives (servedBytes),
// with what the reference model (package model) reassembles from them as
// what is wanted. It fails if the captures are missing.
func captureStreams() ([]stream, error) {
	var out []stream
	for _, f := range spec.Formats {
		files, err := filepath.Glob(filepath.Join(capturesDir, string(f), "*"))
		if err != nil {
			return nil, err
		}
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			raw, err := servedBytes(f, data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			base := filepath.Base(p)
			s := stream{name: "capture-" + string(f) + "-" + strings.TrimSuffix(base, filepath.Ext(base)), format: f, raw: raw}
			s.want, s.fails = modelWant(f, raw)
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no captures under %s", capturesDir)
	}
	return out, nil
}

// modelWant returns what the reference model reassembles from raw, in the
// shape of a Want (the calls the client runs, all text and thinking), and
// whether the stream fails: a violation, a call not complete or a
// truncated message.
func modelWant(f spec.Format, raw []byte) (workload.Want, bool) {
	o := model.Reassemble(f, raw, spec.Limits{})
	var w workload.Want
	fails := len(o.Violations) > 0
	for _, s := range o.Stops {
		fails = fails || s.Reason == spec.StopTruncated
	}
	for _, c := range o.Calls {
		fails = fails || c.Status != spec.StatusComplete
		if !c.Server {
			w.Calls = append(w.Calls, workload.Call{ID: c.ID, Name: c.Name, Args: c.Args})
		}
	}
	for _, it := range o.Items {
		switch it.Kind {
		case spec.ItemText:
			w.Text += it.Text
		case spec.ItemThinking:
			w.Thinking += it.Text
		}
	}
	return w, fails
}

// servedBytes returns the bytes a client receives for a capture of format
// f: the capture itself, unless it is JSON lines of SSE or event-stream
// payloads (the vercel/ai recordings, whose recorder removed the framing),
// which are framed again as the provider frames them: one SSE event per
// line (named by the payload's type in the Anthropic and Responses
// formats, whose servers name every event), or for Bedrock one binary
// event-stream message per {"<eventType>": payload} line.
func servedBytes(f spec.Format, data []byte) ([]byte, error) {
	first := bytes.TrimLeft(data, " \t\r\n")
	if f == spec.FormatOllama || len(first) == 0 || first[0] != '{' {
		return data, nil
	}
	var b bytes.Buffer
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		switch f {
		case spec.FormatBedrock:
			var ev map[string]json.RawMessage
			if err := json.Unmarshal(line, &ev); err != nil || len(ev) != 1 {
				return nil, fmt.Errorf("a Bedrock line that is not one {\"<eventType>\": payload}: %.60s", line)
			}
			for typ, payload := range ev {
				b.Write(eventStreamMessage(typ, payload))
			}
		default:
			if f == spec.FormatAnthropic || f == spec.FormatOpenAIResponses {
				var v struct {
					Type string `json:"type"`
				}
				if json.Unmarshal(line, &v) == nil && v.Type != "" {
					b.WriteString("event: " + v.Type + "\n")
				}
			}
			b.WriteString("data: ")
			b.Write(line)
			b.WriteString("\n\n")
		}
	}
	return b.Bytes(), nil
}

// localStreams returns the local streams: for each format internal/workload
// may not have yet (Responses, Gemini, Gemini on Vertex AI with streamed
// arguments, Ollama, Bedrock), one small call in 8-byte deltas, 8 calls of
// 4 KiB, one call of 1 MiB, and 16 KiB of text, framed as each provider
// frames them. Formats without argument deltas (Gemini, Ollama: every call
// arrives whole) name no delta size for their calls.
func localStreams() []stream {
	var out []stream
	for _, sh := range localShapes {
		for _, e := range localEncoders {
			out = append(out, e.build(sh))
		}
	}
	slices.SortStableFunc(out, func(a, b stream) int { return strings.Compare(string(a.format), string(b.format)) })
	return out
}

// localShape is the shape of a local stream.
type localShape struct {
	calls int  // tool calls, 0 for a stream of text
	size  int  // bytes of arguments per call, or of text
	delta int  // bytes per delta
	large bool // left out of TestCompareCorrect with -short
}

var localShapes = []localShape{
	{calls: 1, size: 1 * workload.KiB, delta: 8},
	{calls: 8, size: 4 * workload.KiB, delta: 16},
	{calls: 1, size: 1 * workload.MiB, delta: 16, large: true},
	{size: 16 * workload.KiB, delta: 16},
}

// name returns the stream name of shape sh for prefix p; whole says the
// format sends every call whole (no delta size for calls).
func (sh localShape) name(p string, whole bool) string {
	size := fmt.Sprintf("%dKiB", sh.size/workload.KiB)
	if sh.size >= workload.MiB {
		size = fmt.Sprintf("%dMiB", sh.size/workload.MiB)
	}
	if sh.calls == 0 {
		return fmt.Sprintf("%s-text-%s-d%d", p, size, sh.delta)
	}
	n := fmt.Sprintf("%s-%dcall", p, sh.calls)
	if sh.calls > 1 {
		n += "s"
	}
	n += "-" + size
	if !whole {
		n += fmt.Sprintf("-d%d", sh.delta)
	}
	return n
}

// localContent is the content of a local stream: its calls (each with
// its arguments as an object of two strings, path and content) or its
// text, and what a correct reassembly yields.
type localContent struct {
	paths, contents []string // per call: the decoded path and content
	text            string
	want            workload.Want
}

// content returns the content of shape sh.
func (sh localShape) content() localContent {
	var c localContent
	if sh.calls == 0 {
		c.text = prose(7, sh.size)
		c.want.Text = c.text
		return c
	}
	for i := 0; i < sh.calls; i++ {
		path := fmt.Sprintf("src/gen/file_%02d.go", i)
		head := len(`{"path":"","content":""}`) + len(path)
		content := prose(1000+i, max(sh.size-head, 8))
		c.paths = append(c.paths, path)
		c.contents = append(c.contents, content)
		args := `{"path":` + jsonString(path) + `,"content":` + jsonString(content) + `}`
		c.want.Calls = append(c.want.Calls, workload.Call{ID: fmt.Sprintf("call_%08d", i), Name: "write_file", Args: args})
	}
	return c
}

// words are the vocabulary of prose.
var words = strings.Fields(`the reassembler keeps every call apart stream bytes arrive in
fragments of any size and order tool arguments are one JSON object a provider may repeat its
id on delta while another never sends it`)

// prose returns n bytes of ASCII prose for seed, with a quoted word now
// and then and a newline every few sentences, so that its JSON encoding
// needs escapes.
func prose(seed, n int) string {
	var b strings.Builder
	x := uint32(seed)*2654435761 + 12345
	next := func() uint32 { x = x*1664525 + 1013904223; return x >> 8 }
	for s := 0; b.Len() < n; s++ {
		for i, k := 0, 6+int(next()%10); i < k; i++ {
			w := words[next()%uint32(len(words))]
			switch {
			case i == 0:
				b.WriteString(strings.ToUpper(w[:1]) + w[1:])
			case next()%17 == 0:
				b.WriteString(` "` + w + `"`)
			default:
				b.WriteString(" " + w)
			}
		}
		if s%4 == 3 {
			b.WriteString(".\n")
		} else {
			b.WriteString(". ")
		}
	}
	return b.String()[:n]
}

// jsonString returns s as a JSON string.
func jsonString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a Go string always encodes
	}
	return string(b)
}

// pieces splits s into pieces of at most n bytes.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}
