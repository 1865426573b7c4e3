package fuzz

import (
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/model"
	"pgregory.net/rapid"
)

func checkEvents(t *rapid.T) {
	f, lim, evs := gen.Stream(t, true)
	sameOutcome(t, string(f)+" events", model.Run(f, lim, evs), impl.RunEvents(f, lim, evs))
}
