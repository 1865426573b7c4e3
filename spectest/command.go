package spectest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
// JSON object, or takes longer than the kit's Timeout, fails the case; its
// exit status is not judged.
func Command(cmdline string, d Description) Adapter {
	return &command{line: cmdline, d: d}
}

type command struct {
	line string
	d    Description
}

func (c *command) Describe() Description { return c.d }

// Reassemble runs the command on one stream.
func (c *command) Reassemble(s Stream) (Result, error) {
	lim, err := json.Marshal(limitsJSON(s.Limits))
	if err != nil {
		return Result{}, err
	}
	line := strings.NewReplacer("{format}", string(s.Format), "{limits}", strings.Join(LimitFlags(s.Limits), " ")).Replace(c.line)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Env = append(os.Environ(), "TOOLSPEC_FORMAT="+string(s.Format), "TOOLSPEC_LIMITS="+string(lim))
	cmd.Stdin = bytes.NewReader(s.Data)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	r, err := ParseResponse(stdout.Bytes())
	if err != nil {
		detail := strings.TrimSpace(stderr.String())
		if len(detail) > 500 {
			detail = detail[:500] + "…"
		}
		if runErr != nil {
			detail = runErr.Error() + ": " + detail
		}
		panic(fmt.Sprintf("the adapter %q broke the protocol: %v (stderr: %s)", line, err, detail))
	}
	return r.Result, r.Err
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
// fails the stream). Unknown fields are ignored, so toolspec's whole
// outcome JSON is a valid answer.
func ParseResponse(data []byte) (Response, error) {
	var raw struct {
		Calls []struct {
			ID        *string `json:"id"`
			Name      *string `json:"name"`
			Arguments *string `json:"arguments"`
			Status    string  `json:"status"`
			Finished  *bool   `json:"finished"`
		} `json:"calls"`
		StopReason string            `json:"stop_reason"`
		Text       string            `json:"text"`
		Thinking   string            `json:"thinking"`
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
	r.Text, r.Thinking = raw.Text, raw.Thinking
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
