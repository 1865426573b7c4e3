package impl

import (
	"errors"
	"fmt"
	"io"

	"github.com/toolspec/toolspec/spec"
)

// Assembler reassembles one stream. Feed it the raw bytes with Write (or
// ReadFrom), in chunks of any size, or decoded payloads with PushPayload,
// or events with PushEvent; then Close it to get the outcome. It buffers
// only the frame in progress and the calls, text and thinking it holds;
// every limit is checked before bytes are kept.
//
// After a terminal violation every method returns it again; the outcome
// then holds what was received before it. An Assembler is not safe for
// concurrent use.
type Assembler struct {
	m      machine
	fr     framer
	dead   *spec.Violation
	closed bool
	out    spec.Outcome
	evName []byte // reused copy of PushPayload's event name
	// onFrame is called after each frame's events were applied.
	onFrame func()
}

// New returns an assembler for a stream of format f under limits lim (zero
// fields mean their defaults). It panics if f is not one of spec.Formats.
func New(f spec.Format, lim spec.Limits) *Assembler {
	pd := newPayloadDecoder(f)
	if pd == nil {
		panic("toolspec: unknown format " + string(f))
	}
	a := &Assembler{}
	a.m.init(f, lim)
	a.fr.init(f, a.m.lim.MaxFrameBytes, pd)
	return a
}

func newPayloadDecoder(f spec.Format) payloadDecoder {
	switch f {
	case spec.FormatOpenAIChat:
		return &openaiChatDecoder{}
	case spec.FormatOpenAIResponses:
		return &responsesDecoder{}
	case spec.FormatAnthropic:
		return &anthropicDecoder{}
	case spec.FormatOllama:
		return &ollamaDecoder{}
	case spec.FormatGemini:
		return &geminiDecoder{}
	case spec.FormatBedrock:
		return &bedrockDecoder{}
	}
	return nil
}

// OnOutput registers fn to be called with everything the assembler reports
// as it happens: calls started, argument bytes, calls ended, text,
// thinking, stops and call-scoped violations. The Output and its Data are
// valid only during the call. fn runs in the middle of applying a frame:
// it must not call the assembler (Snapshot included); buffer what it needs
// and act in OnFrame, as the root package's Assembler does.
func (a *Assembler) OnOutput(fn func(*Output)) { a.m.onOut = fn }

// OnFrame registers fn to be called after each frame's events were
// applied, when the state is whole again: a consumer of OnOutput that
// buffers outputs may hand them on there (and call Snapshot). It is not
// called for a frame that broke a terminal rule.
func (a *Assembler) OnFrame(fn func()) { a.onFrame = fn }

// applyAll is the framer's sink: it applies one frame's events.
func (a *Assembler) applyAll(evs []event) *spec.Violation {
	for i := range evs {
		if v := a.m.apply(&evs[i]); v != nil {
			return v
		}
	}
	if a.onFrame != nil {
		a.onFrame()
	}
	return nil
}

// errClosed is returned by writes after Close.
var errClosed = errors.New("toolspec: write after close")

// Write consumes raw stream bytes. It returns len(p) and, once the stream
// broke a terminal rule, the *spec.Violation.
func (a *Assembler) Write(p []byte) (int, error) {
	if a.dead != nil {
		return len(p), a.dead
	}
	if a.closed {
		return 0, errClosed
	}
	if v := a.fr.write(p, a.applyAll); v != nil {
		a.dead = v
		return len(p), v
	}
	return len(p), nil
}

// ReadFrom reads r to its end (or to a terminal violation) into the
// assembler. It does not close it.
func (a *Assembler) ReadFrom(r io.Reader) (int64, error) {
	var buf [32 << 10]byte
	var n int64
	for {
		k, err := r.Read(buf[:])
		if k > 0 {
			n += int64(k)
			if _, werr := a.Write(buf[:k]); werr != nil {
				return n, werr
			}
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// PushPayload consumes one decoded payload, as an SDK hands it out: the
// JSON of one chunk or event, and the SSE event name or event-stream
// event type when there is one. Each payload is one frame; offsets count
// payload bytes. Do not mix PushPayload with Write on one assembler.
func (a *Assembler) PushPayload(eventName string, payload []byte) error {
	if a.dead != nil {
		return a.dead
	}
	if a.closed {
		return errClosed
	}
	f := &a.fr
	f.fr = frame{offset: f.pushed, data: payload}
	if eventName != "" {
		a.evName = append(a.evName[:0], eventName...)
		f.fr.event = a.evName
	}
	f.pushed += int64(len(payload))
	if len(payload) > f.max {
		a.dead = &spec.Violation{Rule: spec.BudFrame, Class: spec.ClassTerminal, Frame: f.frames + 1, Offset: f.fr.offset, Call: spec.NoCall,
			Message: fmt.Sprintf("payload of %d bytes exceeds %d", len(payload), f.max)}
		return a.dead
	}
	if v := f.dispatch(a.applyAll); v != nil {
		a.dead = v
		return v
	}
	return nil
}

// PushEvent applies one event of the spec alphabet, bypassing the wire
// decoders. It is what the conformance kit and the differential tests use.
func (a *Assembler) PushEvent(e spec.Event) error {
	if a.dead != nil {
		return a.dead
	}
	if a.closed {
		return errClosed
	}
	ev := fromSpec(e)
	if e.Kind == spec.KindEOF {
		a.m.apply(&ev)
		return nil
	}
	if v := a.m.apply(&ev); v != nil {
		a.dead = v
		return v
	}
	return nil
}

// Close ends the input: it flushes the frame in progress, applies the end
// of the stream and returns the outcome. Later calls return it again.
func (a *Assembler) Close() spec.Outcome {
	if a.closed {
		return a.out
	}
	a.closed = true
	if a.dead == nil {
		if v := a.fr.close(a.applyAll); v != nil {
			a.dead = v
		} else {
			eof := a.fr.eof()
			a.m.stepEOF(&eof)
		}
	}
	a.out = a.m.finish(a.dead)
	return a.out
}

// Snapshot returns the outcome the stream would have if it ended now, without
// ending it: calls still open are shown as incomplete. It copies the state
// and is meant for tests and diagnostics, not for the hot path.
func (a *Assembler) Snapshot() spec.Outcome {
	if a.closed {
		return a.out
	}
	c := a.m.clone()
	return c.finish(a.dead)
}

// Err returns the terminal violation that ended the stream, or nil.
func (a *Assembler) Err() error {
	if a.dead == nil {
		return nil
	}
	return a.dead
}

// Decode runs only the wire decoders and returns the events of a whole
// input and the decoding violation, if any, as the reference's Decode
// does. It exists for tests and tools; the Assembler never materialises
// events.
func Decode(f spec.Format, data []byte, lim spec.Limits) ([]spec.Event, *spec.Violation) {
	pd := newPayloadDecoder(f)
	if pd == nil {
		panic("toolspec: unknown format " + string(f))
	}
	var fr framer
	fr.init(f, lim.Resolved().MaxFrameBytes, pd)
	var out []spec.Event
	collect := func(evs []event) *spec.Violation {
		for i := range evs {
			out = append(out, evs[i].toSpec())
		}
		return nil
	}
	if v := fr.write(data, collect); v != nil {
		return out, v
	}
	if v := fr.close(collect); v != nil {
		return out, v
	}
	eof := fr.eof()
	return append(out, eof.toSpec()), nil
}
