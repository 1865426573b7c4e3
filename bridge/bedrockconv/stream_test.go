package bedrockconv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/aws/smithy-go/auth/bearer"
	"github.com/aws/smithy-go/eventstream"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

const format = toolspec.FormatBedrock

// newClient returns a Bedrock runtime client whose requests tr serves,
// without credentials or retries.
func newClient(tr http.RoundTripper) *bedrockruntime.Client {
	return bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String("https://bridge.test"),
		Credentials:  aws.AnonymousCredentials{},
		// A Bedrock API key, sent as a bearer token.
		BearerAuthTokenProvider: bearer.StaticTokenProvider{Token: bearer.Token{Value: "test"}},
		HTTPClient:              &http.Client{Transport: tr},
		RetryMaxAttempts:        1,
	})
}

var input = &bedrockruntime.ConverseStreamInput{
	ModelId:  aws.String("us.amazon.nova-micro-v1:0"),
	Messages: []types.Message{{Role: types.ConversationRoleUser, Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "Temperature in Paris?"}}}},
}

// stream starts a ConverseStream request that tr serves, with opts.
func stream(t testing.TB, tr http.RoundTripper, opts ...func(*bedrockruntime.Options)) *bedrockruntime.ConverseStreamEventStream {
	t.Helper()
	out, err := newClient(tr).ConverseStream(context.Background(), input, opts...)
	if err != nil {
		t.Fatalf("ConverseStream: %v", err)
	}
	return out.GetStream()
}

// viaTee streams through the SDK with a tee and returns the tee's outcome
// and the stream's error.
func viaTee(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	s := stream(t, tr, tee.Option())
	for range s.Events() {
	}
	serr := s.Close()
	out, err := tee.Outcome()
	if err != nil {
		t.Fatalf("tee: %v", err)
	}
	return out, serr
}

// teeEvents streams through the SDK with a tee whose event function
// records the events, closes the stream, and returns the events and the
// tee's outcome. Every event must have come while the SDK read or closed
// the body.
func teeEvents(t *testing.T, tr *capture.Transport) (string, toolspec.Outcome) {
	t.Helper()
	tee := NewTee(toolspec.Limits{})
	var e capture.Events
	tee.OnEvent(e.Add)
	s := stream(t, tr, tee.Option())
	for range s.Events() {
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
	return events, out
}

// viaDrain streams through the SDK and drains it into an assembler.
func viaDrain(t *testing.T, tr *capture.Transport) (toolspec.Outcome, error) {
	t.Helper()
	return Drain(stream(t, tr), toolspec.New(format, toolspec.Limits{}))
}

// captures returns the Bedrock captures, the JSON-lines ones encoded as
// the event-stream the API sends (one event message per line, named by the
// line's one member).
func captures(t *testing.T) []capture.Capture {
	t.Helper()
	cs := capture.Load(t, string(format), false)
	for i, c := range cs {
		if c.Lines {
			cs[i].Wire = encode(t, c.Raw)
		}
	}
	return cs
}

// encode writes JSON lines {"<eventType>": payload} as event-stream event
// messages.
func encode(t testing.TB, lines []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := eventstream.NewEncoder()
	sc := bufio.NewScanner(bytes.NewReader(lines))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil || len(m) != 1 {
			t.Fatalf("line %s: want one member", line)
		}
		for name, payload := range m {
			var msg eventstream.Message
			msg.Headers.Set(":event-type", eventstream.StringValue(name))
			msg.Headers.Set(":content-type", eventstream.StringValue("application/json"))
			msg.Headers.Set(":message-type", eventstream.StringValue("event"))
			msg.Payload = payload
			if err := enc.Encode(&b, msg); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.Bytes()
}

// exception returns an exception message as the event-stream carries one.
func exception(t testing.TB, name, payload string) []byte {
	t.Helper()
	var msg eventstream.Message
	msg.Headers.Set(":exception-type", eventstream.StringValue(name))
	msg.Headers.Set(":content-type", eventstream.StringValue("application/json"))
	msg.Headers.Set(":message-type", eventstream.StringValue("exception"))
	msg.Payload = []byte(payload)
	var b bytes.Buffer
	if err := eventstream.NewEncoder().Encode(&b, msg); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// ends returns the offset just past every event-stream message of wire.
func ends(wire []byte) []int {
	var out []int
	for i := 0; i+4 <= len(wire); {
		n := int(binary.BigEndian.Uint32(wire[i:]))
		if n <= 0 || i+n > len(wire) {
			break
		}
		i += n
		out = append(out, i)
	}
	return out
}

// cuts returns points to cut wire at: the end of every message and the
// middle of every message, at most max of each, spread evenly, never 0 or
// len(wire).
func cuts(wire []byte, max int) (between, inside []int) {
	start := 0
	var mids []int
	for _, e := range ends(wire) {
		mids = append(mids, start+(e-start)/2)
		start = e
	}
	keep := func(pts []int) []int {
		var out []int
		for _, p := range pts {
			if p > 0 && p < len(wire) {
				out = append(out, p)
			}
		}
		if len(out) <= max {
			return out
		}
		var spread []int
		for i := 0; i < max; i++ {
			spread = append(spread, out[i*len(out)/max])
		}
		return append(spread, out[len(out)-1])
	}
	return keep(ends(wire)), keep(mids)
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
// event function is called, while the SDK reads, with the events an
// assembler fed the wire bytes reports.
func TestTeeCaptures(t *testing.T) {
	for _, c := range captures(t) {
		wantEvents, want := capture.Reference(format, c.Wire)
		if want.Err() != nil {
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

// TestTeeCuts: a capture cut between messages or inside one, ending at EOF
// or with a failed read, gives through the tee what the cut bytes give:
// their outcome, truncated, and their events.
func TestTeeCuts(t *testing.T) {
	tails := 0
	for _, c := range captures(t) {
		between, inside := cuts(c.Wire, 12)
		for _, cut := range append(between, inside...) {
			wantEvents, want := capture.Reference(format, c.Wire[:cut])
			if want.Tail != "" {
				tails++
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
		t.Error("no cut was inside a message")
	}
}

// TestDrainCaptures: on every capture, Drain's outcome is toolspec's from
// the wire bytes but for the violations' positions.
func TestDrainCaptures(t *testing.T) {
	for _, c := range captures(t) {
		want := toolspec.Reassemble(format, c.Wire, toolspec.Limits{})
		got, err := viaDrain(t, &capture.Transport{Body: c.Wire})
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

// TestDrainCuts: cut between messages, Drain gives what the cut bytes
// give; cut inside a message, the SDK ends the stream there without an
// error (smithy-go's event-stream codec reads io.ErrUnexpectedEOF as
// io.EOF), so Drain's outcome is the raw bytes' without the tail, and it
// is whole or not as theirs is.
func TestDrainCuts(t *testing.T) {
	for _, c := range captures(t) {
		between, inside := cuts(c.Wire, 12)
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
				t.Fatalf("%s cut at %d: no tail", c.Name, cut)
			}
			for _, readErr := range []error{nil, io.ErrUnexpectedEOF} {
				got, err := viaDrain(t, &capture.Transport{Body: c.Wire[:cut], ReadErr: readErr})
				if err != nil {
					t.Errorf("%s cut at %d (read error %v): the SDK reports %v: it no longer reads a cut message as the end", c.Name, cut, readErr, err)
				}
				w := want
				w.Tail = ""
				if d := capture.Diff(capture.Positionless(got), capture.Positionless(w)); d != "" {
					t.Errorf("%s cut at %d: %s", c.Name, cut, d)
				}
				if (got.Err() == nil) != (want.Err() == nil) {
					t.Errorf("%s cut at %d: Err() = %v, the raw bytes' %v", c.Name, cut, got.Err(), want.Err())
				}
			}
		}
	}
}

// modelStreamError is the payload of the exception Bedrock documents for
// an error of the model mid-stream (ConverseStreamOutput's
// modelStreamErrorException); no capture of one exists.
const modelStreamError = `{"message":"The model failed.","originalStatusCode":500,"originalMessage":"Internal error"}`

// errorStream returns the Nova capture cut after its tool call's start,
// followed by a modelStreamErrorException.
func errorStream(t *testing.T) []byte {
	t.Helper()
	c := load(t, "nova-micro-text-then-tool.eventstream")
	i := bytes.Index(c.Wire, []byte("contentBlockStart"))
	if i < 0 {
		t.Fatal("no contentBlockStart")
	}
	var end int
	for _, e := range ends(c.Wire) {
		if e > i {
			end = e
			break
		}
	}
	return append(append([]byte(nil), c.Wire[:end]...), exception(t, "modelStreamErrorException", modelStreamError)...)
}

// TestProviderError: the SDK turns an exception message into
// stream.Err(); through the tee and through Drain the outcome still ends
// with END-5, and the call it cut is incomplete.
func TestProviderError(t *testing.T) {
	wire := errorStream(t)
	want := toolspec.Reassemble(format, wire, toolspec.Limits{})
	if len(want.Calls) != 1 || want.Calls[0].Status != toolspec.StatusIncomplete || !endFive(want) {
		t.Fatalf("toolspec:\n%s", want)
	}
	got, sdkErr := viaTee(t, &capture.Transport{Body: wire})
	var mse *types.ModelStreamErrorException
	if !errors.As(sdkErr, &mse) || mse.ErrorMessage() != "The model failed." {
		t.Fatalf("the SDK's error is %v, want a ModelStreamErrorException", sdkErr)
	}
	if d := capture.Diff(got, want); d != "" {
		t.Errorf("tee: %s", d)
	}
	got, err := viaDrain(t, &capture.Transport{Body: wire})
	if err != nil {
		t.Fatalf("Drain: %v", err)
	}
	if d := capture.Diff(capture.Positionless(got), capture.Positionless(want)); d != "" {
		t.Errorf("Drain: %s", d)
	}
	if v := got.Violations[len(got.Violations)-1]; v.Payload != modelStreamError {
		t.Errorf("Drain: END-5's payload %s, want %s", v.Payload, modelStreamError)
	}
}

// TestHTTPError: an error status is ConverseStream's error, not the
// stream's: the tee has no response.
func TestHTTPError(t *testing.T) {
	tr := &capture.Transport{Status: 429, Header: http.Header{"Content-Type": {"application/json"}, "X-Amzn-Errortype": {"ThrottlingException"}}, Body: []byte(`{"message":"Too many requests"}`)}
	tee := NewTee(toolspec.Limits{})
	_, err := newClient(tr).ConverseStream(context.Background(), input, tee.Option())
	var te *types.ThrottlingException
	if !errors.As(err, &te) {
		t.Fatalf("ConverseStream: %v, want a ThrottlingException", err)
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) {
		t.Errorf("Outcome: %v, want ErrNoResponse", err)
	}
}

// TestTeeEarlyClose: a caller that closes the stream after the first
// event gets the outcome of the bytes the SDK had read.
func TestTeeEarlyClose(t *testing.T) {
	c := load(t, "nova-micro-text-then-tool.eventstream")
	tr := &capture.Transport{Body: c.Wire, Chunk: 200}
	tee := NewTee(toolspec.Limits{})
	s := stream(t, tr, tee.Option())
	<-s.Events()
	_ = s.Close()
	got, err := tee.Outcome()
	if err != nil {
		t.Fatal(err)
	}
	body := tr.Bodies[0]
	if body.Served >= len(c.Wire) {
		t.Fatalf("the body was read to its end (%d bytes)", body.Served)
	}
	want := toolspec.Reassemble(format, c.Wire[:body.Served], toolspec.Limits{})
	if d := capture.Diff(got, want); d != "" {
		t.Error(d)
	}
	if got.Err() == nil {
		t.Error("a whole outcome from a stream closed early")
	}
}

// TestPushUnknown: an event the SDK does not know is pushed under its
// type with its payload; an event Push cannot write is an error.
func TestPushUnknown(t *testing.T) {
	if err := Push(toolspec.New(format, toolspec.Limits{}), nil); err == nil {
		t.Error("Push(nil): no error")
	}
	if err := Push(toolspec.New(format, toolspec.Limits{}), &types.UnknownUnionMember{Tag: "chunk", Value: []byte("not a message")}); err == nil {
		t.Error("Push of an unknown member that is no message: no error")
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
