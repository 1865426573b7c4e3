package thirdparty

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
)

// The comparison of a request body with what an SDK writes back: JSON
// values, not bytes. An object's members compare whatever their order, a
// number compares as a number (1 and 1.0 are one value; the exact
// decimal, with no rounding to float64), every other value as itself.

// jsonDiff is one difference between two JSON values: the path of the
// member or element ("$.messages[0].content"), and its value in the body
// (want) and in the SDK's output (got), each compact JSON, or absent.
type jsonDiff struct {
	Path      string
	Want, Got string
}

// absent stands for a member or element that one side does not have.
const absent = "(absent)"

// keptRaw, as a difference's Got, says the SDK's decoder kept the value
// verbatim, as raw JSON, for no type of its own takes it (keptVerbatim).
const keptRaw = "(kept raw)"

// String renders d as a line of a failure.
func (d jsonDiff) String() string {
	switch {
	case d.Got == keptRaw:
		return fmt.Sprintf("%s: no type of the SDK takes the value, and its decoder keeps it verbatim", d.Path)
	case d.Got == absent:
		return fmt.Sprintf("%s: %s dropped by the SDK", d.Path, d.Want)
	case d.Want == absent:
		return fmt.Sprintf("%s: %s added by the SDK", d.Path, d.Got)
	}
	return fmt.Sprintf("%s: %s in the body, %s from the SDK", d.Path, d.Want, d.Got)
}

// decodeJSON decodes one JSON value, numbers as json.Number, and nothing
// after it.
func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

// diffJSON returns every difference between the JSON values want and got,
// in path order; none when they are the same value.
func diffJSON(want, got []byte) ([]jsonDiff, error) {
	w, err := decodeJSON(want)
	if err != nil {
		return nil, fmt.Errorf("the body: %w", err)
	}
	g, err := decodeJSON(got)
	if err != nil {
		return nil, fmt.Errorf("the SDK's output: %w", err)
	}
	var out []jsonDiff
	diffValue("$", w, g, &out)
	return out, nil
}

// diffValue appends the differences between w and g at path to out.
func diffValue(path string, w, g any, out *[]jsonDiff) {
	switch wv := w.(type) {
	case map[string]any:
		gv, ok := g.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(wv)+len(gv))
		for k := range wv {
			keys = append(keys, k)
		}
		for k := range gv {
			if _, ok := wv[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := memberPath(path, k)
			we, wok := wv[k]
			ge, gok := gv[k]
			switch {
			case !gok:
				*out = append(*out, jsonDiff{p, compact(we), absent})
			case !wok:
				*out = append(*out, jsonDiff{p, absent, compact(ge)})
			default:
				diffValue(p, we, ge, out)
			}
		}
		return
	case []any:
		gv, ok := g.([]any)
		if !ok {
			break
		}
		for i := 0; i < len(wv) || i < len(gv); i++ {
			p := path + "[" + strconv.Itoa(i) + "]"
			switch {
			case i >= len(gv):
				*out = append(*out, jsonDiff{p, compact(wv[i]), absent})
			case i >= len(wv):
				*out = append(*out, jsonDiff{p, absent, compact(gv[i])})
			default:
				diffValue(p, wv[i], gv[i], out)
			}
		}
		return
	case json.Number:
		if gv, ok := g.(json.Number); ok && sameNumber(wv, gv) {
			return
		}
	default: // string, bool, nil
		if w == g {
			return
		}
	}
	*out = append(*out, jsonDiff{path, compact(w), compact(g)})
}

// memberPath appends member k to path, bare when it is an identifier.
func memberPath(path, k string) string {
	for _, r := range k {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return path + "[" + strconv.Quote(k) + "]"
		}
	}
	return path + "." + k
}

// sameNumber reports whether a and b are the same number, exactly.
func sameNumber(a, b json.Number) bool {
	ra, ok1 := new(big.Rat).SetString(string(a))
	rb, ok2 := new(big.Rat).SetString(string(b))
	if !ok1 || !ok2 {
		return a == b
	}
	return ra.Cmp(rb) == 0
}

// compact renders v as compact JSON, its object members sorted.
func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(%v)", err)
	}
	return string(b)
}
