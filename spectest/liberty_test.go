package spectest

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
)

// failsOnBOM is the model, except that it fails every stream that starts
// with a byte-order mark, which SSE's rules strip and no provider is
// known to send.
type failsOnBOM struct{}

func (failsOnBOM) Describe() Description {
	return Description{Name: "fails on a BOM", Formats: []toolspec.Format{toolspec.FormatOpenAIChat}}
}

func (failsOnBOM) Reassemble(s Stream) (Result, error) {
	if bytes.HasPrefix(s.Data, []byte("\xEF\xBB\xBF")) {
		return Result{}, errors.New("invalid character 'ï' looking for beginning of value")
	}
	out := toolspec.Reassemble(s.Format, s.Data, s.Limits)
	return FromOutcome(out), out.Err()
}

// TestLibertyIsRobustness: a valid random stream that takes a liberty (a
// byte-order mark here) fails an adapter as a robustness finding, not on
// real traffic, and says which liberty it took.
func TestLibertyIsRobustness(t *testing.T) {
	rep, err := Check(func() Adapter { return failsOnBOM{} }, RandomOnly(), RandomValid(), Formats(toolspec.FormatOpenAIChat),
		RandomStreams(100), Seed(2), RandomFailures(1), ShrinkTime(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, c := range rep.Cases {
		for _, s := range c.Streams {
			failed++
			if s.Real || !strings.Contains(s.How, "liberties") || !strings.Contains(s.How, "bom") {
				t.Errorf("%s: real %v, drawn %q; want a robustness finding that names the bom", c.Name, s.Real, s.How)
			}
			for _, f := range s.Failures {
				if f.Real {
					t.Errorf("%s: failure %v on real traffic", c.Name, f)
				}
			}
		}
	}
	if failed == 0 {
		t.Fatal("no valid draw started with a byte-order mark: the test shows nothing")
	}
	if s := rep.Summary(); s.FailedReal != 0 || s.Failed == 0 {
		t.Errorf("summary %+v: want failures, none on real traffic", s)
	}
}
