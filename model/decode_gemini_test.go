package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/captures"
	"github.com/toolspec/toolspec/spec"
)

// TestGeminiDecodeStream checks the offsets of the events of a whole SSE
// stream with CRLF line ends, and of the same payloads as JSON lines (the
// shared cases pin the events, not their offsets).
func TestGeminiDecodeStream(t *testing.T) {
	p1 := `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":1}},"thoughtSignature":"s"}]}}]}`
	p2 := `{"candidates":[{"content":{"parts":[{"text":""}]},"finishReason":"STOP","index":0}]}`
	in := "data: " + p1 + "\r\n\r\n" + "data: " + p2 + "\r\n\r\n"
	got, v := Decode(spec.FormatGemini, []byte(in), spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	o2 := int64(len("data: " + p1 + "\r\n\r\n"))
	want := []spec.Event{
		{Kind: spec.KindWholeCall, Frame: 1, Offset: 0, Name: "f", Data: `{"a":1}`, Sig: "s"},
		{Kind: spec.KindFinish, Frame: 2, Offset: o2, Data: "STOP"},
		{Kind: spec.KindEOF, Frame: 2, Offset: int64(len(in))},
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}

	// The same payloads as JSON lines (the Vertex / vercel chunk format).
	lines := p1 + "\n" + p2
	got, v = Decode(spec.FormatGemini, []byte(lines), spec.Limits{})
	if v != nil {
		t.Fatalf("violation: %v", v)
	}
	want[1].Offset = int64(len(p1) + 1)
	want[2].Offset = int64(len(lines))
	if !slices.Equal(got, want) {
		t.Errorf("events:\n got %v\nwant %v", got, want)
	}
}

// geminiCaptureDir returns the Gemini captures directory; its absence
// stops the test (captures.Absent).
func geminiCaptureDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "captures", "gemini")
	if _, err := os.Stat(dir); err != nil {
		captures.Absent(t, dir, err)
	}
	return dir
}

// geminiSummary renders the call-related events of evs compactly: one
// string per event, signatures shown only as present ("sig").
func geminiSummary(evs []spec.Event) []string {
	var out []string
	for _, ev := range evs {
		var b strings.Builder
		b.WriteString(ev.Kind.String())
		switch ev.Kind {
		case spec.KindWholeCall, spec.KindPathOpen:
			if ev.ID != "" {
				b.WriteString(" id=" + ev.ID)
			}
			b.WriteString(" " + ev.Name)
			if ev.Data != "" {
				b.WriteString(" " + ev.Data)
			}
		case spec.KindPathArg:
			b.WriteString(" " + ev.Path + " " + ev.Delta.String() + " " + ev.Data)
			if ev.More {
				b.WriteString(" more")
			}
		case spec.KindFinish:
			b.WriteString(" " + ev.Data)
		case spec.KindPathClose, spec.KindSignature:
		default:
			continue
		}
		if ev.Sig != "" {
			b.WriteString(" sig")
		}
		out = append(out, b.String())
	}
	return out
}

// TestGeminiCaptures decodes every real Gemini capture without a violation
// and checks the calls against captures/README.md.
func TestGeminiCaptures(t *testing.T) {
	dir := geminiCaptureDir(t)
	files := captures.Glob(t, dir, "*")
	known := map[string][]string{
		"gemini-2.5-flash-2calls-one-chunk-nocr.sse": {
			`whole-call weather {"city":"San Francisco"} sig`,
			`whole-call weather {"city":"Santa Cruz"}`,
			`finish STOP`,
		},
		"gemini-2.5-flash-thought-then-call.sse": {
			`whole-call weather {"location":"Florence, Italy"} sig`,
			`finish STOP`,
		},
		"gemini-2.5-pro-2calls-separate-chunks.sse": {
			`whole-call add {"b":3,"a":2} sig`,
			`whole-call multiply {"a":2,"b":3}`,
			`finish STOP`,
		},
		"gemini-3-pro-2calls-with-ids.sse": {
			`whole-call id=8hd01vsf add {"a":2,"b":3} sig`,
			`whole-call id=k0srpqrc multiply {"b":3,"a":2}`,
			`finish STOP`,
		},
		"vertex-partial-args-2calls.jsonl": {
			`path-open getWeather sig`,
			`path-arg $.location string Boston more`,
			`path-arg $.location string `,
			`path-close`,
			`path-open getWeather`,
			`path-arg $.location string San Francisco more`,
			`path-arg $.location string `,
			`path-close`,
			`finish STOP`,
		},
		"vertex-partial-args-array-missing-terminal.jsonl": {
			`path-open writeItems sig`,
			`path-arg $.operations[0].action string add more`,
			`path-arg $.operations[0].action string `,
			`path-arg $.operations[0].description string Fresh red apple more`,
			`path-arg $.operations[0].description string `,
			`path-arg $.operations[0].itemid string apple_001 more`,
			`path-arg $.operations[0].itemid string `,
			`path-arg $.operations[0].price json 0.5`,
			`path-arg $.operations[1].action string add more`,
			`path-arg $.operations[1].action string `,
			`path-arg $.operations[1].description string Ripe yellow banana more`,
			`path-arg $.operations[1].description string `,
			`path-arg $.operations[1].itemid string banana_001 more`,
			`path-arg $.operations[1].itemid string `,
			`path-arg $.operations[1].price json 0.3`,
			`finish STOP`, // no path-close: the terminal {} is missing
		},
		"vertex-partial-args-noargs-and-3calls.jsonl": {
			`whole-call read_theme sig`,
			`path-open read_screen`,
			`path-arg $.id string A more`,
			`path-arg $.id string `,
			`path-close`,
			`path-open read_screen`,
			`path-arg $.id string B more`,
			`path-arg $.id string `,
			`path-close`,
			`path-open read_screen`,
			`path-arg $.id string C more`,
			`path-arg $.id string `,
			`path-close`,
			`finish STOP`,
		},
	}
	thoughts := map[string]string{
		"gemini-2.5-flash-thought-then-call.sse":      "**Determining the Weather Inquiry**",
		"vertex-partial-args-noargs-and-3calls.jsonl": "**Processing User Requests**",
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			evs, v := Decode(spec.FormatGemini, data, spec.Limits{})
			if v != nil {
				t.Fatalf("violation: %v", v)
			}
			if n := len(evs); n == 0 || evs[n-1].Kind != spec.KindEOF {
				t.Fatalf("last event is not EOF: %v", evs)
			}
			var thinking strings.Builder
			for _, ev := range evs {
				switch ev.Kind {
				case spec.KindMessageEnd, spec.KindMessageStart, spec.KindError:
					t.Errorf("unexpected event %v", ev)
				case spec.KindThinking:
					thinking.WriteString(ev.Data)
				case spec.KindText:
					if ev.Data == "" && ev.Sig == "" {
						t.Errorf("empty text event without signature: %v", ev)
					}
				}
				if ev.Choice != 0 {
					t.Errorf("choice %d in a single-candidate stream: %v", ev.Choice, ev)
				}
			}
			want, ok := known[name]
			if !ok {
				t.Logf("%s: not described in the test; decoded %d events", name, len(evs))
				return
			}
			if got := geminiSummary(evs); !slices.Equal(got, want) {
				t.Errorf("calls:\n got %q\nwant %q", got, want)
			}
			if !strings.HasPrefix(thinking.String(), thoughts[name]) || (thoughts[name] == "" && thinking.Len() > 0) {
				t.Errorf("thinking %q, want prefix %q", thinking.String(), thoughts[name])
			}
		})
	}
}

// TestGeminiTypeConfusion feeds capture payloads with members of random
// types to the decoder: no panic, only FRAME-4 / FRAME-6 violations.
func TestGeminiTypeConfusion(t *testing.T) {
	framingTypeConfusion(t, spec.FormatGemini, func() payloadDecoder { return &geminiDecoder{} })
}
