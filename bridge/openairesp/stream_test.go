package openairesp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

const format = toolspec.FormatOpenAIResponses

// load returns the shared captures of the format, the JSON-lines ones
// rendered with their event names, as the API sends them.
func load(t *testing.T) []capture.Capture { return capture.Load(t, string(format), true) }

// client returns an SDK client whose requests tr serves.
func client(tr http.RoundTripper) openai.Client {
	return openai.NewClient(
		option.WithHTTPClient(&http.Client{Transport: tr}),
		option.WithAPIKey("test"),
		option.WithBaseURL("http://bridge.test/v1/"),
		option.WithMaxRetries(0),
	)
}

// stream starts a streaming request that tr serves, with opts.
func stream(tr http.RoundTripper, opts ...option.RequestOption) *ssestream.Stream[responses.ResponseStreamEventUnion] {
	c := client(tr)
	return c.Responses.NewStreaming(context.Background(), responses.ResponseNewParams{Model: "test"}, opts...)
}

// teeEvents streams through the SDK with a tee whose event function
// records the events, closes the SDK stream, and returns the events, the
// tee's outcome and the SDK's error. Every event must have come while the
// SDK read or closed the body.
func teeEvents(t *testing.T, tr *capture.Transport) (string, toolspec.Outcome, error) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	s := stream(tr, tee.Option())
	for s.Next() {
	}
	_ = s.Close()
	events := e.String()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	if after := e.String(); after != events {
		t.Errorf("events came after the SDK closed the stream:\n%s", after[len(events):])
	}
	return events, out, s.Err()
}

// viaDrain streams through the SDK and drains it into an assembler.
func viaDrain(tr *capture.Transport) (toolspec.Outcome, error) {
	return Drain(stream(tr), toolspec.New(format, toolspec.Limits{}))
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is toolspec's from the wire bytes the SDK read,
// violations' positions and payloads included, and its event function is
// called with the events an assembler fed those bytes reports. The SDK
// reads the body to its end but at an error event, where it stops: there
// the reference is the bytes it had read.
func TestTeeCaptures(t *testing.T) {
	for _, c := range load(t) {
		for _, chunk := range []int{0, 1, 7} {
			tr := &capture.Transport{Body: c.Wire, Chunk: chunk}
			events, got, _ := teeEvents(t, tr)
			read := tr.Bodies[0].Served
			if read != len(c.Wire) && got.Err() == nil {
				t.Errorf("%s, reads of %d: the SDK read %d of %d bytes, and the outcome is whole", c.Name, chunk, read, len(c.Wire))
			}
			wantEvents, want := capture.Reference(format, c.Wire[:read])
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.Name, chunk, d)
			}
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.Name, chunk, events, wantEvents)
			}
			if chunk == 0 && read != len(c.Wire) {
				t.Errorf("%s: the SDK read %d of %d bytes at once", c.Name, read, len(c.Wire))
			}
			if read == len(c.Wire) {
				if d := capture.Diff(got, toolspec.Reassemble(format, c.Wire, toolspec.Limits{})); d != "" {
					t.Errorf("%s: against Reassemble: %s", c.Name, d)
				}
			}
		}
	}
}

// TestTeeCuts: a capture cut between events or inside one, ending at EOF
// or with a failed read, gives through the tee what the cut bytes give:
// truncated, with the cut event as the tail.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range load(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				tr := &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr}
				events, got, sdkErr := teeEvents(t, tr)
				wantEvents, want := capture.Reference(format, c.Wire[:tr.Bodies[0].Served])
				if want.Tail != "" {
					tails++
				}
				if d := capture.Diff(got, want); d != "" {
					t.Errorf("%s cut at %d (read error %v): %s", c.Name, cut, readErr, d)
				}
				if events != wantEvents {
					t.Errorf("%s cut at %d (read error %v): events\n%s\nwant\n%s", c.Name, cut, readErr, events, wantEvents)
				}
				if got.Err() == nil {
					t.Errorf("%s cut at %d: the outcome is whole", c.Name, cut)
				}
				var se *ssestream.StreamError
				if readErr != nil && !errors.As(sdkErr, &se) && !errors.Is(sdkErr, readErr) {
					t.Errorf("%s cut at %d: the SDK's error is %v, want %v", c.Name, cut, sdkErr, readErr)
				}
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside an event")
	}
}

// errorCaptures are the captures whose stream an error event ends
// (followed by response.failed).
var errorCaptures = map[string]bool{
	"openai-error-insufficient-quota.jsonl": true,
	"openai-error-rate-limited.sse":         true,
}

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions, which count pushed
// payloads. The SDK stops at an error event, which Finish pushes back, so
// Drain never pushes the response.failed after it; the outcome is the same,
// END-5 being terminal.
func TestDrainCaptures(t *testing.T) {
	for _, c := range load(t) {
		want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
		got, err := viaDrain(&capture.Transport{Body: c.Wire})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

// TestDrainCuts: a capture cut between events gives through Drain what the
// cut bytes give; cut inside an event, the SDK drops the event, so Drain's
// outcome has no tail, and is never whole.
func TestDrainCuts(t *testing.T) {
	for _, c := range load(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range between {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			got, _ := viaDrain(&capture.Transport{Body: c.Wire[:cut]})
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
		}
		for _, cut := range inside {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			got, _ := viaDrain(&capture.Transport{Body: c.Wire[:cut]})
			if got.Tail != "" || got.Err() == nil {
				t.Errorf("%s cut at %d: Drain's outcome has tail %q, Err %v", c.Name, cut, got.Tail, got.Err())
			}
			if (want.Err() == nil) != (got.Err() == nil) {
				t.Errorf("%s cut at %d: Err() = %v, the raw bytes' %v", c.Name, cut, got.Err(), want.Err())
			}
		}
	}
}

// TestProviderError: openai-go turns the error event into stream.Err();
// through the tee and through Drain the outcome ends with END-5, its
// payload the error event's, whole.
func TestProviderError(t *testing.T) {
	seen := 0
	for _, c := range load(t) {
		if !errorCaptures[c.Name] {
			continue
		}
		seen++
		_, got, sdkErr := teeEvents(t, &capture.Transport{Body: c.Wire})
		var se *ssestream.StreamError
		if !errors.As(sdkErr, &se) {
			t.Fatalf("%s: the SDK's error is %v, want a *ssestream.StreamError", c.Name, sdkErr)
		}
		drained, err := viaDrain(&capture.Transport{Body: c.Wire})
		if err != nil {
			t.Fatal(err)
		}
		for who, out := range map[string]toolspec.Outcome{"tee": got, "Drain": drained} {
			found := false
			for _, v := range out.Violations {
				if v.Rule == toolspec.EndProviderErr {
					found = true
					if want := string(se.Event.Data[:len(se.Event.Data)-1]); v.Payload != want {
						t.Errorf("%s, %s: END-5 payload %q, want %q", c.Name, who, v.Payload, want)
					}
				}
			}
			if !found {
				t.Errorf("%s, %s: no END-5 in\n%s", c.Name, who, out)
			}
		}
	}
	if seen != len(errorCaptures) {
		t.Errorf("%d of the %d error captures found", seen, len(errorCaptures))
	}
}

// TestPushNoRawJSON: an event built in memory has no wire payload.
func TestPushNoRawJSON(t *testing.T) {
	a := toolspec.New(format, toolspec.Limits{})
	if err := Push(a, responses.ResponseStreamEventUnion{Type: "response.created"}); !errors.Is(err, ErrNoRawJSON) {
		t.Errorf("Push: %v, want ErrNoRawJSON", err)
	}
}

// TestTeeHTTPError: a response with an error status passes the tee
// untouched, and gives no outcome.
func TestTeeHTTPError(t *testing.T) {
	tr := &capture.Transport{Status: 429, Body: []byte(`{"error":{"message":"slow down","type":"rate_limit"}}`)}
	tee := NewTee(toolspec.Limits{})
	s := stream(tr, tee.Option())
	for s.Next() {
	}
	var apiErr *openai.Error
	if !errors.As(s.Err(), &apiErr) || apiErr.StatusCode != 429 {
		t.Fatalf("the SDK's error is %v, want a 429 *openai.Error", s.Err())
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
}
