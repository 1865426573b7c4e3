package workload

import (
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"hash/fnv"
	"strconv"
)

// builder accumulates one stream: the wire bytes, where each frame's
// payload lies in them, where the bulk bytes lie, and the expected result.
// An encoder builds each payload in d with the append methods below, then
// frames it with emit.
type builder struct {
	w       *Workload
	framing Framing
	crlf    bool // SSE lines end in CRLF

	raw    []byte
	frames []frameRef
	spans  []span
	want   Want

	d    []byte // the payload being built
	pend []span // bulk spans within d
	rng  uint32
}

// frameRef is one frame's event name and the range of its payload in raw.
type frameRef struct {
	event      string
	start, end int
}

// lit appends literal JSON text to the payload.
func (b *builder) lit(s string) { b.d = append(b.d, s...) }

// str appends s as a JSON string.
func (b *builder) str(s string) { b.d = appendString(b.d, s) }

// num appends n.
func (b *builder) num(n int) { b.d = strconv.AppendInt(b.d, int64(n), 10) }

// bulkStr appends s as a JSON string whose contents are bulk bytes.
func (b *builder) bulkStr(s string) {
	start := len(b.d) + 1
	b.d = appendString(b.d, s)
	b.pend = append(b.pend, span{start, len(b.d) - 1})
}

// bulkRaw appends JSON text (an argument object) that is bulk bytes.
func (b *builder) bulkRaw(s string) {
	start := len(b.d)
	b.d = append(b.d, s...)
	b.pend = append(b.pend, span{start, len(b.d)})
}

// payload replaces the payload with the literal s.
func (b *builder) payload(s string) { b.d = append(b.d[:0], s...) }

// emit frames the payload built in d as one frame named event ("" for
// none) and starts the next payload.
func (b *builder) emit(event string) {
	var start int
	switch b.framing {
	case FramingSSE:
		eol := "\n"
		if b.crlf {
			eol = "\r\n"
		}
		if event != "" {
			b.raw = append(b.raw, "event: "...)
			b.raw = append(b.raw, event...)
			b.raw = append(b.raw, eol...)
		}
		b.raw = append(b.raw, "data: "...)
		start = len(b.raw)
		b.raw = append(b.raw, b.d...)
		b.raw = append(b.raw, eol...)
		b.raw = append(b.raw, eol...)
	case FramingLines:
		start = len(b.raw)
		b.raw = append(b.raw, b.d...)
		b.raw = append(b.raw, '\n')
	case FramingEventStream:
		start = b.appendMessage(event)
	}
	b.frames = append(b.frames, frameRef{event: event, start: start, end: start + len(b.d)})
	for _, s := range b.pend {
		b.spans = append(b.spans, span{start + s.start, start + s.end})
	}
	b.d, b.pend = b.d[:0], b.pend[:0]
}

// appendMessage appends the payload as one AWS event-stream message of
// event type event: total length, headers length, prelude CRC, the
// headers :event-type, :content-type and :message-type (in the order
// Bedrock sends them), the payload and the message CRC. It returns the
// offset of the payload.
func (b *builder) appendMessage(event string) int {
	var h []byte
	for _, kv := range [][2]string{{":event-type", event}, {":content-type", "application/json"}, {":message-type", "event"}} {
		h = append(h, byte(len(kv[0])))
		h = append(h, kv[0]...)
		h = append(h, 7) // string
		h = binary.BigEndian.AppendUint16(h, uint16(len(kv[1])))
		h = append(h, kv[1]...)
	}
	at := len(b.raw)
	b.raw = binary.BigEndian.AppendUint32(b.raw, uint32(12+len(h)+len(b.d)+4))
	b.raw = binary.BigEndian.AppendUint32(b.raw, uint32(len(h)))
	b.raw = binary.BigEndian.AppendUint32(b.raw, crc32.ChecksumIEEE(b.raw[at:at+8]))
	b.raw = append(b.raw, h...)
	start := len(b.raw)
	b.raw = append(b.raw, b.d...)
	b.raw = binary.BigEndian.AppendUint32(b.raw, crc32.ChecksumIEEE(b.raw[at:]))
	return start
}

// schedule emits the calls of want: open(i), then frag(i, f) for each of
// the call's fragments and close(i) after its last. The calls go one after
// another or, when the workload interleaves, all calls are opened in turn
// and then one fragment of each call goes in turn (round-robin), each call
// closed right after its last fragment.
func (b *builder) schedule(open func(i int), frag func(i int, f string), close func(i int)) {
	calls := b.want.Calls
	frs := make([][]string, len(calls))
	for i, c := range calls {
		frs[i] = fragments(c.Args, b.w.Delta)
	}
	if !b.w.Interleave {
		for i := range calls {
			open(i)
			for _, f := range frs[i] {
				frag(i, f)
			}
			close(i)
		}
		return
	}
	for i := range calls {
		open(i)
		if len(frs[i]) == 0 {
			close(i)
		}
	}
	for r := 0; ; r++ {
		more := false
		for i := range calls {
			if r < len(frs[i]) {
				frag(i, frs[i][r])
				if r == len(frs[i])-1 {
					close(i)
				}
				more = true
			}
		}
		if !more {
			return
		}
	}
}

// Deterministic randomness, for the real dialect's varying envelope.

// seed derives the generator's state from a workload's name.
func seed(name string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32() | 1
}

// intn returns a pseudo-random number in [0, n).
func (b *builder) intn(n int) int {
	b.rng ^= b.rng << 13
	b.rng ^= b.rng >> 17
	b.rng ^= b.rng << 5
	return int(b.rng % uint32(n))
}

// alnum62 are the characters of ids and padding.
const alnum62 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// obfuscation returns a random alphanumeric string of 0 to max-1 bytes.
func (b *builder) obfuscation(max int) string {
	n := b.intn(max)
	out := make([]byte, n)
	for i := range out {
		out[i] = alnum62[b.intn(len(alnum62))]
	}
	return string(out)
}

// Content generation.

var words = []string{
	"the", "reassembler", "keeps", "every", "call", "apart", "stream", "bytes",
	"arrive", "in", "fragments", "of", "any", "size", "and", "order", "tool",
	"arguments", "are", "one", "JSON", "object", "a", "provider", "may", "repeat",
	"its", "id", "on", "delta", "while", "another", "never", "sends", "it",
}

// text returns n bytes of ASCII prose for seed: words, punctuation, a quote
// now and then and a newline every few sentences.
func text(seed, n int) []byte {
	out := make([]byte, 0, n+16)
	x := uint32(seed)*2654435761 + 12345
	next := func() uint32 { x = x*1664525 + 1013904223; return x >> 8 }
	for sentence := 0; len(out) < n; sentence++ {
		k := 6 + int(next()%10)
		for i := 0; i < k; i++ {
			w := words[next()%uint32(len(words))]
			if i == 0 {
				out = append(out, w[0]&^0x20)
				out = append(out, w[1:]...)
			} else {
				out = append(out, ' ')
				if next()%17 == 0 {
					out = append(out, '"')
					out = append(out, w...)
					out = append(out, '"')
					continue
				}
				out = append(out, w...)
			}
		}
		out = append(out, '.')
		if sentence%4 == 3 {
			out = append(out, '\n')
		} else {
			out = append(out, ' ')
		}
	}
	return out[:n]
}

// args returns one JSON object of exactly n bytes (n >= 64) for call i:
// {"path":"src/gen/file_NN.go","content":"..."} whose content is escaped
// prose.
func args(i, n int) string {
	head := `{"path":"` + argPath(i) + `","content":"`
	const tail = `"}`
	room := n - len(head) - len(tail)
	if room < 0 {
		panic("workload: arguments too small")
	}
	src := text(1000+i, room)
	body := make([]byte, 0, room)
	for _, c := range src {
		var e []byte
		switch c {
		case '"':
			e = []byte(`\"`)
		case '\n':
			e = []byte(`\n`)
		default:
			e = []byte{c}
		}
		if len(body)+len(e) > room {
			break
		}
		body = append(body, e...)
	}
	for len(body) < room {
		body = append(body, 'x')
	}
	return head + string(body) + tail
}

// argPath is the path member of call i's arguments.
func argPath(i int) string { return "src/gen/file_" + pad2(i) + ".go" }

// argContent returns the content member of the arguments a, decoded.
func argContent(a string) string {
	var v struct{ Content string }
	if err := json.Unmarshal([]byte(a), &v); err != nil {
		panic("workload: arguments are not JSON: " + err.Error())
	}
	return v.Content
}

// smallArgs are the arguments of the small call after a thinking block.
const smallArgs = `{"path":"src/gen/file_00.go"}`

func pad2(i int) string {
	if i < 10 {
		return "0" + strconv.Itoa(i)
	}
	return strconv.Itoa(i)
}

// fragments splits s into pieces of at most n bytes.
func fragments(s string, n int) []string {
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

// appendString appends s as a JSON string, escaping as encoding/json does
// without HTML escaping.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// spaced returns the JSON text j with a space after every colon outside
// strings, as Gemini writes its JSON.
func spaced(j string) string {
	out := make([]byte, 0, len(j)+16)
	in, esc := false, false
	for i := 0; i < len(j); i++ {
		c := j[i]
		out = append(out, c)
		switch {
		case esc:
			esc = false
		case in && c == '\\':
			esc = true
		case c == '"':
			in = !in
		case !in && c == ':':
			out = append(out, ' ')
		}
	}
	return string(out)
}

// id returns a deterministic id of prefix plus n alphanumeric characters.
func id(prefix string, seed, n int) string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	return idFrom(alnum, prefix, seed, n)
}

// lowerID returns a deterministic id of prefix plus n lowercase letters
// and digits (Gemini's and Ollama's ids).
func lowerID(prefix string, seed, n int) string {
	return idFrom("abcdefghijklmnopqrstuvwxyz0123456789", prefix, seed, n)
}

func idFrom(alphabet, prefix string, seed, n int) string {
	b := []byte(prefix)
	x := uint32(seed)*2246822519 + 3266489917
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b = append(b, alphabet[x%uint32(len(alphabet))])
	}
	return string(b)
}

var toolNames = []string{"write_file", "read_file", "run_shell", "search_code"}

// wantCalls returns the calls of w, their ids made by mkID from the
// call's ordinal (from 1).
func wantCalls(w *Workload, mkID func(n int) string) []Call {
	calls := make([]Call, w.Calls)
	for i := range calls {
		calls[i] = Call{ID: mkID(i + 1), Name: toolNames[i%len(toolNames)]}
		if w.Kind == KindArgs {
			calls[i].Args = args(i, w.Size)
		} else {
			calls[i].Args = smallArgs
		}
	}
	return calls
}
