package ollamaapi_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"github.com/toolspec/toolspec/bridge/ollamaapi"
)

const format = toolspec.FormatOllama

// wires returns the shared captures of the format as their raw NDJSON
// bytes, by name.
func wires(t *testing.T) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	for _, c := range capture.Load(t, string(format), false) {
		m[c.Name] = c.Raw
	}
	return m
}

var base = &url.URL{Scheme: "http", Host: "bridge.test"}

// request is the chat request of the tests.
var request = &api.ChatRequest{Model: "qwen3", Messages: []api.Message{{Role: "user", Content: "Weather?"}}}

// teeEvents runs Chat through a tee over tr, its event function recording
// the events, and returns the events, the tee's outcome and Chat's error.
func teeEvents(t *testing.T, tr http.RoundTripper) (string, toolspec.Outcome, error) {
	t.Helper()
	tee := ollamaapi.NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	client := api.NewClient(base, tee.Client(&http.Client{Transport: tr}))
	chatErr := client.Chat(context.Background(), request, func(api.ChatResponse) error { return nil })
	events := e.String()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	if after := e.String(); after != events {
		t.Errorf("events came after Chat returned:\n%s", after[len(events):])
	}
	return events, out, chatErr
}

// viaCollect runs Chat over tr with Collect, and returns Finish's outcome
// and error.
func viaCollect(tr http.RoundTripper) (toolspec.Outcome, error) {
	a := toolspec.New(format, toolspec.Limits{})
	client := api.NewClient(base, &http.Client{Transport: tr})
	return ollamaapi.Finish(a, client.Chat(context.Background(), request, ollamaapi.Collect(a, nil)))
}

// lineCuts returns the points to cut an NDJSON body at: after every line,
// and in the middle of every line, never 0 or len(wire).
func lineCuts(wire []byte) (between, inside []int) {
	start := 0
	for i, b := range wire {
		if b != '\n' {
			continue
		}
		if mid := start + (i-start)/2; mid > 0 {
			inside = append(inside, mid)
		}
		if i+1 < len(wire) {
			between = append(between, i+1)
		}
		start = i + 1
	}
	return between, inside
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is Reassemble's of the capture, violations'
// positions and payloads included, and its events those an assembler fed
// the bytes reports.
func TestTeeCaptures(t *testing.T) {
	for name, wire := range wires(t) {
		wantEvents, want := capture.Reference(format, wire)
		for _, chunk := range []int{0, 1, 7} {
			tr := &capture.Transport{Body: wire, Chunk: chunk}
			events, got, _ := teeEvents(t, tr)
			if tr.Bodies[0].Served != len(wire) {
				t.Errorf("%s: the client read %d of %d bytes", name, tr.Bodies[0].Served, len(wire))
			}
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", name, chunk, d)
			}
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", name, chunk, events, wantEvents)
			}
		}
	}
}

// TestTeeCuts: a capture cut after a line or inside one, ending at EOF or
// with a failed read, gives through the tee what the cut bytes give, which
// is never a whole success. Chat itself returns nil for a body that ends
// at EOF after a whole line, with no done line: it cannot tell the cut
// from the end. A read that failed it returns (Client.stream asks
// scanner.Err() since v0.30.0; up to v0.17.4 it did not, and returned nil);
// cut inside a line, it fails on the cut line, which it decodes.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for name, wire := range wires(t) {
		between, inside := lineCuts(wire)
		for i, cut := range append(between, inside...) {
			atLine := i < len(between)
			wantEvents, want := capture.Reference(format, wire[:cut])
			if want.Tail != "" {
				tails++
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				tr := &capture.Transport{Body: wire[:cut], Chunk: 64, ReadErr: readErr}
				events, got, chatErr := teeEvents(t, tr)
				if d := capture.Diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", name, cut, readErr, d)
				}
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", name, cut, readErr, events, wantEvents)
				}
				if got.Err() == nil {
					t.Errorf("%s cut at %d (read error %v): the outcome is whole", name, cut, readErr)
				}
				if atLine && readErr != nil && chatErr == nil {
					t.Errorf("%s cut at %d: Chat reports no error for a failed read", name, cut)
				}
				if !atLine && chatErr == nil {
					t.Errorf("%s cut at %d (read error %v): Chat reports no error", name, cut, readErr)
				}
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside a line")
	}
}

// TestCollectCaptures: on every capture, the outcome of the responses
// Collect pushes, re-encoded, is the raw bytes' but for the violations'
// positions and payloads (re-encoded too).
func TestCollectCaptures(t *testing.T) {
	for name, wire := range wires(t) {
		want := toolspec.Reassemble(format, wire, toolspec.Limits{})
		got, err := viaCollect(&capture.Transport{Body: wire})
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if g, w := got.String(), want.String(); g != w {
			t.Errorf("%s: Collect:\n%s\nthe raw bytes:\n%s", name, g, w)
		}
	}
}

// TestCollectCuts: cut after a line, Collect gives what the cut bytes give;
// cut inside one, the client fails on the cut line, which Finish returns,
// and the outcome is never whole.
func TestCollectCuts(t *testing.T) {
	for name, wire := range wires(t) {
		between, inside := lineCuts(wire)
		for _, cut := range between {
			want := toolspec.Reassemble(format, wire[:cut], toolspec.Limits{})
			got, _ := viaCollect(&capture.Transport{Body: wire[:cut]})
			if g, w := got.String(), want.String(); g != w {
				t.Errorf("%s cut at %d: Collect:\n%s\nthe raw bytes:\n%s", name, cut, g, w)
			}
		}
		for _, cut := range inside {
			got, err := viaCollect(&capture.Transport{Body: wire[:cut]})
			if err == nil || got.Err() == nil {
				t.Errorf("%s cut at %d: Chat's error %v, the outcome's %v", name, cut, err, got.Err())
			}
		}
	}
}

// failing is a stream that an error line ends inside a call's message.
var failing = []byte(`{"model":"qwen3","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"Let me check."},"done":false}
{"error":"an error was encountered while running the model: unexpected EOF"}
`)

// TestErrorLine: Ollama's client returns an error line as a bare error;
// through the tee the outcome ends with END-5, its payload the line;
// Collect's reads as truncated.
func TestErrorLine(t *testing.T) {
	_, got, chatErr := teeEvents(t, &capture.Transport{Body: failing})
	if chatErr == nil || chatErr.Error() != "an error was encountered while running the model: unexpected EOF" {
		t.Errorf("Chat: %v", chatErr)
	}
	want := toolspec.Reassemble(format, failing, toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}
	line := string(bytes.Split(failing, []byte("\n"))[1])
	found := false
	for _, v := range got.Violations {
		found = found || (v.Rule == toolspec.EndProviderErr && v.Payload == line)
	}
	if !found {
		t.Errorf("no END-5 with the line as its payload:\n%s", got)
	}
	collected, err := viaCollect(&capture.Transport{Body: failing})
	if err == nil || !errors.Is(collected.Err(), toolspec.ErrTruncated) {
		t.Errorf("Collect: %v, outcome %v; want Chat's error and a truncated outcome", err, collected.Err())
	}
}

// TestTeeHTTPError: a response with an error status passes the tee
// untouched and gives no outcome.
func TestTeeHTTPError(t *testing.T) {
	tee := ollamaapi.NewTee(toolspec.Limits{})
	tr := &capture.Transport{Status: 404, Body: []byte(`{"error":"model \"qwen3\" not found, try pulling it first"}`)}
	err := api.NewClient(base, tee.Client(&http.Client{Transport: tr})).Chat(context.Background(), request, func(api.ChatResponse) error { return nil })
	var se api.StatusError
	if !errors.As(err, &se) || se.StatusCode != 404 {
		t.Fatalf("Chat: %v, want a 404 api.StatusError", err)
	}
	if _, err := tee.Outcome(); !errors.Is(err, ollamaapi.ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
}

// TestCollectStops: Collect's function returns the assembler's error at a
// terminal violation, which ends Chat, and calls fn with every response
// before it.
func TestCollectStops(t *testing.T) {
	wire := append(append([]byte{}, failing[:bytes.IndexByte(failing, '\n')+1]...), []byte(`{"message":{"role":"assistant","tool_calls":[{"function":{"name":"f","arguments":"not an object"}}]},"done":false}`+"\n")...)
	a := toolspec.New(format, toolspec.Limits{})
	n := 0
	client := api.NewClient(base, &http.Client{Transport: &capture.Transport{Body: wire}})
	err := client.Chat(context.Background(), request, ollamaapi.Collect(a, func(api.ChatResponse) error { n++; return nil }))
	out, _ := ollamaapi.Finish(a, err)
	if n != 1 || err == nil || out.Err() == nil {
		t.Errorf("fn called %d times, Chat %v, outcome %v", n, err, out.Err())
	}
}
