package gen

import (
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file generates event sequences directly in the spec alphabet, for
// tests of state machines that bypass the wire decoders.

var (
	genIDs   = []string{"", "", "a", "b", "c"}
	genNames = []string{"", "", "f", "g"}
	genData  = []string{"", "{", "}", `"x":1`, "{}", `{"x":1}`, ",", "[1]", " ", "null", `"s`}
	genPaths = []string{"$.a", "$.b", "$.a.c", "$.l[0]", "$.l[1]", "$.l[3]", "$['q']", "$", "x", "$.a[0]"}
)

// Event draws one event of any kind from small domains, so that
// collisions (shared ids, indexes, block keys) are frequent. withPaths adds
// the Vertex path events.
func Event(t *rapid.T, withPaths bool) spec.Event {
	// Weights: calls and blocks often, ends and errors rarely, so that
	// streams live long enough to reach deep states.
	kinds := []spec.Kind{
		spec.KindFragment, spec.KindFragment, spec.KindFragment, spec.KindFragment, spec.KindFragment, spec.KindFragment,
		spec.KindWholeCall, spec.KindWholeCall, spec.KindBlockStart, spec.KindBlockStart,
		spec.KindBlockDelta, spec.KindBlockDelta, spec.KindBlockDelta, spec.KindBlockStop, spec.KindBlockStop,
		spec.KindText, spec.KindText, spec.KindThinking, spec.KindSignature,
		spec.KindMessageStart, spec.KindMessageEnd, spec.KindFinish,
	}
	if withPaths {
		kinds = append(kinds, spec.KindPathOpen, spec.KindPathOpen, spec.KindPathArg, spec.KindPathArg, spec.KindPathArg, spec.KindPathClose)
	}
	if rapid.IntRange(0, 40).Draw(t, "rare") == 0 {
		kinds = []spec.Kind{spec.KindError, spec.KindInvalid}
	}
	e := spec.Event{Kind: rapid.SampledFrom(kinds).Draw(t, "kind")}
	e.Choice = rapid.IntRange(0, 1).Draw(t, "choice")
	switch e.Kind {
	case spec.KindMessageStart:
		e.ID = rapid.SampledFrom(genIDs).Draw(t, "id")
	case spec.KindFragment:
		e.HasIndex = rapid.Bool().Draw(t, "hasIndex")
		if e.HasIndex {
			e.Index = rapid.IntRange(0, 3).Draw(t, "index")
		}
		e.Pos = rapid.IntRange(0, 1).Draw(t, "pos")
		e.ID = rapid.SampledFrom(genIDs).Draw(t, "id")
		e.Name = rapid.SampledFrom(genNames).Draw(t, "name")
		e.Data = rapid.SampledFrom(genData).Draw(t, "data")
	case spec.KindWholeCall, spec.KindPathOpen:
		e.ID = rapid.SampledFrom(genIDs).Draw(t, "id")
		e.Name = rapid.SampledFrom(genNames).Draw(t, "name")
		if e.Kind == spec.KindWholeCall {
			e.Data = rapid.SampledFrom(genData).Draw(t, "data")
			e.Server = rapid.Bool().Draw(t, "server")
		}
	case spec.KindBlockStart:
		e.Index = rapid.IntRange(0, 3).Draw(t, "index")
		e.Block = spec.BlockType(rapid.IntRange(1, 5).Draw(t, "block"))
		if e.Block == spec.BlockCall {
			e.ID = rapid.SampledFrom(genIDs).Draw(t, "id")
			e.Name = rapid.SampledFrom(genNames).Draw(t, "name")
			e.Server = rapid.Bool().Draw(t, "server")
		}
		e.Data = rapid.SampledFrom([]string{"", "", `{"p":1}`, "t"}).Draw(t, "data")
	case spec.KindBlockDelta:
		e.Index = rapid.IntRange(0, 3).Draw(t, "index")
		e.Delta = spec.DeltaType(rapid.IntRange(1, 7).Draw(t, "delta"))
		e.Data = rapid.SampledFrom(genData).Draw(t, "data")
	case spec.KindBlockStop:
		e.Index = rapid.IntRange(0, 3).Draw(t, "index")
		if rapid.Bool().Draw(t, "final") {
			e.HasData = true
			e.Data = rapid.SampledFrom(genData).Draw(t, "data")
		}
		e.Sig = rapid.SampledFrom([]string{"", "", "enc"}).Draw(t, "sig")
	case spec.KindText, spec.KindThinking:
		e.Data = rapid.SampledFrom([]string{"", "hi", "there"}).Draw(t, "text")
		// A piece may carry a signature, and only a signature (Gemini's
		// {"text":"","thoughtSignature":...}).
		e.Sig = rapid.SampledFrom([]string{"", "", "s2"}).Draw(t, "textSig")
	case spec.KindSignature:
		e.Sig = rapid.SampledFrom([]string{"", "s1"}).Draw(t, "sig")
	case spec.KindPathArg:
		e.Path = rapid.SampledFrom(genPaths).Draw(t, "path")
		if rapid.Bool().Draw(t, "string") {
			e.Delta = spec.DeltaString
			e.Data = rapid.SampledFrom([]string{"", "ab", "\"\n"}).Draw(t, "str")
			e.More = rapid.Bool().Draw(t, "more")
		} else {
			e.Delta = spec.DeltaJSON
			e.Data = rapid.SampledFrom([]string{"1", "true", "null"}).Draw(t, "lit")
		}
	case spec.KindFinish:
		e.Data = rapid.SampledFrom([]string{"stop", "tool_calls", "length", "end_turn", "tool_use", "max_tokens", "STOP", "", "weird"}).Draw(t, "reason")
	case spec.KindError:
		e.Data = "boom"
	}
	if e.Kind != spec.KindFragment && e.Kind != spec.KindWholeCall && e.Kind != spec.KindText && e.Kind != spec.KindThinking &&
		e.Kind != spec.KindSignature && e.Kind != spec.KindFinish && e.Kind != spec.KindPathOpen && e.Kind != spec.KindPathArg && e.Kind != spec.KindPathClose {
		e.Choice = 0
	}
	return e
}

// Stream draws a format, limits (often small) and a sequence of events
// with frame numbers and offsets, ending with KindEOF. It makes no attempt
// at validity: every rule gets exercised, valid or not.
func Stream(t *rapid.T, withPaths bool) (spec.Format, spec.Limits, []spec.Event) {
	f := rapid.SampledFrom(spec.Formats).Draw(t, "format")
	var lim spec.Limits
	if rapid.Bool().Draw(t, "small") {
		lim = spec.Limits{
			MaxCalls:         rapid.IntRange(1, 4).Draw(t, "maxCalls"),
			MaxArgBytes:      rapid.IntRange(1, 12).Draw(t, "maxArgBytes"),
			MaxResponseBytes: rapid.IntRange(1, 40).Draw(t, "maxResponseBytes"),
			MaxIDBytes:       1,
			MaxItems:         rapid.IntRange(1, 6).Draw(t, "maxItems"),
			MaxMessages:      rapid.IntRange(1, 3).Draw(t, "maxMessages"),
			MaxChoices:       rapid.IntRange(1, 2).Draw(t, "maxChoices"),
			NoParallel:       rapid.Bool().Draw(t, "noParallel"),
		}
	}
	n := rapid.IntRange(0, 40).Draw(t, "n")
	evs := make([]spec.Event, 0, n+2)
	frame := 1
	if rapid.IntRange(0, 3).Draw(t, "start") > 0 {
		evs = append(evs, spec.Event{Kind: spec.KindMessageStart, Frame: frame, Offset: 10})
	}
	for i := 0; i < n; i++ {
		e := Event(t, withPaths)
		if rapid.Bool().Draw(t, "newFrame") {
			frame++
		}
		e.Frame, e.Offset = frame, int64(frame*10)
		evs = append(evs, e)
	}
	evs = append(evs, spec.Event{Kind: spec.KindEOF, Frame: frame, Offset: int64(frame*10 + 1)})
	return f, lim, evs
}
