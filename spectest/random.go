package spectest

import (
	"bytes"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/spec"
	"pgregory.net/rapid"
)

// This file holds the random streams of a case (random/<format>): how they
// are drawn, how the draws go on past a failure to find distinct ones, how
// a failing stream is shrunk, and how a failure that names no rule is given
// one.

// drawStream draws one random stream of format f: from the valid generator
// only under RandomValid, else valid or mutated, one in two; of one
// response only for an adapter that does not claim SeveralResponses
// (o.oneResponse). how says which.
func drawStream(rt *rapid.T, o options, f toolspec.Format) (data []byte, how string) {
	g := gen.Options{OneResponse: o.oneResponse}
	if !o.validOnly && rapid.Bool().Draw(rt, "mutated") {
		data, muts := g.Mutated(rt, f)
		return data, "mutated: " + strings.Join(muts, ", ")
	}
	r, data := g.Valid(rt, f)
	if len(r.Liberties) > 0 {
		// A shape the format allows that no provider is known to send:
		// a robustness finding, not real traffic.
		return data, "valid, with liberties no provider is known to take: " + strings.Join(r.Liberties, ", ")
	}
	return data, "valid"
}

// unskipped returns the failures of fs whose rule o does not skip.
func (o options) unskipped(fs []Failure) []Failure {
	var out []Failure
	for _, x := range fs {
		if _, skip := o.skip[x.Rule]; !skip {
			out = append(out, x)
		}
	}
	return out
}

// adapterRandom is the case random/<f> of the adapters newAdapter makes.
func adapterRandom(name string, newAdapter func() Adapter, o options, f toolspec.Format) CaseResult {
	o.oneResponse = !describe(newAdapter()).SeveralResponses
	mk := func(data []byte) kase { return kase{name: name, format: f, limits: o.limits, data: data, random: true} }
	return randomCase(name, o, f, mk, func(c kase) []Failure { return runCase(newAdapter, o, c).failures })
}

// randomCase draws the random streams of format f of one case (mk makes a
// case of a stream, judge judges it) and reports up to o.failures
// distinct failing ones.
//
// The draws run in rounds, each a rapid.Check over the streams left to
// draw, from the seed after the last failing one. A round looks for a
// stream with a MUST failure of a signature (level, rule and departure,
// see signature) that no stream before it gave; rapid then shrinks it
// keeping a failure of one of those new signatures (so that it cannot
// drift into a frequent failure already found), and reduceFrames removes
// frames while one is kept. The signatures of the shrunk stream's
// departures are found from then on. A shrunk stream with the rules and
// shape of one already reported is counted, not reported. The rounds end
// when o.random streams are drawn, when a round finds no new failure, or
// at o.failures streams. Then, while fewer than o.failures streams are
// reported, the streams met on the way that had a warning (SHOULD) of a
// new signature and no new failure are shrunk frame by frame, keeping
// that warning, and reported after the failing ones: warnings never take
// the place of a failure.
func randomCase(name string, o options, f toolspec.Format, mk func([]byte) kase, judge func(kase) []Failure) CaseResult {
	res := CaseResult{Name: name}
	found := map[string]bool{}  // the signatures of the departures found
	warned := map[string]bool{} // the signatures of the warnings met
	var pending []failing       // the streams that met them
	var shapes []string         // of the streams reported
	again := 0                  // streams that shrank to a reported shape
	var all, rapidFailures []Failure
	judged := func(c kase) []Failure { return o.unskipped(judge(c)) }
	// report1 reports stream c, shrunk, unless it has the shape of one
	// reported, and returns the seed rapid drew it with (0: unknown).
	report1 := func(c kase, how string, fs []Failure, rapidLog string) uint64 {
		for _, x := range fs {
			found[signature(x)] = true
		}
		fsm := FailingStream{Failures: fs, Real: c.seen, How: how, Input: c.data, Scenario: Scenario(name, c.format, c.limits, c.data, fs)}
		if m := rapidSeed.FindStringSubmatch(rapidLog); m != nil {
			fsm.Seed, _ = strconv.ParseUint(m[1], 10, 64)
		}
		sh := shape(c, fs)
		if slices.Contains(shapes, sh) {
			again++
			return fsm.Seed
		}
		shapes = append(shapes, sh)
		shrunk := "shrunk by rapid, then frame by frame"
		if rapidLog == "" {
			shrunk = "shrunk frame by frame"
		}
		fsm.Message = strings.TrimSpace(report(c, "drawn "+fsm.How+"; "+shrunk, fs))
		if fsm.Seed != 0 {
			fsm.Message += fmt.Sprintf("\n\nThe draw reruns with -rapid.seed=%d (Seed(%d), toolspec-kit check --seed %d) and the same options: the stream is then the first drawn.", fsm.Seed, fsm.Seed, fsm.Seed)
		}
		res.Streams = append(res.Streams, fsm)
		all = append(all, fs...)
		return fsm.Seed
	}
	left, seed := o.random, o.seed
	for left > 0 && len(res.Streams) < o.failures {
		r := &round{found: found, warned: warned, pending: &pending}
		tb := &collectTB{name: name}
		withRapid(o, left, seed, func() {
			rapid.Check(tb, func(rt *rapid.T) {
				data, how := drawStream(rt, o, f)
				c := mk(data)
				c.seen = how == "valid"
				r.check(rt, c, how, judged(c))
			})
		})
		left -= r.drawn
		if !tb.failed {
			break
		}
		if r.last == nil { // rapid failed, not the property
			msg := strings.TrimSpace(tb.log.String())
			rapidFailures = append(rapidFailures, Failure{Case: name, Got: msg, Want: "no failure"})
			res.Message = joinMessages(res.Message, msg)
			break
		}
		c, fs := reduceFrames(r.last.c, func(got []Failure) bool { return r.targets(got) }, judged)
		seed = 0 // a new seed of rapid's, unless the failing one is known
		if s := report1(c, r.last.how, fs, tb.log.String()); s != 0 {
			seed = s + 1
		}
	}
	failing := len(res.Streams)
	for _, p := range pending {
		if len(res.Streams) >= o.failures {
			break
		}
		target := map[string]bool{}
		for _, x := range judged(p.c) {
			if x.Level == spec.LevelShould && !found[signature(x)] {
				target[signature(x)] = true
			}
		}
		if len(target) == 0 {
			continue // found on a stream reported since
		}
		keep := func(got []Failure) bool {
			return slices.ContainsFunc(got, func(x Failure) bool { return target[signature(x)] })
		}
		c, fs := reduceFrames(p.c, keep, judged)
		report1(c, p.how, fs, "")
	}
	res.setFailures(all)
	res.Failures = append(res.Failures, rapidFailures...)
	if len(res.Streams) == 0 {
		return res
	}
	res.Scenario = res.Streams[0].Scenario
	if failing == 0 {
		return res // warnings only
	}
	if failing == 1 && again == 0 {
		res.Message = joinMessages(res.Streams[0].Message, res.Message)
		return res
	}
	msgs := []string{fmt.Sprintf("%d distinct failing random streams:", failing)}
	for i, s := range res.Streams[:failing] {
		msgs = append(msgs, fmt.Sprintf("Failing stream %d of %d:\n%s", i+1, failing, s.Message))
	}
	if again > 0 {
		msgs = append(msgs, fmt.Sprintf("%d more failing stream(s) shrank to the rules and shape of one above.", again))
	}
	res.Message = joinMessages(strings.Join(msgs, "\n\n"), res.Message)
	return res
}

func joinMessages(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n\n" + b
}

// round is one rapid.Check of randomCase.
type round struct {
	found  map[string]bool // the signatures found by the rounds before
	drawn  int             // streams drawn before rapid began to shrink
	target map[string]bool // the new signatures of the first failing stream
	last   *failing        // the last failing stream: once rapid is done, the shrunk one
	// warned are the signatures of the warnings met on streams with no
	// new failure, and pending those streams, in the order met.
	warned  map[string]bool
	pending *[]failing
}

// failing is a failing stream and how it was drawn.
type failing struct {
	c   kase
	how string
}

// check fails rt when stream c, drawn as how, has MUST failures fs of a
// new signature: before the first failure, of one not found yet; from it
// on (rapid shrinks), of one of that first stream's new signatures. A
// stream drawn before the first failure that has no new failure but a
// warning of a new signature is kept in r.pending.
func (r *round) check(rt *rapid.T, c kase, how string, fs []Failure) {
	if r.target == nil {
		r.drawn++
		fresh := map[string]bool{}
		var warn []string
		for _, x := range fs {
			s := signature(x)
			switch {
			case r.found[s]:
			case x.Level == spec.LevelMust:
				fresh[s] = true
			case x.Level == spec.LevelShould && !r.warned[s]:
				warn = append(warn, s)
			}
		}
		if len(fresh) == 0 {
			if len(warn) > 0 && r.pending != nil {
				for _, s := range warn {
					r.warned[s] = true
				}
				*r.pending = append(*r.pending, failing{c: c, how: how})
			}
			return
		}
		r.target = fresh
	} else if !r.targets(fs) {
		return
	}
	r.last = &failing{c: c, how: how}
	// Short: rapid formats it at every step of the shrinking; the
	// scenario is written once, at the end.
	var b strings.Builder
	for _, x := range fs {
		b.WriteString(x.Error() + "\n")
	}
	rt.Fatalf("%s", b.String())
}

// targets reports whether fs has a failure of one of r's target
// signatures.
func (r *round) targets(fs []Failure) bool {
	for _, x := range fs {
		if r.target[signature(x)] {
			return true
		}
	}
	return false
}

// signature is what tells failures apart: the rule and the form of what
// the adapter got wrong (its Got without the values: the quoted strings
// and the numbers), after the level when it is not MUST, or the kind of a
// protocol failure. "call #0 with id \"a\"" and "call #2 with id \"b\""
// under ID-1 are one; an error on a whole stream and a call wrongly
// finished under ORD-1 are two.
func signature(f Failure) string {
	if f.Protocol != nil {
		return "protocol: " + f.Protocol.Kind.Error()
	}
	sig := string(f.Rule) + ": " + form(f.Got)
	if f.Level != spec.LevelMust {
		sig = f.Level.String() + " " + sig
	}
	return sig
}

// form returns s with each quoted string written "" and each number N,
// but for the numbers of rule IDs (ID-6).
func form(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			b.WriteString(`""`)
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if i > 0 && s[i-1] == '-' {
				b.WriteString(s[i:j])
			} else {
				b.WriteByte('N')
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// shape is what tells apart two shrunk streams that fail the same way:
// the rules of their failures and the form of the model's transcript of
// each (its lines without ids, names, arguments, text and numbers).
func shape(c kase, fs []Failure) string {
	var rules []string
	for _, x := range fs {
		rules = append(rules, string(x.Rule))
	}
	slices.Sort(rules)
	return strings.Join(slices.Compact(rules), " ") + "\n" + form(model.Reassemble(c.format, c.data, spec.Limits(c.limits)).String())
}

// withRapid runs fn with rapid's flags set for o, checks and seed (0: one
// of rapid's), and without fail files. rapid reads them from the command
// line's flag set.
func withRapid(o options, checks int, seed uint64, fn func()) {
	if testing.Short() {
		// rapid draws a fifth of its checks under -short; the kit's
		// count (RandomStreams, the streams left) is exact.
		checks *= 5
	}
	set := map[string]string{"rapid.checks": strconv.Itoa(checks), "rapid.shrinktime": o.shrink.String(), "rapid.nofailfile": "true"}
	if seed != 0 {
		set["rapid.seed"] = strconv.FormatUint(seed, 10)
	}
	restore := map[string]string{}
	for k, v := range set {
		if fl := flag.Lookup(k); fl != nil {
			restore[k] = fl.Value.String()
			_ = fl.Value.Set(v)
		}
	}
	defer func() {
		for k, v := range restore {
			_ = flag.Lookup(k).Value.Set(v)
		}
	}()
	fn()
}

// rapidSeed finds the seed in rapid's report of a failure.
var rapidSeed = regexp.MustCompile(`-rapid\.seed=([0-9]+)`)

// reduceFrames removes frames of c's stream, one at a time and greedily,
// as long as judge's failures keep it failing (keep). It returns the
// smaller case and its failures.
func reduceFrames(c kase, keep func([]Failure) bool, judge func(kase) []Failure) (kase, []Failure) {
	fs := judge(c)
	frames := splitFrames(c)
	for changed := true; changed && len(frames) > 1; {
		changed = false
		for i := 0; i < len(frames) && len(frames) > 1; i++ {
			try := append(append([][]byte(nil), frames[:i]...), frames[i+1:]...)
			d := c
			d.data = bytes.Join(try, nil)
			if got := judge(d); keep(got) {
				frames, c, fs, changed = try, d, got, true
				i--
			}
		}
	}
	return c, fs
}

// attribute gives a rule to each failure of the random case c that names
// none (an error on a whole stream, a panic, a time-out: judge gives a
// scenario's such failures the scenario's first rule, a random stream has
// none), from want, the reference outcome of c's stream, and says how in
// the failure's Why. A protocol failure keeps none: there is no answer.
func attribute(fs []Failure, c kase, want toolspec.Outcome) {
	for i := range fs {
		if fs[i].Rule == "" && fs[i].Protocol == nil {
			fs[i].Rule, fs[i].Why = attribution(c, want)
		}
	}
}

// attribution is the rule the model's outcome o of c's stream gives a
// departure that names none, and why: the stream's violation (a terminal
// one first), else the rule that keeps a call from completing (END-3,
// END-2), else END-3 for a stream cut or cut short, else ORD-1 when the
// model completes calls (every call is output), else NoRule.
func attribution(c kase, o toolspec.Outcome) (toolspec.RuleID, string) {
	const from = "rule from the model's outcome of the stream: "
	for _, terminal := range []bool{true, false} {
		for _, v := range o.Violations {
			if (v.Class == toolspec.ClassTerminal) == terminal {
				return v.Rule, fmt.Sprintf("%sa %s violation of %s (%s)", from, v.Class, v.Rule, v.Message)
			}
		}
	}
	for _, m := range o.Calls {
		if m.Status != toolspec.StatusComplete {
			return ruleOf(o, m), fmt.Sprintf("%scall #%d %q is %s (%s)", from, m.Ordinal, m.Name, m.Status, why(o, m))
		}
	}
	if r := o.StopReason(); r == toolspec.StopTruncated || r == toolspec.StopLength {
		return toolspec.EndTruncation, from + "it ends with stop " + string(r)
	}
	if len(o.Calls) > 0 {
		return toolspec.OrdFirstSeen, fmt.Sprintf("%sit completes %d call(s) (%s), and every call is output", from, len(o.Calls), names(o))
	}
	return NoRule, fmt.Sprintf("no rule: the model's outcome of the stream has no violation and no call, and it ends with stop %s, "+
		"so no rule of SPEC.md can be told from it; what an adapter can fail on in such a stream is its framing (%s) or its payloads (FRAME-4, FRAME-5)",
		stopName(o.StopReason()), framingOf(c))
}

// framingOf names the framing of c's stream and its rule, as FRAME-2
// detects it: from the first byte that is not white space or a
// byte-order mark.
func framingOf(c kase) string {
	d := bytes.TrimLeft(c.data, " \t\r\n\xEF\xBB\xBF")
	switch {
	case c.format == toolspec.FormatOllama || len(d) > 0 && (d[0] == '{' || d[0] == '['):
		return "FRAME-2: JSON lines"
	case c.format == toolspec.FormatBedrock:
		return "FRAME-3: the event-stream"
	}
	return "FRAME-1: SSE"
}
