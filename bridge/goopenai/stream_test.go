package goopenai_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"

	openai "github.com/sashabaranov/go-openai"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/goopenai"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

const format = toolspec.FormatOpenAIChat

// load returns the shared captures of the format.
func load(t *testing.T) []capture.Capture { return capture.Load(t, string(format), false) }

// client returns a go-openai client whose requests tr serves.
func client(tr http.RoundTripper) *openai.Client {
	cfg := openai.DefaultConfig("test")
	cfg.BaseURL = "http://bridge.test/v1"
	cfg.HTTPClient = &http.Client{Transport: tr}
	return openai.NewClientWithConfig(cfg)
}

var request = openai.ChatCompletionRequest{
	Model:    openai.GPT4o,
	Messages: []openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleUser, Content: "Weather?"}},
}

// readAll reads the stream with Recv until it returns an error, closes it,
// and returns the chunks read and the error (nil at io.EOF).
func readAll(s *openai.ChatCompletionStream) (int, error) {
	defer s.Close()
	n := 0
	for {
		_, err := s.Recv()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}

// teeEvents streams tr's body through go-openai with a tee whose event
// function records the events, and returns the events, the tee's outcome
// and the client's error. Every event must have come while the client read
// or closed the body.
func teeEvents(t *testing.T, tr *capture.Transport) (string, toolspec.Outcome, error) {
	t.Helper()
	tee := goopenai.NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	s, err := client(tee.RoundTripper(tr)).CreateChatCompletionStream(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	_, sdkErr := readAll(s)
	events := e.String()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	if after := e.String(); after != events {
		t.Errorf("events came after the client closed the stream:\n%s", after[len(events):])
	}
	return events, out, sdkErr
}

// viaDrain streams tr's body through go-openai and drains it.
func viaDrain(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	s, err := client(tr).CreateChatCompletionStream(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	return goopenai.Drain(s, toolspec.New(format, toolspec.Limits{}))
}

// TestTeeCaptures: on every capture, read whole and in reads of 1 and 7
// bytes, the tee's outcome is toolspec's from the bytes the client read,
// violations' positions and payloads included, and its events those an
// assembler fed those bytes reports; read whole, the bytes are the whole
// capture, and the outcome Reassemble's of it.
func TestTeeCaptures(t *testing.T) {
	for _, c := range load(t) {
		for _, chunk := range []int{0, 1, 7} {
			tr := &capture.Transport{Body: c.Wire, Chunk: chunk}
			events, got, _ := teeEvents(t, tr)
			read := tr.Bodies[0].Served
			wantEvents, want := capture.Reference(format, c.Wire[:read])
			if d := capture.Diff(got, want); d != "" {
				t.Errorf("%s, reads of %d: %s", c.Name, chunk, d)
			}
			if events != wantEvents {
				t.Errorf("%s, reads of %d: events\n%s\nwant\n%s", c.Name, chunk, events, wantEvents)
			}
			if chunk == 0 {
				if read != len(c.Wire) {
					t.Errorf("%s: the client read %d of %d bytes", c.Name, read, len(c.Wire))
				}
				if d := capture.Diff(got, toolspec.Reassemble(format, c.Wire, toolspec.Limits{})); d != "" {
					t.Errorf("%s: against Reassemble: %s", c.Name, d)
				}
			}
		}
	}
}

// TestTeeCuts: a capture cut between events or inside one, ending at EOF
// or with a failed read, gives through the tee what the cut bytes give:
// never a whole success, the cut event as the tail.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range load(t) {
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				tr := &capture.Transport{Body: c.Wire[:cut], Chunk: 64, ReadErr: readErr}
				events, got, _ := teeEvents(t, tr)
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
			}
		}
	}
	if tails == 0 {
		t.Error("no cut was inside an event")
	}
}

// drainDifferences lists the captures on which Drain's outcome is not the
// raw bytes' (positions aside), and why.
var drainDifferences = map[string]string{
	"groq-gpt-oss-120b-tool-use-failed-error.sse": "go-openai keeps the error event's payload to itself: Drain's outcome is truncated, the raw bytes' END-5",
}

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions, and for the captures of
// drainDifferences, where it is not a whole success either.
func TestDrainCaptures(t *testing.T) {
	for _, c := range load(t) {
		want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
		got, err := viaDrain(t, &capture.Transport{Body: c.Wire})
		d := capture.Diff(capture.Positionless(got), capture.Positionless(want))
		why, listed := drainDifferences[c.Name]
		switch {
		case listed && d == "":
			t.Errorf("%s: the listed difference (%s) is gone", c.Name, why)
		case listed && got.Err() == nil:
			t.Errorf("%s: Drain's outcome is whole", c.Name)
		case !listed && d != "":
			t.Errorf("%s: %s", c.Name, d)
		case !listed && err != nil:
			t.Errorf("%s: %v", c.Name, err)
		}
	}
}

// TestDrainCuts: a capture cut between events gives through Drain what the
// cut bytes give; cut inside an event, the client drops the line, so
// Drain's outcome is the raw bytes' without the tail (and truncated
// wherever the raw bytes' is).
func TestDrainCuts(t *testing.T) {
	for _, c := range load(t) {
		if _, listed := drainDifferences[c.Name]; listed {
			continue
		}
		between, inside := capture.Cuts(c.Wire, 12)
		for _, cut := range between {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			got, _ := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
		}
		for _, cut := range inside {
			want := toolspec.Reassemble(format, c.Wire[:cut], toolspec.Limits{})
			if want.Tail == "" {
				continue // the cut left whole lines
			}
			got, _ := viaDrain(t, &capture.Transport{Body: c.Wire[:cut]})
			if got.Tail != "" {
				t.Errorf("%s cut at %d: Drain's outcome has a tail", c.Name, cut)
			}
			want.Tail = ""
			if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
				t.Errorf("%s cut at %d: %s", c.Name, cut, d)
			}
			if (got.Err() == nil) != (want.Err() == nil) {
				t.Errorf("%s cut at %d: Err() = %v, the raw bytes' %v", c.Name, cut, got.Err(), want.Err())
			}
		}
	}
}

// TestProviderError: on Groq's error event go-openai's Recv returns an
// error that is not the provider's payload; through the tee the outcome
// ends with END-5, the payload whole.
func TestProviderError(t *testing.T) {
	for _, c := range load(t) {
		if _, listed := drainDifferences[c.Name]; !listed {
			continue
		}
		_, got, sdkErr := teeEvents(t, &capture.Transport{Body: c.Wire})
		if sdkErr == nil {
			t.Errorf("%s: the client reports no error", c.Name)
		}
		found := false
		for _, v := range got.Violations {
			found = found || v.Rule == toolspec.EndProviderErr && len(v.Payload) > 0
		}
		if !found {
			t.Errorf("%s: no END-5 with its payload in\n%s", c.Name, got)
		}
		return
	}
	t.Error("no error capture")
}

// TestTeeHTTPError: a response with an error status passes the tee
// untouched and gives no outcome.
func TestTeeHTTPError(t *testing.T) {
	tee := goopenai.NewTee(toolspec.Limits{})
	tr := &capture.Transport{Status: 400, Body: []byte(`{"error":{"message":"bad","type":"invalid_request_error"}}`)}
	_, err := client(tee.RoundTripper(tr)).CreateChatCompletionStream(context.Background(), request)
	var apiErr *openai.APIError
	if !errors.As(err, &apiErr) || apiErr.HTTPStatusCode != 400 {
		t.Fatalf("the client's error is %v, want a 400 *openai.APIError", err)
	}
	if _, err := tee.Outcome(); !errors.Is(err, goopenai.ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
}

// TestTeeClient: Client keeps the base client's settings and wraps its
// transport.
func TestTeeClient(t *testing.T) {
	tee := goopenai.NewTee(toolspec.Limits{})
	base := &http.Client{Transport: &capture.Transport{Body: []byte("data: [DONE]\n\n")}, Timeout: 7}
	c := tee.Client(base)
	if c == base || c.Timeout != 7 || c.Transport == base.Transport {
		t.Fatalf("Client: %+v", c)
	}
	if tee.Client(nil).Transport == nil {
		t.Error("Client(nil) has no transport")
	}
}
