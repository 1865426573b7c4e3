package workload

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// Check compares an outcome with what a correct reassembly of w yields:
// every call complete with its id, name and arguments, the text and
// thinking whole, one message, the stop reason, and no violation. It
// returns nil when they agree, else an error that lists every difference.
func (w *Workload) Check(o spec.Outcome) error {
	want := w.Want()
	var errs []string
	for _, v := range o.Violations {
		errs = append(errs, "violation: "+v.String())
	}
	if len(o.Calls) != len(want.Calls) {
		errs = append(errs, fmt.Sprintf("%d calls, want %d", len(o.Calls), len(want.Calls)))
	}
	for i := 0; i < len(o.Calls) && i < len(want.Calls); i++ {
		c, wc := o.Calls[i], want.Calls[i]
		if c.Status != spec.StatusComplete || c.ID != wc.ID || c.Name != wc.Name || c.Args != wc.Args {
			errs = append(errs, fmt.Sprintf("call %d: %s id=%q name=%q %d argument bytes (equal: %v); want complete id=%q name=%q %d bytes",
				i, c.Status, c.ID, c.Name, len(c.Args), c.Args == wc.Args, wc.ID, wc.Name, len(wc.Args)))
		}
	}
	var text, thinking strings.Builder
	for _, it := range o.Items {
		switch it.Kind {
		case spec.ItemText:
			text.WriteString(it.Text)
		case spec.ItemThinking:
			thinking.WriteString(it.Text)
		}
	}
	if text.String() != want.Text {
		errs = append(errs, fmt.Sprintf("text: %d bytes, want %d (equal: false)", text.Len(), len(want.Text)))
	}
	if thinking.String() != want.Thinking {
		errs = append(errs, fmt.Sprintf("thinking: %d bytes, want %d (equal: false)", thinking.Len(), len(want.Thinking)))
	}
	if o.Messages != 1 || o.StopReason() != want.Stop {
		errs = append(errs, fmt.Sprintf("%d messages, stop %q; want 1, %q", o.Messages, o.StopReason(), want.Stop))
	}
	if errs == nil {
		return nil
	}
	return fmt.Errorf("%s: %s", w.Name, strings.Join(errs, "\n"))
}
