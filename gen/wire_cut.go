package gen

import (
	"strings"

	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// Cut returns a valid stream of format f cut inside one of its frames, as a
// connection that dropped there leaves it: the frames before it whole, then
// a proper prefix of that frame (FRAME-1, FRAME-2, FRAME-3). tail is the
// outcome's tail the cut must give (END-3): the partial payload of an SSE
// event or JSON line, or the partial bytes of an event-stream message. The
// frames before the cut are a prefix of a valid stream, so the outcome has
// no violation.
func Cut(t *rapid.T, f spec.Format) (data []byte, tail string) {
	_, st := build(t, Options{}, f)
	frames := st.frames
	var cuttable []int // frames whose payload is a JSON object: not [DONE]
	for i, fr := range frames {
		if strings.HasPrefix(st.payload(fr, false), "{") {
			cuttable = append(cuttable, i)
		}
	}
	k := rapid.SampledFrom(cuttable).Draw(t, "cutFrame") // a message start at least
	st.frames = frames[:k]
	serialize(t, st)
	prefix := st.data
	switch st.framing {
	case framingEventStream:
		st.frames = frames[k : k+1]
		serialize(t, st)
		msg := st.data
		j := rapid.IntRange(1, len(msg)-1).Draw(t, "cutAt")
		return append(prefix, msg[:j]...), string(msg[:j])
	case framingLines:
		if len(prefix) > 0 && prefix[len(prefix)-1] != '\n' {
			prefix = append(prefix, '\n') // the last line may lack its LF
		}
		text := st.payload(frames[k], false)
		if ev := frames[k].wireEvent(); st.format == spec.FormatBedrock && ev != "" {
			text = "{" + quoteString(ev, st.js.esc) + ":" + text + "}"
		}
		part := cutJSON(t, text)
		return append(prefix, part...), part
	default:
		// End the last event (the stream may leave out its final blank
		// line), then write the cut event's name and part of its data.
		prefix = append(prefix, "\n\n"...)
		if ev := frames[k].event; st.named && ev != "" && !frames[k].noEvent {
			prefix = append(prefix, "event: "+ev+"\n"...)
		}
		part := cutJSON(t, st.payload(frames[k], false))
		return append(prefix, "data: "+part...), part
	}
}

// cutJSON returns a proper prefix of the JSON object text that stops before
// its closing brace, so that it is never complete JSON.
func cutJSON(t *rapid.T, text string) string {
	text = strings.TrimRight(text, " \t\r\n")
	return text[:rapid.IntRange(0, len(text)-1).Draw(t, "cutAt")]
}

// Foreign returns input that is not a stream of format f: a valid stream of
// another format, an HTML error page, a gateway's JSON error body or plain
// text. Read as f, it must end with a terminal violation, never as an empty
// success (FRAME-7 and the framing rules). other names what it is.
func Foreign(t *rapid.T, f spec.Format) (data []byte, other string) {
	var others []spec.Format
	for _, g := range spec.Formats {
		if g != f {
			others = append(others, g)
		}
	}
	switch rapid.IntRange(0, 3).Draw(t, "foreignKind") {
	case 0:
		return []byte(rapid.SampledFrom(htmlPages).Draw(t, "html")), "html"
	case 1:
		return []byte(rapid.SampledFrom(textBodies).Draw(t, "text")), "text"
	default:
		g := rapid.SampledFrom(others).Draw(t, "foreignFormat")
		_, data := Valid(t, g)
		return data, string(g)
	}
}

var htmlPages = []string{
	"<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1></body>\n</html>\n",
	"<html><body>Service Unavailable</body></html>",
	"<?xml version=\"1.0\"?>\n<Error><Code>AccessDenied</Code></Error>\n",
}

// textBodies are bodies that gateways and proxies send instead of a stream.
// Each is at least 12 bytes long, so that read as a Bedrock event-stream it
// is a whole prelude (with a wrong CRC), not a cut one.
var textBodies = []string{
	"Internal Server Error\n",
	"upstream connect error or disconnect/reset before headers\n",
	"{\"detail\":\"Not Found\"}\n",
	"{\"message\":\"Too many requests, please slow down\"}",
	"{\"status\":\"fail\",\"reason\":\"quota\"}\n",
}
