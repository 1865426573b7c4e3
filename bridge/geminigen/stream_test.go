package geminigen

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"net/http"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"google.golang.org/genai"
)

const format = toolspec.FormatGemini

// newClient returns a genai client of the Gemini API whose requests hc
// sends.
func newClient(t testing.TB, hc *http.Client) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey:      "test",
		Backend:     genai.BackendGeminiAPI,
		HTTPClient:  hc,
		HTTPOptions: genai.HTTPOptions{BaseURL: "http://bridge.test/"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stream starts a streaming request that tr serves, through tee when it
// is not nil.
func stream(t testing.TB, tr http.RoundTripper, tee *Tee) iter.Seq2[*genai.GenerateContentResponse, error] {
	hc := &http.Client{Transport: tr}
	if tee != nil {
		hc = tee.HTTPClient(hc)
	}
	return newClient(t, hc).Models.GenerateContentStream(context.Background(), "gemini-2.5-flash", genai.Text("Weather?"), nil)
}

// viaTee streams through genai with a tee and returns the tee's outcome
// and the last error the stream yielded.
func viaTee(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var serr error
	for _, err := range stream(t, tr, tee) {
		if err != nil {
			serr = err
		}
	}
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	return out, serr
}

// teeEvents streams through genai with a tee whose event function records
// the events, and returns them with the tee's outcome. Every event must
// have come while genai read or closed the body.
func teeEvents(t *testing.T, tr *capture.Transport) (string, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	for range stream(t, tr, tee) {
	}
	events := e.String()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	if after := e.String(); after != events {
		t.Errorf("events came after genai closed the stream:\n%s", after[len(events):])
	}
	return events, out
}

// viaDrain streams through genai and drains it into an assembler.
func viaDrain(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	return Drain(stream(t, tr, nil), toolspec.New(format, toolspec.Limits{}))
}

// captures returns the Gemini captures, JSON-lines ones rendered as SSE
// data events, as the API sends them (alt=sse).
func captures(t *testing.T) []capture.Capture {
	return capture.Load(t, string(format), false)
}

// load returns the capture named name.
func load(t *testing.T, name string) capture.Capture {
	t.Helper()
	for _, c := range captures(t) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no capture %s", name)
	return capture.Capture{}
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is toolspec's from the wire bytes, and its
// event function is called, while genai reads, with the events an
// assembler fed the wire bytes reports.
func TestTeeCaptures(t *testing.T) {
	for _, c := range captures(t) {
		wantEvents, want := capture.Reference(format, c.Wire)
		if want.Err() != nil || len(want.Calls) == 0 {
			t.Fatalf("%s: toolspec:\n%s", c.Name, want)
		}
		for _, chunk := range []int{0, 1, 7} {
			events, got := teeEvents(t, &capture.Transport{Body: c.Wire, Chunk: chunk})
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.Name, chunk, events, wantEvents)
			}
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.Name, chunk, d)
			}
		}
	}
}

// TestTeeCuts: a capture cut between events or inside one, ending at EOF
// or with a failed read, gives through the tee what the bytes genai read
// give. genai stops at the first error (the cut event's JSON, or the read
// error), so the tee's bytes are the cut bytes, whose outcome is
// truncated.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range captures(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			wantEvents, want := capture.Reference(format, c.Wire[:cut])
			if want.Tail != "" {
				tails++
			}
			if want.Err() == nil {
				t.Errorf("%s cut at %d: a whole outcome:\n%s", c.Name, cut, want)
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				events, got := teeEvents(t, &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr})
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", c.Name, cut, readErr, events, wantEvents)
				}
				if d := capture.Diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", c.Name, cut, readErr, d)
				}
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside an event")
	}
}

// drainDiffs lists, per capture, how Drain's outcome (genai's decoded
// responses marshalled back) differs from the raw bytes'. A capture not
// listed must give the same outcome but for the violations' positions.
var drainDiffs = map[string]string{
	"gemini-2.5-pro-2calls-separate-chunks.sse": sortedArgs,
	"gemini-3-pro-2calls-with-ids.sse":          sortedArgs,
}

const sortedArgs = `genai decodes functionCall.args into a map, which marshals with its members sorted: {"b":3,"a":2} is pushed as {"a":2,"b":3}`

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions and drainDiffs.
func TestDrainCaptures(t *testing.T) {
	for _, c := range captures(t) {
		want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
		got, err := viaDrain(t, &capture.Transport{Body: c.Wire})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		d := capture.Diff(capture.Positionless(got), capture.Positionless(want))
		if why, listed := drainDiffs[c.Name]; listed {
			if d == "" {
				t.Errorf("%s: the listed difference (%s) is gone", c.Name, why)
			}
			if d := capture.Diff(sortArgs(t, capture.Positionless(got)), sortArgs(t, capture.Positionless(want))); d != "" {
				t.Errorf("%s: with the arguments' members sorted: %s", c.Name, d)
			}
			continue
		}
		if d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

// TestDrainCuts: cut between events, Drain gives what the cut bytes give;
// cut inside an event, genai yields an error for its JSON, which Drain
// returns with the outcome of the whole events, truncated.
func TestDrainCuts(t *testing.T) {
	for _, c := range captures(t) {
		if _, listed := drainDiffs[c.Name]; listed {
			continue
		}
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range between {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			got, err := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if err != nil {
				t.Errorf("%s cut at %d: %v", c.Name, cut, err)
			}
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
		}
		for _, cut := range inside {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			if want.Tail == "" {
				continue
			}
			got, err := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if err == nil {
				t.Errorf("%s cut at %d: Drain returned no error for the cut event", c.Name, cut)
			}
			want.Tail = ""
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
			if !errors.Is(got.Err(), toolspec.ErrTruncated) {
				t.Errorf("%s cut at %d: Err() = %v, want ErrTruncated", c.Name, cut, got.Err())
			}
		}
	}
}

// unavailable is an error payload as the Gemini API sends one in a
// stream (google.rpc.Status in an "error" member, as genai's
// responseWithError reads it); no capture of one exists.
const unavailable = `{"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}`

// errorStream returns the first event of the two-call capture followed by
// an error event.
func errorStream(t *testing.T) []byte {
	t.Helper()
	c := load(t, "gemini-3-pro-2calls-with-ids.sse")
	ends := capture.Ends(c.Wire)
	return append(append([]byte(nil), c.Wire[:ends[0]]...), "data: "+unavailable+"\r\n\r\n"...)
}

// TestProviderError: genai yields an error payload as a genai.APIError;
// through the tee and through Drain the outcome still ends with END-5.
func TestProviderError(t *testing.T) {
	wire := errorStream(t)
	want := toolspec.Reassemble(format, wire, toolspec.Limits{})
	if !endFive(want) {
		t.Fatalf("toolspec:\n%s", want)
	}
	got, sdkErr := viaTee(t, &capture.Transport{Body: wire})
	var ae genai.APIError
	if !errors.As(sdkErr, &ae) || ae.Code != 503 {
		t.Fatalf("genai's error is %v, want a 503 APIError", sdkErr)
	}
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	got, err := viaDrain(t, &capture.Transport{Body: wire})
	if err != nil {
		t.Fatalf("Drain: %v", err)
	}
	// The payload Finish pushes is the APIError marshalled again.
	for i := range got.Violations {
		got.Violations[i].Payload = ""
	}
	for i := range want.Violations {
		want.Violations[i].Payload = ""
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain: %s", d)
	}

	// The error first: genai reports it as it reports an HTTP error, and
	// Drain returns it.
	first := []byte("data: " + unavailable + "\n\n")
	got, err = viaDrain(t, &capture.Transport{Body: first})
	if !errors.As(err, &ae) || !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Drain of an error first: %v\n%s", err, got)
	}
	got, _ = viaTee(t, &capture.Transport{Body: first})
	if !endFive(got) {
		t.Errorf("tee of an error first:\n%s", got)
	}
}

// TestHTTPError: an error status is genai's error, not the stream's: the
// tee has no response, and Drain returns the error.
func TestHTTPError(t *testing.T) {
	tr := &capture.Transport{Status: 429, Body: []byte(`{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}`)}
	tee := NewTee(toolspec.Limits{})
	var serr error
	for _, err := range stream(t, tr, tee) {
		serr = err
	}
	var ae genai.APIError
	if !errors.As(serr, &ae) || ae.Code != 429 {
		t.Fatalf("genai's error is %v, want a 429 APIError", serr)
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
	out, err := viaDrain(t, tr)
	if !errors.As(err, &ae) || ae.Code != 429 {
		t.Errorf("Drain: %v, want the 429 error", err)
	}
	if len(out.Violations) != 0 || out.Err() == nil {
		t.Errorf("Drain: a failed request's outcome:\n%s", out)
	}
}

// TestTeeEarlyClose: a loop that breaks after the first response gets the
// outcome of the bytes genai had read.
func TestTeeEarlyClose(t *testing.T) {
	c := load(t, "vertex-partial-args-noargs-and-3calls.jsonl")
	tr := &capture.Transport{Body: c.Wire, Chunk: 500}
	tee := NewTee(toolspec.Limits{})
	for range stream(t, tr, tee) {
		break
	}
	got, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	body := tr.Bodies[0]
	if !body.Closed || body.Served >= len(c.Wire) || !tee.ClosedEarly() {
		t.Fatalf("the body was closed %v after %d of %d bytes", body.Closed, body.Served, len(c.Wire))
	}
	want := toolspec.Reassemble(format, c.Wire[:body.Served], toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}
	if !errors.Is(got.Err(), toolspec.ErrTruncated) {
		t.Errorf("Err() = %v, want ErrTruncated", got.Err())
	}
}

// TestPushNil: a nil response is refused.
func TestPushNil(t *testing.T) {
	if err := Push(toolspec.New(format, toolspec.Limits{}), nil); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("Push(nil): %v", err)
	}
}

// TestHTTPClientKeepsBase: the tee's client keeps the base client's
// transport under the tee.
func TestHTTPClientKeepsBase(t *testing.T) {
	tr := &capture.Transport{Body: load(t, "gemini-2.5-flash-thought-then-call.sse").Wire}
	tee := NewTee(toolspec.Limits{})
	hc := tee.HTTPClient(&http.Client{Transport: tr})
	for range newClient(t, hc).Models.GenerateContentStream(context.Background(), "m", genai.Text("x"), nil) {
	}
	if tr.Requests != 1 || tee.Responses() != 1 {
		t.Fatalf("requests %d, responses %d", tr.Requests, tee.Responses())
	}
	if _, err := tee.Outcome(); err != nil {
		t.Fatal(err)
	}
}

// endFive reports whether out ends with a provider error (END-5).
func endFive(out toolspec.Outcome) bool {
	for _, v := range out.Violations {
		if v.Rule == toolspec.EndProviderErr {
			return true
		}
	}
	return false
}

// sortArgs returns o with every call's arguments marshalled again from a
// map, their members sorted.
func sortArgs(t *testing.T, o toolspec.Outcome) toolspec.Outcome {
	t.Helper()
	o.Calls = append([]toolspec.Call(nil), o.Calls...)
	for i, c := range o.Calls {
		args, err := Args(c)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		o.Calls[i].Args = string(b)
	}
	return o
}

// TestContextTransport: one client built with HTTPClient serves requests
// with a tee each in their context, and requests without one untouched.
func TestContextTransport(t *testing.T) {
	a := load(t, "gemini-3-pro-2calls-with-ids.sse")
	b := load(t, "gemini-2.5-flash-thought-then-call.sse")
	tr := &capture.Transport{Body: b.Wire, Responses: []capture.Response{{Body: a.Wire}, {Body: a.Wire}}}
	client := newClient(t, HTTPClient(&http.Client{Transport: tr}))
	ctx := context.Background()
	for range client.Models.GenerateContentStream(ctx, "m", genai.Text("x"), nil) {
	}
	for _, c := range []capture.Capture{a, b} {
		tee := NewTee(toolspec.Limits{})
		for range client.Models.GenerateContentStream(tee.Context(ctx), "m", genai.Text("x"), nil) {
		}
		got, err := tee.Outcome()
		if err != nil {
			t.Fatal(err)
		}
		if d := capture.Diff(got, toolspec.Reassemble(format, c.Wire, toolspec.Limits{})); d != "" || tee.Responses() != 1 {
			t.Errorf("%s: %d responses: %s", c.Name, tee.Responses(), d)
		}
	}
	if tr.Requests != 3 {
		t.Errorf("%d requests", tr.Requests)
	}
}

// TestEmptyStringValue: genai's PartialArg drops a stringValue "" (the
// value that ends a streamed string on Vertex AI), and Push gives it back;
// without it toolspec reads the argument as having no value (FRAME-6).
func TestEmptyStringValue(t *testing.T) {
	pa := &genai.PartialArg{JsonPath: "$.location"}
	b, err := json.Marshal(pa)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "stringValue") {
		t.Fatalf("genai writes %s: it keeps stringValue \"\" now, and Push need not give it back", b)
	}
	resp := &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: &genai.Content{Role: genai.RoleModel,
		Parts: []*genai.Part{{FunctionCall: &genai.FunctionCall{PartialArgs: []*genai.PartialArg{pa}}}}}}}}
	if !lostEmptyString(resp) {
		t.Fatal("lostEmptyString: false")
	}
	b, _ = json.Marshal(resp)
	got, err := restoreEmptyStrings(b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `"partialArgs":[{"jsonPath":"$.location","stringValue":""}]`) {
		t.Errorf("restored: %s", got)
	}
	if pa.StringValue != "" || len(resp.Candidates[0].Content.Parts[0].FunctionCall.PartialArgs) != 1 {
		t.Error("the response was changed")
	}
}
