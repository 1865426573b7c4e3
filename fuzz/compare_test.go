package fuzz

import (
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/impl"
	"github.com/toolspec/toolspec/spec"
)

// TestCompareCoversEveryField: for every field, at every depth, of the
// outcome, of both output types and of the events, a copy that differs in
// that field alone is reported different, under that field's name; so is a
// copy with one more element in any list. A field added to spec.Call,
// spec.Item, spec.Stop, spec.Violation, spec.Outcome, spec.Output,
// impl.Output or spec.Event is then compared by every differential test, or
// this test fails. impl's reports are compared through specOutput, so the
// conversion must carry every field of impl.Output too.
func TestCompareCoversEveryField(t *testing.T) {
	for _, root := range []any{spec.Outcome{}, spec.Output{}, impl.Output{}, spec.Event{}} {
		typ := reflect.TypeOf(root)
		name := typ.Name()
		t.Run(typ.String(), func(t *testing.T) {
			if d := diffValues(name, filled(typ).Interface(), filled(typ).Interface()); d != "" {
				t.Fatalf("two equal values differ: %s", d)
			}
			n := 0
			nodes(filled(typ), name, func(string, reflect.Value) { n++ })
			if n < typ.NumField() {
				t.Fatalf("only %d nodes under %s's %d fields", n, name, typ.NumField())
			}
			for k := 0; k < n; k++ {
				v, path := filled(typ), ""
				i := 0
				nodes(v, name, func(p string, x reflect.Value) {
					if i == k {
						path = p
						perturb(x)
					}
					i++
				})
				d := diffValues(name, filled(typ).Interface(), v.Interface())
				if !strings.HasPrefix(d, path+":") {
					t.Errorf("a value that differs only in %s: the comparison reports %q", path, d)
				}
				if typ == reflect.TypeOf(impl.Output{}) {
					o := v.Addr().Interface().(*impl.Output)
					base := filled(typ).Addr().Interface().(*impl.Output)
					if diffValues("Output", specOutput(base), specOutput(o)) == "" {
						t.Errorf("specOutput drops %s", path)
					}
				}
			}
		})
	}
}

// filled returns an addressable value of type typ with every field, at
// every depth, set to a non-zero value, and every list holding one element.
func filled(typ reflect.Type) reflect.Value {
	v := reflect.New(typ).Elem()
	fill(v)
	return v
}

func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i))
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.String:
		v.SetString("s")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Bool:
		v.SetBool(true)
	default:
		panic("fuzz: cannot fill " + v.Type().String())
	}
}

// nodes calls visit, in a fixed order, with every field and list under v
// and its path (structs themselves are not visited: their fields are).
func nodes(v reflect.Value, path string, visit func(string, reflect.Value)) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			nodes(v.Field(i), path+"."+v.Type().Field(i).Name, visit)
		}
		return
	case reflect.Pointer:
		nodes(v.Elem(), path, visit)
		return
	case reflect.Slice:
		visit(path, v)
		if v.Type().Elem().Kind() != reflect.Uint8 {
			nodes(v.Index(0), path+"[0]", visit)
		}
		return
	}
	visit(path, v)
}

// perturb changes v, a node of a filled value: a scalar to another value, a
// list to one more element.
func perturb(v reflect.Value) {
	switch v.Kind() {
	case reflect.Slice:
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e)
		v.Set(reflect.Append(v, e))
	case reflect.String:
		v.SetString(v.String() + "'")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	default:
		panic("fuzz: cannot perturb " + v.Type().String())
	}
}
