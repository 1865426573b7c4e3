package spectest

import (
	"strings"

	"github.com/toolspec/toolspec/scenario"
)

// CheckScenario judges the adapters newAdapter makes on one scenario, as
// [Check] judges a scenario of the corpus: it is how a failure that Check
// reported, written out as a scenario, is replayed, and how a reducer
// tells whether a smaller stream still fails. The case is named after
// sc.Name without ".txtar"; opts are Check's (the random streams aside;
// an [Expect] of the case's name applies).
func CheckScenario(newAdapter func() Adapter, sc *scenario.Scenario, opts ...Option) CaseResult {
	o := newOptions(opts)
	c := scenarioCase(strings.TrimSuffix(sc.Name, ".txtar"), sc)
	return o.expectIn(scenarioResult(c, runCase(newAdapter, o, c)))
}
