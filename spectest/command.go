package spectest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/toolspec/toolspec"
)

// Command returns an adapter that runs a program once per stream, by the
// one-shot form of the adapter protocol (docs/adapter-protocol.md): the
// kit runs cmdline with sh -c, the stream's bytes on its standard input,
// and reads one JSON object from its standard output. In cmdline,
// "{format}" is replaced by the format's name and "{limits}" by the
// command's limit flags (--max-calls 3 --no-parallel ...); the
// environment holds TOOLSPEC_FORMAT and TOOLSPEC_LIMITS (the limits as
// JSON) too. d says what the program claims. So
//
//	spectest.Command("toolspec reassemble --format {format} {limits} -", d)
//
// checks toolspec's own command. A program that exits without printing a
// JSON answer, prints more than one value, or takes longer than the
// RequestTimeout (5 s by default; it is then killed, with its children)
// breaks the protocol: Reassemble panics with a *ProtocolError, which the
// kit reports as a Failure with Protocol set. The exit status is not
// judged.
func Command(cmdline string, d Description, opts ...ProgramOption) Adapter {
	return &command{line: cmdline, d: d, o: newProgramOptions(opts)}
}

type command struct {
	line string
	d    Description
	o    programOptions
}

func (c *command) Describe() Description { return c.d }

// Reassemble runs the command on one stream.
func (c *command) Reassemble(s Stream) (Result, error) {
	lim, err := json.Marshal(limitsJSON(s.Limits))
	if err != nil {
		return Result{}, err
	}
	line := strings.NewReplacer("{format}", string(s.Format), "{limits}", strings.Join(LimitFlags(s.Limits), " ")).Replace(c.line)
	cmd := exec.Command("sh", "-c", line)
	inGroup(cmd)
	cmd.WaitDelay = time.Second
	cmd.Env = append(os.Environ(), "TOOLSPEC_FORMAT="+string(s.Format), "TOOLSPEC_LIMITS="+string(lim))
	cmd.Stdin = bytes.NewReader(s.Data)
	stdout := &boundedBuffer{max: maxLine}
	stderr := &tail{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if c.o.stderr != nil {
		cmd.Stderr = io.MultiWriter(stderr, c.o.stderr)
	}
	broke := func(kind error, detail string) *ProtocolError {
		return &ProtocolError{Cmd: line, Kind: kind, Detail: detail, Stderr: stderr.String()}
	}
	if err := cmd.Start(); err != nil {
		panic(broke(ErrCrashed, "cannot start it: "+err.Error()))
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(c.o.timeout)
	defer timer.Stop()
	var runErr error
	select {
	case runErr = <-done:
	case <-timer.C:
		killGroup(cmd)
		<-done
		panic(broke(ErrTimeout, fmt.Sprintf("no answer within %v", c.o.timeout)))
	}
	out := stdout.Bytes()
	status := "status 0"
	if runErr != nil {
		status = runErr.Error()
	}
	switch {
	case stdout.over:
		panic(broke(ErrAnswer, fmt.Sprintf("an output longer than %d bytes", maxLine)))
	case len(bytes.TrimSpace(out)) == 0:
		panic(broke(ErrCrashed, "no output ("+status+")"))
	}
	var v json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(out)).Decode(&v); err != nil {
		panic(broke(ErrNotJSON, err.Error()+" ("+status+"): "+quote(string(out))))
	}
	r, err := ParseResponse(out)
	if err != nil {
		panic(broke(ErrAnswer, err.Error()))
	}
	return r.Result, r.Err
}

// boundedBuffer keeps the first max bytes written to it and notes more.
type boundedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

// Write keeps what fits.
func (b *boundedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		b.over = true
		p = p[:max(0, b.max-b.Len())]
	}
	b.Buffer.Write(p)
	return len(p), nil
}

// Response is an adapter's answer for one stream, by the protocol.
type Response struct {
	Result
	Err error // the adapter failed the stream
}

// ParseResponse reads an adapter's answer: a JSON object with "calls"
// (each with "id", "name", "arguments", and "status", finished only when
// "complete", or a boolean "finished"), and optionally "stop_reason",
// "text", "thinking", and "error" (a non-empty string: the adapter failed
// the stream) or "violations" (toolspec's own output: a non-empty list
// fails the stream). Without "text" and "thinking", they are the text of
// the "items" of kind text and thinking, concatenated, as in toolspec's
// output. Unknown fields are ignored, so toolspec's whole outcome JSON is
// a valid answer.
func ParseResponse(data []byte) (Response, error) {
	var raw struct {
		Calls []struct {
			ID        *string `json:"id"`
			Name      *string `json:"name"`
			Arguments *string `json:"arguments"`
			Status    string  `json:"status"`
			Finished  *bool   `json:"finished"`
		} `json:"calls"`
		StopReason string  `json:"stop_reason"`
		Text       *string `json:"text"`
		Thinking   *string `json:"thinking"`
		Items      []struct {
			Kind string `json:"kind"`
			Text string `json:"text"`
		} `json:"items"`
		Error      string            `json:"error"`
		Violations []json.RawMessage `json:"violations"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&raw); err != nil {
		if len(bytes.TrimSpace(data)) == 0 {
			return Response{}, errors.New("no output")
		}
		return Response{}, fmt.Errorf("the output is not one JSON object: %v", err)
	}
	if dec.More() {
		return Response{}, errors.New("the output holds more than one JSON value")
	}
	var r Response
	for i, c := range raw.Calls {
		if c.ID == nil || c.Name == nil || c.Arguments == nil {
			return Response{}, fmt.Errorf("calls[%d]: want id, name and arguments, as strings", i)
		}
		fin := c.Status == "complete"
		if c.Finished != nil {
			fin = *c.Finished
		} else if c.Status == "" {
			return Response{}, fmt.Errorf("calls[%d]: want a status or finished", i)
		}
		r.Calls = append(r.Calls, Call{ID: *c.ID, Name: *c.Name, Arguments: *c.Arguments, Finished: fin})
	}
	r.StopReason = toolspec.StopReason(raw.StopReason)
	if raw.StopReason == "none" {
		r.StopReason = toolspec.StopNone
	}
	for _, it := range raw.Items {
		switch it.Kind {
		case "text":
			r.Text += it.Text
		case "thinking":
			r.Thinking += it.Text
		}
	}
	if raw.Text != nil {
		r.Text = *raw.Text
	}
	if raw.Thinking != nil {
		r.Thinking = *raw.Thinking
	}
	switch {
	case raw.Error != "":
		r.Err = errors.New(raw.Error)
	case len(raw.Violations) > 0:
		r.Err = fmt.Errorf("%d violation(s): %s", len(raw.Violations), raw.Violations[0])
	}
	return r, nil
}

// LimitFlags renders lim as toolspec reassemble's flags, only those that
// are not the defaults.
func LimitFlags(lim toolspec.Limits) []string {
	var out []string
	for _, f := range limitFields(&lim) {
		if *f.v > 0 {
			out = append(out, "--"+f.name, strconv.Itoa(*f.v))
		}
	}
	if lim.NoParallel {
		out = append(out, "--no-parallel")
	}
	return out
}

type limitField struct {
	name string
	v    *int
}

func limitFields(l *toolspec.Limits) []limitField {
	return []limitField{
		{"max-calls", &l.MaxCalls}, {"max-arg-bytes", &l.MaxArgBytes}, {"max-response-bytes", &l.MaxResponseBytes},
		{"max-id-bytes", &l.MaxIDBytes}, {"max-name-bytes", &l.MaxNameBytes}, {"max-frame-bytes", &l.MaxFrameBytes},
		{"max-items", &l.MaxItems}, {"max-messages", &l.MaxMessages}, {"max-choices", &l.MaxChoices},
	}
}

// limitsJSON is the limits as TOOLSPEC_LIMITS holds them: the flag names,
// only those set.
func limitsJSON(lim toolspec.Limits) map[string]any {
	m := map[string]any{}
	for _, f := range limitFields(&lim) {
		if *f.v > 0 {
			m[f.name] = *f.v
		}
	}
	if lim.NoParallel {
		m["no-parallel"] = true
	}
	return m
}
