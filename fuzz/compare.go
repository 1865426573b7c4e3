package fuzz

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

// This file holds the one comparison every differential test of the
// package uses. The canonical transcript (Outcome.String) is what a golden
// file holds and what a failure prints, but it does not show every field (a
// call's Message, a signature item's Text, a call no item points at), so
// transcripts are not what is compared: two values are equal when every
// exported field, at every depth, is; the first field that differs is
// named. TestCompareCoversEveryField (compare_test.go) keeps the comparison complete as the
// types grow.

// fataler is what the comparisons need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// diffValues returns "" when want and got are equal in every field, or one
// line naming the first field (by its path from root) that differs, with
// the model's value and impl's. A nil slice equals an empty one, and a nil
// pointer the zero value it points to: no reader of an outcome can tell
// them apart. It panics on a field of a kind it cannot compare, so that a
// new field of such a kind fails TestCompareCoversEveryField instead of
// being skipped.
func diffValues(root string, want, got any) string {
	d := firstDiff(reflect.ValueOf(want), reflect.ValueOf(got))
	if d == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(root)
	for i := len(d.path) - 1; i >= 0; i-- {
		b.WriteString(d.path[i])
	}
	return b.String() + ": " + d.what
}

// difference is where two values first differ: the steps of the path to
// the field, innermost first (built only once a difference is found), and
// how it differs.
type difference struct {
	path []string
	what string
}

func (d *difference) in(step string) *difference {
	d.path = append(d.path, step)
	return d
}

func firstDiff(w, g reflect.Value) *difference {
	if w.Type() != g.Type() {
		return &difference{what: fmt.Sprintf("model has a %s, impl a %s", w.Type(), g.Type())}
	}
	switch w.Kind() {
	case reflect.Struct:
		for i := 0; i < w.NumField(); i++ {
			if d := firstDiff(w.Field(i), g.Field(i)); d != nil {
				return d.in("." + w.Type().Field(i).Name)
			}
		}
		return nil
	case reflect.Pointer:
		switch {
		case w.IsNil() && g.IsNil():
			return nil
		case w.IsNil():
			return firstDiff(reflect.New(w.Type().Elem()).Elem(), g.Elem())
		case g.IsNil():
			return firstDiff(w.Elem(), reflect.New(g.Type().Elem()).Elem())
		}
		return firstDiff(w.Elem(), g.Elem())
	case reflect.Slice:
		if w.Type().Elem().Kind() == reflect.Uint8 {
			if ws, gs := string(w.Bytes()), string(g.Bytes()); ws != gs {
				return &difference{what: fmt.Sprintf("model %q, impl %q", ws, gs)}
			}
			return nil
		}
		for i := 0; i < min(w.Len(), g.Len()); i++ {
			if d := firstDiff(w.Index(i), g.Index(i)); d != nil {
				return d.in("[" + strconv.Itoa(i) + "]")
			}
		}
		switch {
		case w.Len() > g.Len():
			return &difference{what: fmt.Sprintf("model has %d, impl %d; the model's [%d] is %s", w.Len(), g.Len(), g.Len(), show(w.Index(g.Len())))}
		case w.Len() < g.Len():
			return &difference{what: fmt.Sprintf("model has %d, impl %d; impl's [%d] is %s", w.Len(), g.Len(), w.Len(), show(g.Index(w.Len())))}
		}
		return nil
	case reflect.String:
		if w.String() != g.String() {
			return &difference{what: fmt.Sprintf("model %q, impl %q", w.String(), g.String())}
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if w.Int() != g.Int() {
			return &difference{what: fmt.Sprintf("model %s, impl %s", show(w), show(g))}
		}
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if w.Uint() != g.Uint() {
			return &difference{what: fmt.Sprintf("model %s, impl %s", show(w), show(g))}
		}
		return nil
	case reflect.Bool:
		if w.Bool() != g.Bool() {
			return &difference{what: fmt.Sprintf("model %v, impl %v", w.Bool(), g.Bool())}
		}
		return nil
	}
	panic("fuzz: the comparison cannot compare a " + w.Type().String() + " (kind " + w.Kind().String() + "); teach firstDiff")
}

// show formats a value for a difference line: with its String method when
// it has one (a Status, a Kind), and Go syntax otherwise.
func show(v reflect.Value) string {
	if !v.CanInterface() {
		return fmt.Sprint(v)
	}
	x := v.Interface()
	if s, ok := x.(fmt.Stringer); ok && v.Kind() != reflect.Struct {
		return fmt.Sprintf("%d (%s)", v.Interface(), s)
	}
	return fmt.Sprintf("%+v", x)
}

// sameOutcome fails t unless got (impl's) equals want (the model's) in
// every field. The failure names the first field that differs, then shows
// both transcripts; what names the input.
func sameOutcome(t fataler, what string, want, got spec.Outcome) {
	t.Helper()
	if d := diffValues("Outcome", want, got); d != "" {
		t.Fatalf("%s: impl differs from the model: %s\n--- model\n%s--- impl\n%s", what, d, want, got)
	}
}

// sameOutcomes is sameOutcome for two outcomes of impl (the same stream
// fed two ways): the first is the reference.
func sameOutcomes(t fataler, what string, ref, got spec.Outcome) {
	t.Helper()
	if d := diffValues("Outcome", ref, got); d != "" {
		d = strings.NewReplacer(": model ", ": first ", ", impl ", ", second ").Replace(d)
		t.Fatalf("%s: %s\n--- first\n%s--- second\n%s", what, d, ref, got)
	}
}

// sameOutputs fails t unless got (impl's reports, converted by specOutput)
// equals want (the model's Step outputs) in every field of every output.
func sameOutputs(t fataler, what string, want, got []spec.Output) {
	t.Helper()
	if d := diffValues("Outputs", want, got); d != "" {
		t.Fatalf("%s: impl's outputs differ from the model's: %s\n--- model\n%s\n--- impl\n%s", what, d, showOutputs(want), showOutputs(got))
	}
}

func showOutputs(os []spec.Output) string {
	var b strings.Builder
	for i, o := range os {
		fmt.Fprintf(&b, "%d: %s\n", i, o)
	}
	return b.String()
}

// sameEvents fails t unless impl's decoded events and violation equal the
// model's in every field.
func sameEvents(t fataler, what string, want []spec.Event, wantV *spec.Violation, got []spec.Event, gotV *spec.Violation) {
	t.Helper()
	d := diffValues("Events", want, got)
	if d == "" {
		d = diffValues("Violation", wantV, gotV)
		if d == "" && (wantV == nil) != (gotV == nil) {
			d = fmt.Sprintf("Violation: model %v, impl %v", wantV, gotV)
		}
	}
	if d != "" {
		t.Fatalf("%s: impl.Decode differs from model.Decode: %s\n--- model\n%v\n%v\n--- impl\n%v\n%v", what, d, want, wantV, got, gotV)
	}
}

// specOutput converts one of impl's reports to the model's Output type,
// field by field and by name: Data is copied (impl lends it for the
// callback only), a nil Violation becomes the zero one. Every field of
// either type must have its twin in the other; TestCompareCoversEveryField
// holds it.
func specOutput(o *impl.Output) spec.Output {
	var so spec.Output
	dst := reflect.ValueOf(&so).Elem()
	src := reflect.ValueOf(o).Elem()
	if src.NumField() != dst.NumField() {
		panic(fmt.Sprintf("fuzz: impl.Output has %d fields, spec.Output %d", src.NumField(), dst.NumField()))
	}
	for i := 0; i < src.NumField(); i++ {
		name := src.Type().Field(i).Name
		d, s := dst.FieldByName(name), src.Field(i)
		if !d.IsValid() {
			panic("fuzz: spec.Output has no field " + name)
		}
		switch {
		case s.Type() == d.Type():
			d.Set(s)
		case s.Kind() == reflect.Slice && s.Type().Elem().Kind() == reflect.Uint8 && d.Kind() == reflect.String:
			d.SetString(string(s.Bytes()))
		case s.Kind() == reflect.Pointer && s.Type().Elem() == d.Type():
			if !s.IsNil() {
				d.Set(s.Elem())
			}
		default:
			panic(fmt.Sprintf("fuzz: impl.Output.%s is a %s, spec.Output's a %s", name, s.Type(), d.Type()))
		}
	}
	return so
}
