package ollamaapi

import (
	"encoding/json"

	"github.com/ollama/ollama/api"
	"github.com/toolspec/toolspec"
)

// Collect returns the function to pass to the client's Chat: it pushes
// every response into a (see [Push]) and then calls fn with it (fn may be
// nil). Once a breaks a terminal rule it returns the assembler's error,
// which ends Chat. Pass Chat's error to [Finish] for the outcome.
func Collect(a *toolspec.Assembler, fn api.ChatResponseFunc) api.ChatResponseFunc {
	return func(r api.ChatResponse) error {
		if err := Push(a, r); err != nil {
			return err
		}
		if fn != nil {
			return fn(r)
		}
		return nil
	}
}

// Push feeds one response, as Ollama's client decoded it, to a. The client
// keeps no raw bytes, so Push re-encodes the response with encoding/json:
// what the client's types do not hold is not pushed (an unknown member, an
// error line, which the client returns as Chat's error), and what they
// hold is pushed in their form (a call's missing index as 0, the
// arguments in the order received but their numbers as float64 gives
// them). The outcome's calls, text and stops are the raw bytes' on every
// shared capture; what only the raw bytes give is documented on [Finish].
// Push returns the assembler's error (a terminal violation).
func Push(a *toolspec.Assembler, r api.ChatResponse) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return a.PushPayload("", b)
}

// Finish ends the stream that a was fed from: err is the error Chat
// returned. It returns the outcome of what was pushed and err as it is.
//
// Only a [Tee] gets these right, from the raw bytes: an error line
// ({"error":...}, which Ollama sends when generation fails mid-stream and
// the client returns as a bare error) is END-5 with its payload, where the
// pushed outcome reads as truncated; a line the body was cut inside is the
// outcome's tail, where the client reports it as an error (it decodes the
// cut line) and nothing is pushed. A body that ends after a whole line
// without the done line gives a nil error from Chat, and the outcome says
// what the lines pushed say: truncated. (A read that fails Chat returns
// since v0.30.0; up to v0.17.4 Client.stream never asked its bufio.Scanner
// for the error and returned nil.)
func Finish(a *toolspec.Assembler, err error) (toolspec.Outcome, error) {
	return a.Close(), err
}
