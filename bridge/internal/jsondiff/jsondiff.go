// Package jsondiff lists where two JSON documents differ, for the bridges'
// comparisons with the SDKs' own accumulation.
package jsondiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
)

// Diff returns one line per difference between the SDK's JSON and the
// bridge's: "PATH: only in the SDK", "PATH: only in the bridge" or "PATH:
// differs", PATH naming the member or element (content[2].caller). Arrays
// of unequal length are aligned on their elements' "type" members, so that
// an element one side left out shows as that element alone; the indices are
// each side's own.
func Diff(sdk, bridge []byte) ([]string, error) {
	a, err := decode(sdk)
	if err != nil {
		return nil, fmt.Errorf("the SDK's JSON: %w", err)
	}
	b, err := decode(bridge)
	if err != nil {
		return nil, fmt.Errorf("the bridge's JSON: %w", err)
	}
	var out []string
	walk(&out, "", a, b)
	return out, nil
}

// Value returns the JSON text at path in doc, for failure messages, or "".
func Value(doc []byte, path string) string {
	v, err := decode(doc)
	if err != nil {
		return ""
	}
	found := ""
	find(&found, "", v, path)
	return found
}

func decode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func walk(out *[]string, path string, a, b any) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			p := k
			if path != "" {
				p = path + "." + k
			}
			x, inA := av[k]
			y, inB := bv[k]
			switch {
			case !inB:
				*out = append(*out, p+": only in the SDK")
			case !inA:
				*out = append(*out, p+": only in the bridge")
			default:
				walk(out, p, x, y)
			}
		}
		return
	case []any:
		bv, ok := b.([]any)
		if !ok {
			break
		}
		if len(av) == len(bv) {
			for i := range av {
				walk(out, path+"["+strconv.Itoa(i)+"]", av[i], bv[i])
			}
			return
		}
		j := 0
		for i := range av {
			if j < len(bv) && typeOf(av[i]) == typeOf(bv[j]) {
				walk(out, path+"["+strconv.Itoa(i)+"]", av[i], bv[j])
				j++
				continue
			}
			*out = append(*out, path+"["+strconv.Itoa(i)+"] ("+typeOf(av[i])+"): only in the SDK")
		}
		for ; j < len(bv); j++ {
			*out = append(*out, path+"["+strconv.Itoa(j)+"] ("+typeOf(bv[j])+"): only in the bridge")
		}
		return
	}
	if !reflect.DeepEqual(a, b) {
		*out = append(*out, path+": differs")
	}
}

// typeOf returns the "type" member of an object, or the JSON kind of v.
func typeOf(v any) string {
	switch x := v.(type) {
	case map[string]any:
		if t, ok := x["type"].(string); ok {
			return t
		}
		return "object"
	case []any:
		return "array"
	case nil:
		return "null"
	}
	return "value"
}

func find(found *string, path string, v any, want string) {
	if path == want {
		b, _ := json.Marshal(v)
		*found = string(b)
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, y := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			find(found, p, y, want)
		}
	case []any:
		for i, y := range x {
			find(found, path+"["+strconv.Itoa(i)+"]", y, want)
		}
	}
}
