package adapters

// This file stands in for spectest's translator mode until it lands
// (spectest.Translator and spectest.CheckTranslator, with the same
// signatures); delete it then and use spectest's.

import (
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Translator is code that turns a stream of one format into a stream of
// another, as a gateway or a compatibility layer does: Translate takes a
// stream of the source format and returns the translated stream's raw
// bytes, or an error when it fails the stream.
type Translator interface {
	Translate(s spectest.Stream) ([]byte, error)
}

// CheckTranslator runs the kit on the translators newTranslator makes, on
// the streams of format from: each translated stream is read back by
// toolspec's reassembler as format to, and what it yields (the calls, each
// finished when complete; the stop reason, the text and the thinking; an
// error when the translated stream is not whole) is judged against the
// model's outcome of the source stream, as an adapter's result is. A
// translator that declares a Description (a spectest.Describer) is named
// and versioned by it; its formats and claims are set here.
func CheckTranslator(newTranslator func() Translator, from, to toolspec.Format, opts ...spectest.Option) (*spectest.Report, error) {
	newAdapter := func() spectest.Adapter { return translated{t: newTranslator(), to: to, from: from} }
	return spectest.Check(newAdapter, append(opts, spectest.Formats(from))...)
}

// TranslatedAdapter is the adapter CheckTranslator judges: t's output,
// read back as format to.
func TranslatedAdapter(t Translator, from, to toolspec.Format) spectest.Adapter {
	return translated{t: t, from: from, to: to}
}

type translated struct {
	t        Translator
	from, to toolspec.Format
}

func (a translated) Describe() spectest.Description {
	var d spectest.Description
	if x, ok := a.t.(spectest.Describer); ok {
		d = x.Describe()
	}
	d.Formats = []toolspec.Format{a.from}
	d.StopReason, d.Text, d.Thinking = true, true, true
	d.Limits, d.Custom = false, false
	return d
}

func (a translated) Reassemble(s spectest.Stream) (spectest.Result, error) {
	out, err := a.t.Translate(s)
	if err != nil {
		return spectest.Result{}, err
	}
	o := toolspec.Reassemble(a.to, out, toolspec.Limits{})
	return spectest.FromOutcome(o), o.Err()
}
