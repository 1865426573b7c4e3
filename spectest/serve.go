package spectest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolspec/toolspec"
)

// This file is the persistent form of the adapter protocol
// (docs/adapter-protocol.md): the kit starts the adapter program once and
// exchanges JSON lines with it, a handshake first, then one request per
// stream. It also holds what both forms share: the protocol's errors, the
// options of a program adapter and the claims by name.

// ProtocolVersion is the version of the persistent adapter protocol that
// this kit speaks, sent in the handshake.
const ProtocolVersion = 1

// The kinds of [ProtocolError], for errors.Is: how an adapter program broke
// the adapter protocol.
var (
	// ErrCrashed: the program exited, or closed its standard output,
	// before it answered (or could not be started).
	ErrCrashed = errors.New("the adapter exited")
	// ErrTimeout: no answer within the request timeout; the program is
	// killed.
	ErrTimeout = errors.New("no answer in time")
	// ErrNotJSON: the program printed a line (the one-shot form: an
	// output) that is not JSON.
	ErrNotJSON = errors.New("output that is not JSON")
	// ErrSeq: the answer carries no seq, or the seq of another request.
	ErrSeq = errors.New("an answer to another request")
	// ErrAnswer: the answer is JSON but not an answer object (a call
	// without an id, name or arguments, a field of the wrong type, ...).
	ErrAnswer = errors.New("a malformed answer")
	// ErrHandshake: the answer to the handshake is not a description of
	// the adapter, or a restarted adapter describes itself otherwise.
	ErrHandshake = errors.New("a bad handshake")
	// ErrVersion: the adapter speaks another version of the protocol.
	ErrVersion = errors.New("another protocol version")
)

// ProtocolError says how an adapter program broke the adapter protocol:
// there is no answer to judge. The program adapters ([Command],
// [Process]) panic with it from Reassemble; the kit reports it as a
// [Failure] with Protocol set, apart from wrong answers.
type ProtocolError struct {
	Cmd       string // the adapter's command line
	Handshake bool   // it broke the handshake
	Seq       int    // the request's seq in the persistent form; 0 in the one-shot form
	Kind      error  // ErrCrashed, ErrTimeout, ErrNotJSON, ErrSeq, ErrAnswer, ErrHandshake or ErrVersion
	Detail    string // what happened
	Stderr    string // the end of what the program wrote on its standard error
}

// Error says what the program did, with the end of its standard error.
func (e *ProtocolError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the adapter %q broke the protocol: ", e.Cmd)
	switch {
	case e.Handshake:
		b.WriteString("handshake: ")
	case e.Seq > 0:
		fmt.Fprintf(&b, "request %d: ", e.Seq)
	}
	b.WriteString(e.Kind.Error())
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	if s := strings.TrimSpace(e.Stderr); s != "" {
		b.WriteString(" (stderr: " + s + ")")
	}
	return b.String()
}

// Unwrap returns the error's kind.
func (e *ProtocolError) Unwrap() error { return e.Kind }

// Broken returns the failures of r in which the adapter broke the adapter
// protocol (Protocol is set): cases with no answer to judge.
func (r *Report) Broken() []Failure {
	var out []Failure
	for _, c := range r.Cases {
		for _, f := range c.Failures {
			if f.Protocol != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

// ProgramOption changes how a program adapter ([Command], [Process]) runs
// its program.
type ProgramOption func(*programOptions)

type programOptions struct {
	timeout time.Duration
	stderr  io.Writer
}

func newProgramOptions(opts []ProgramOption) programOptions {
	o := programOptions{timeout: 5 * time.Second}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// RequestTimeout bounds the program's answer to each stream, and to the
// handshake (default 5 s; keep it below the kit's [Timeout], 10 s by
// default). A program that takes longer is killed: an [ErrTimeout].
func RequestTimeout(d time.Duration) ProgramOption {
	return func(o *programOptions) { o.timeout = d }
}

// ProgramStderr copies what the program writes on its standard error to
// w, as well as keeping its end for the messages of a [ProtocolError].
func ProgramStderr(w io.Writer) ProgramOption {
	return func(o *programOptions) { o.stderr = w }
}

// claims are the names of a Description's claims, in the protocol's
// handshake and on toolspec-kit check's command line.
var claims = []struct {
	name  string
	field func(*Description) *bool
}{
	{"stop-reason", func(d *Description) *bool { return &d.StopReason }},
	{"text", func(d *Description) *bool { return &d.Text }},
	{"thinking", func(d *Description) *bool { return &d.Thinking }},
	{"limits", func(d *Description) *bool { return &d.Limits }},
	{"custom", func(d *Description) *bool { return &d.Custom }},
	{"several-responses", func(d *Description) *bool { return &d.SeveralResponses }},
}

// SetClaims sets the claims of d named in names: "stop-reason", "text",
// "thinking", "limits", "custom", "several-responses", or "all" for every
// one. An unknown name is an error that lists the names.
func (d *Description) SetClaims(names ...string) error {
	for _, n := range names {
		found := false
		for _, c := range claims {
			if n == c.name || n == "all" {
				*c.field(d) = true
				found = true
			}
		}
		if !found {
			return fmt.Errorf("unknown claim %q (the claims are stop-reason, text, thinking, limits, custom, several-responses, all)", n)
		}
	}
	return nil
}

// ClaimNames returns the names of d's claims, in a fixed order.
func (d Description) ClaimNames() []string {
	var out []string
	for _, c := range claims {
		if *c.field(&d) {
			out = append(out, c.name)
		}
	}
	return out
}

// maxLine bounds one line (an answer) an adapter program may print; a
// longer one is an ErrAnswer, never an unbounded buffer. Every stream of
// the kit is far below the default limits, whose largest answer would be
// 128 calls of 2 MiB.
const maxLine = 64 << 20

// stopGrace is how long Close waits for the program to exit after stop.
const stopGrace = 2 * time.Second

// maxBroken is how many requests in a row may break the protocol before
// the adapter is given up: later requests fail at once, without a
// restart, so that a broken adapter is not restarted for every case.
const maxBroken = 3

// ProcessAdapter is an adapter program run by the persistent form of the
// adapter protocol: see [Process].
type ProcessAdapter struct {
	line string
	o    programOptions

	mu       sync.Mutex
	d        Description
	started  bool // d holds the first handshake's description
	p        *proc
	seq      int
	restarts int
	broken   int // protocol failures in a row
	dead     *ProtocolError
	closed   bool
}

var _ Describer = (*ProcessAdapter)(nil)

// Process starts cmdline (with sh -c) and speaks the persistent form of
// the adapter protocol with it (docs/adapter-protocol.md): it sends the
// handshake, {"cmd":"start","version":1}, and reads the program's
// description of itself (name, version, formats, claims), which Describe
// returns, so the kit sends it only what it claims. A program that does
// not answer the handshake as the protocol says, or speaks another
// version, is an error (a *ProtocolError: ErrVersion, ErrHandshake, ...),
// and no program is left running.
//
// Reassemble then sends one request per stream and reads its answer. A
// program that crashes, hangs past the RequestTimeout, prints a line that
// is not JSON or answers with a wrong seq breaks the protocol: Reassemble
// panics with a *ProtocolError, which the kit reports as a Failure with
// Protocol set, and the program is killed, then restarted at the next
// request, the handshake replayed (a program that then describes itself
// otherwise is an ErrHandshake). After three such requests in a row the
// adapter is given up: every later request fails at once.
//
// Requests are sent one at a time; one ProcessAdapter may serve the
// kit's every case (return it from the kit's newAdapter). Close stops the
// program.
func Process(cmdline string, opts ...ProgramOption) (*ProcessAdapter, error) {
	a := &ProcessAdapter{line: cmdline, o: newProgramOptions(opts)}
	if err := a.start(); err != nil {
		return nil, err
	}
	return a, nil
}

// Describe returns the program's description of itself, from the
// handshake.
func (a *ProcessAdapter) Describe() Description {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.d
}

// Restarts reports how many times the program was restarted after it
// broke the protocol.
func (a *ProcessAdapter) Restarts() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.restarts
}

// Reassemble sends s to the program and returns its answer; it panics
// with a *ProtocolError when the program breaks the protocol.
func (a *ProcessAdapter) Reassemble(s Stream) (Result, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		panic(a.fail(nil, false, 0, ErrCrashed, "the adapter was closed"))
	}
	if a.dead != nil {
		panic(a.dead)
	}
	if a.p == nil {
		a.restarts++
		if err := a.start(); err != nil {
			a.dead = err
			panic(err)
		}
	}
	a.seq++
	seq := a.seq
	req, err := json.Marshal(runRequest{Cmd: "run", Seq: seq, Format: s.Format, Stream: s.Data, Limits: limitsJSON(s.Limits)})
	if err != nil {
		panic(err) // a map of ints and a bool, bytes and strings: cannot fail
	}
	p := a.p
	b, br := p.roundTrip(append(req, '\n'), a.o.timeout)
	if br == nil {
		br = checkSeq(b, seq)
	}
	var r Response
	if br == nil {
		if r, err = ParseResponse(b); err != nil {
			br = &breach{ErrAnswer, err.Error()}
		}
	}
	if br != nil {
		a.p = nil
		pe := a.fail(p, false, seq, br.kind, br.detail)
		if a.broken++; a.broken >= maxBroken {
			a.dead = a.fail(nil, false, 0, br.kind, fmt.Sprintf("given up after %d requests in a row broke the protocol; the last: %s", a.broken, pe.Error()))
		}
		panic(pe)
	}
	a.broken = 0
	return r.Result, r.Err
}

// Close sends stop and waits for the program to exit, killing it if it
// has not within 2 s (then it returns an error). Later calls of
// Reassemble fail.
func (a *ProcessAdapter) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	a.closed = true
	p := a.p
	a.p = nil
	if p == nil {
		return nil
	}
	defer p.kill()
	go func() {
		_, _ = p.stdin.Write([]byte(`{"cmd":"stop"}` + "\n"))
		_ = p.stdin.Close()
	}()
	select {
	case <-p.exited:
		return nil
	case <-time.After(stopGrace):
		return fmt.Errorf("the adapter %q did not exit within %v of stop; killed", a.line, stopGrace)
	}
}

// runRequest is one request of the persistent form; Stream marshals as
// base64.
type runRequest struct {
	Cmd    string          `json:"cmd"`
	Seq    int             `json:"seq"`
	Format toolspec.Format `json:"format"`
	Stream []byte          `json:"stream"`
	Limits map[string]any  `json:"limits"`
}

// start starts the program and runs the handshake. On a restart the
// description must be the first one.
func (a *ProcessAdapter) start() *ProtocolError {
	p, err := startProc(a.line, a.o)
	if err != nil {
		return a.fail(nil, true, 0, ErrCrashed, "cannot start it: "+err.Error())
	}
	hello, err := json.Marshal(map[string]any{"cmd": "start", "version": ProtocolVersion})
	if err != nil {
		panic(err)
	}
	b, br := p.roundTrip(append(hello, '\n'), a.o.timeout)
	var d Description
	if br == nil {
		d, br = parseHello(b)
	}
	if br == nil && a.started && !reflect.DeepEqual(d, a.d) {
		br = &breach{ErrHandshake, fmt.Sprintf("after a restart it describes itself as %+v, first as %+v", d, a.d)}
	}
	if br != nil {
		return a.fail(p, true, 0, br.kind, br.detail)
	}
	a.d, a.started, a.p = d, true, p
	return nil
}

// fail makes the ProtocolError of a request of p (nil when no program was
// involved), with the end of p's standard error, and kills p.
func (a *ProcessAdapter) fail(p *proc, handshake bool, seq int, kind error, detail string) *ProtocolError {
	pe := &ProtocolError{Cmd: a.line, Handshake: handshake, Seq: seq, Kind: kind, Detail: detail}
	if p != nil {
		p.kill()
		pe.Stderr = p.stderrTail()
	}
	return pe
}

// parseHello reads the program's answer to the handshake:
// {"version":1,"adapter":{"name":...,"version":...,"formats":[...],"claims":[...]}}.
func parseHello(b []byte) (Description, *breach) {
	if !json.Valid(b) {
		return Description{}, &breach{ErrNotJSON, "answer " + quote(string(b))}
	}
	var h struct {
		Version *int `json:"version"`
		Adapter *struct {
			Name    string   `json:"name"`
			Version string   `json:"version"`
			Formats []string `json:"formats"`
			Claims  []string `json:"claims"`
		} `json:"adapter"`
		Error string `json:"error"`
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return Description{}, &breach{ErrHandshake, "answer " + quote(string(b)) + ": " + err.Error()}
	}
	switch {
	case h.Version == nil && h.Error != "":
		return Description{}, &breach{ErrHandshake, "no version; the adapter says " + quote(h.Error)}
	case h.Version == nil:
		return Description{}, &breach{ErrHandshake, "no version in " + quote(string(b))}
	case *h.Version != ProtocolVersion:
		detail := fmt.Sprintf("the adapter speaks version %d, this kit speaks version %d", *h.Version, ProtocolVersion)
		if h.Error != "" {
			detail += "; the adapter says " + quote(h.Error)
		}
		return Description{}, &breach{ErrVersion, detail}
	case h.Adapter == nil || h.Adapter.Name == "":
		return Description{}, &breach{ErrHandshake, "no adapter name in " + quote(string(b))}
	}
	d := Description{Name: h.Adapter.Name, Version: h.Adapter.Version}
	for _, f := range h.Adapter.Formats {
		ff, err := toolspec.ParseFormat(f)
		if err != nil {
			return Description{}, &breach{ErrHandshake, err.Error()}
		}
		if !slices.Contains(d.Formats, ff) {
			d.Formats = append(d.Formats, ff)
		}
	}
	if err := d.SetClaims(h.Adapter.Claims...); err != nil {
		return Description{}, &breach{ErrHandshake, err.Error()}
	}
	return d, nil
}

// checkSeq checks that answer b is a JSON object carrying seq.
func checkSeq(b []byte, seq int) *breach {
	if !json.Valid(b) {
		return &breach{ErrNotJSON, "answer " + quote(string(b))}
	}
	var head struct {
		Seq *int `json:"seq"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return &breach{ErrAnswer, "answer " + quote(string(b)) + ": " + err.Error()}
	}
	switch {
	case head.Seq == nil:
		return &breach{ErrSeq, "no seq in the answer"}
	case *head.Seq != seq:
		return &breach{ErrSeq, fmt.Sprintf("the answer's seq is %d", *head.Seq)}
	}
	return nil
}

// proc is one running adapter program: its standard input, the lines of
// its standard output as they come, the end of its standard error.
type proc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stdout  *os.File
	lines   chan line
	quit    chan struct{} // closed by kill: the reader stops
	stderr  *tail
	exited  chan struct{} // closed when Wait returns
	waitErr error
	once    sync.Once
}

// line is one line of the program's standard output, or why there is
// none.
type line struct {
	b   []byte
	err error
}

// startProc starts cmdline with sh -c in a process group of its own.
func startProc(cmdline string, o programOptions) (*proc, error) {
	cmd := exec.Command("sh", "-c", cmdline)
	inGroup(cmd)
	cmd.WaitDelay = time.Second
	t := &tail{}
	cmd.Stderr = t
	if o.stderr != nil {
		cmd.Stderr = io.MultiWriter(t, o.stderr)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// Standard output is a pipe of our own rather than StdoutPipe, which
	// Wait closes as soon as the program exits, losing an answer printed
	// just before.
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout = pw
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, err
	}
	pw.Close()
	p := &proc{cmd: cmd, stdin: stdin, stdout: pr, lines: make(chan line), quit: make(chan struct{}), stderr: t, exited: make(chan struct{})}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	go p.read()
	return p, nil
}

// read sends the lines of standard output to p.lines until an error.
func (p *proc) read() {
	br := bufio.NewReaderSize(p.stdout, 64<<10)
	for {
		b, err := readLine(br)
		select {
		case p.lines <- line{b, err}:
		case <-p.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// errLong is a line longer than maxLine.
var errLong = fmt.Errorf("a line longer than %d bytes", maxLine)

// readLine reads one line without its end (\n or \r\n); a last line
// without an end is a line too.
func readLine(br *bufio.Reader) ([]byte, error) {
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(b)+len(chunk) > maxLine {
			return nil, errLong
		}
		b = append(b, chunk...)
		switch {
		case err == nil:
			b = bytes.TrimSuffix(b[:len(b)-1], []byte("\r"))
			return b, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case len(b) > 0 && errors.Is(err, io.EOF):
			return b, nil
		default:
			return nil, err
		}
	}
}

// breach is how a program broke the protocol: a kind of ProtocolError
// and what happened.
type breach struct {
	kind   error
	detail string
}

// roundTrip writes req and reads one line within timeout. A failure is
// given as its kind and detail.
func (p *proc) roundTrip(req []byte, timeout time.Duration) ([]byte, *breach) {
	wrote := make(chan error, 1)
	go func() {
		_, err := p.stdin.Write(req)
		wrote <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var l line
	select {
	case l = <-p.lines:
	case <-timer.C:
		return nil, &breach{ErrTimeout, fmt.Sprintf("no answer within %v", timeout)}
	}
	switch {
	case errors.Is(l.err, errLong):
		return nil, &breach{ErrAnswer, l.err.Error()}
	case l.err != nil:
		return nil, &breach{ErrCrashed, p.exitStatus()}
	}
	// The request must have been read whole before the answer, or the
	// next request would be written into the middle of this one.
	select {
	case err := <-wrote:
		if err != nil {
			return nil, &breach{ErrCrashed, "writing the request: " + err.Error()}
		}
	case <-timer.C:
		return nil, &breach{ErrTimeout, "it answered without reading its whole request"}
	}
	return l.b, nil
}

// exitStatus says how the program ended, waiting a little for it.
func (p *proc) exitStatus() string {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return "it closed its standard output"
	}
	if p.waitErr != nil {
		return "before answering: " + p.waitErr.Error()
	}
	return "before answering, with status 0"
}

// kill ends the program and its children and stops the reader.
func (p *proc) kill() {
	p.once.Do(func() {
		close(p.quit)
		killGroup(p.cmd)
		_ = p.stdin.Close()
		_ = p.stdout.Close()
	})
}

// stderrTail is the end of the program's standard error, once it has
// exited (or after a short wait).
func (p *proc) stderrTail() string {
	select {
	case <-p.exited:
	case <-time.After(500 * time.Millisecond):
	}
	return p.stderr.String()
}

// tail keeps the last tailBytes written to it.
type tail struct {
	mu sync.Mutex
	b  []byte
}

const tailBytes = 2048

// Write keeps the end of p.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > tailBytes {
		t.b = append(t.b[:0], t.b[len(t.b)-tailBytes:]...)
	}
	return len(p), nil
}

// String returns what is kept, marked when it is not all.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
