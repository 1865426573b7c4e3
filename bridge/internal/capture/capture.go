// Package capture loads the shared real provider captures for the bridges'
// tests, renders the JSON-lines ones as the SSE that the SDKs read, and
// serves bytes to an SDK client through an in-memory transport.
package capture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/internal/captures"
)

// Dir is the captures folder as the bridges' packages see it: the repository
// root's sibling shared/captures (the module is bridge/, its packages one
// level below).
const Dir = "../../../shared/captures"

// Capture is one shared capture.
type Capture struct {
	Name string // the file name
	Raw  []byte // the file's bytes
	// Wire is what the SDK is served: Raw for an SSE capture; for a
	// JSON-lines capture (the one-payload-per-line form SDK fixtures
	// record), one SSE event per line, with the payload's type as its event
	// name when named is set.
	Wire  []byte
	Lines bool // the capture is JSON lines
}

// Load returns the captures of format (a folder of Dir), sorted by name. It
// stops t through captures.Absent when the folder cannot be read.
func Load(t testing.TB, format string, named bool) []Capture {
	t.Helper()
	dir := filepath.Join(Dir, format)
	ents, err := os.ReadDir(dir)
	if err != nil {
		captures.Absent(t, dir, err)
	}
	var caps []Capture
	for _, e := range ents {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		c := Capture{Name: e.Name(), Raw: raw, Wire: raw}
		if first := bytes.TrimLeft(raw, " \t\r\n"); len(first) > 0 && first[0] == '{' {
			c.Lines = true
			c.Wire = SSE(raw, named)
		}
		caps = append(caps, c)
	}
	sort.Slice(caps, func(i, j int) bool { return caps[i].Name < caps[j].Name })
	if len(caps) == 0 {
		t.Fatalf("no captures in %s", dir)
	}
	return caps
}

// SSE renders JSON lines as SSE events, one per non-blank line, each named
// by its payload's "type" when named is set.
func SSE(lines []byte, named bool) []byte {
	var b bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(lines))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if named {
			var v struct {
				Type string `json:"type"`
			}
			if json.Unmarshal(line, &v) == nil && v.Type != "" {
				b.WriteString("event: " + v.Type + "\n")
			}
		}
		b.WriteString("data: ")
		b.Write(line)
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

// Ends returns the offset just past every SSE event's blank line in wire
// (LF or CRLF line ends).
func Ends(wire []byte) []int {
	var ends []int
	for i := 0; i < len(wire); i++ {
		switch {
		case bytes.HasPrefix(wire[i:], []byte("\r\n\r\n")):
			ends = append(ends, i+4)
			i += 3
		case bytes.HasPrefix(wire[i:], []byte("\n\n")):
			ends = append(ends, i+2)
			i++
		}
	}
	return ends
}

// Transport serves Body to every request as an SSE response, handing it
// out in reads of at most Chunk bytes (all at once when Chunk is 0).
// ReadErr, when set, is returned once Body is exhausted, in place of
// io.EOF. Responses, when set, are served in turn before Body.
type Transport struct {
	Body      []byte
	Chunk     int
	ReadErr   error
	Header    http.Header // extra response headers
	Status    int         // 200 when 0
	Responses []Response  // served first, one per request

	// Requests counts the requests served; Bodies are their bodies.
	Requests int
	Bodies   []*Body
}

// Response is one response a [Transport] serves before its Body.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// RoundTrip serves the body.
func (tr *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		_ = req.Body.Close()
	}
	status, header, data := tr.Status, tr.Header, tr.Body
	if tr.Requests < len(tr.Responses) {
		r := tr.Responses[tr.Requests]
		status, header, data = r.Status, r.Header, r.Body
	}
	tr.Requests++
	h := http.Header{"Content-Type": []string{"text/event-stream"}}
	for k, v := range header {
		h[k] = v
	}
	if status == 0 {
		status = http.StatusOK
	}
	b := &Body{r: bytes.NewReader(data), chunk: tr.Chunk, err: tr.ReadErr}
	tr.Bodies = append(tr.Bodies, b)
	return &http.Response{StatusCode: status, Header: h, Body: b, Request: req}, nil
}

// Body is a response body that hands out its bytes in bounded reads and
// records how many were read and whether it was closed.
type Body struct {
	r      *bytes.Reader
	chunk  int
	err    error
	Served int // bytes handed out
	Closed bool
}

// Read reads at most the body's chunk size.
func (b *Body) Read(p []byte) (int, error) {
	n, err := b.read(p)
	b.Served += n
	return n, err
}

func (b *Body) read(p []byte) (int, error) {
	if b.Closed {
		return 0, errors.New("read on a closed body")
	}
	if b.chunk > 0 && len(p) > b.chunk {
		p = p[:b.chunk]
	}
	n, err := b.r.Read(p)
	if err == io.EOF && b.err != nil {
		err = b.err
	}
	return n, err
}

// Close marks the body closed.
func (b *Body) Close() error {
	b.Closed = true
	return nil
}

// Cuts returns the points to cut wire at: the end of every event, and the
// middle of every event (inside its payload), at most max of each, spread
// evenly, and never 0 or len(wire).
func Cuts(wire []byte, max int) (between, inside []int) {
	ends := Ends(wire)
	start := 0
	var mids []int
	for _, e := range ends {
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
	return keep(ends), keep(mids)
}

// Positionless returns o with its violations' frames and offsets zeroed:
// pushed payloads number frames and count offsets by payload, the wire by
// its own framing.
func Positionless(o toolspec.Outcome) toolspec.Outcome {
	o.Violations = append([]toolspec.Violation(nil), o.Violations...)
	for i := range o.Violations {
		o.Violations[i].Frame, o.Violations[i].Offset = 0, 0
	}
	return o
}

// Diff describes how got differs from want: "" when their transcripts, tails and
// violations (payloads included) are equal.
func Diff(got, want toolspec.Outcome) string {
	if g, w := got.String(), want.String(); g != w {
		return "got:\n" + g + "want:\n" + w
	}
	for i := range want.Violations {
		if got.Violations[i].Payload != want.Violations[i].Payload {
			return "violation " + want.Violations[i].String() + ": payload " + strconv.Quote(got.Violations[i].Payload) + ", want " + strconv.Quote(want.Violations[i].Payload)
		}
	}
	return ""
}

// Events records the events an event function is called with.
type Events struct {
	mu    sync.Mutex
	lines []string
}

// Add records ev; it is an event function.
func (e *Events) Add(ev toolspec.Event) {
	e.mu.Lock()
	e.lines = append(e.lines, ev.String())
	e.mu.Unlock()
}

// String returns the events recorded, one a line.
func (e *Events) String() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return strings.Join(e.lines, "\n")
}

// Reference returns what an assembler fed wire in one write reports: its
// events, as [Events] records them, and its outcome.
func Reference(f toolspec.Format, wire []byte) (string, toolspec.Outcome) {
	var e Events
	a := toolspec.New(f, toolspec.Limits{})
	a.OnEvent(e.Add)
	_, _ = a.Write(wire)
	out := a.Close()
	return e.String(), out
}
