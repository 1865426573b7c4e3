package spectest

import (
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/model"
)

// modelAdapter runs the reference model.
type modelAdapter struct{}

func (modelAdapter) Describe() Description {
	return Description{Name: "model", StopReason: true, Text: true, Thinking: true, Limits: true, Custom: true}
}

func (modelAdapter) Reassemble(s Stream) (Result, error) {
	out := model.Reassemble(s.Format, s.Data, s.Limits)
	return FromOutcome(out), out.Err()
}

// TestToolspecPasses: the production reassembler passes the kit.
func TestToolspecPasses(t *testing.T) {
	Run(t, Toolspec, RandomStreams(50))
}

// TestModelPasses: the reference passes its own kit.
func TestModelPasses(t *testing.T) {
	Run(t, func() Adapter { return modelAdapter{} }, RandomStreams(20))
}

var _ = toolspec.FormatOpenAIChat
