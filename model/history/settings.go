package history

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/refjson"
	"github.com/toolspec/toolspec/spec"
)

// This file maps a request's settings in a translation (XLATE-7): the
// model, streaming, the output limit, sampling, reasoning and the response
// schema, as the table spec.Settings places them in each format.

// settingNode is one member of the settings a translation writes: a value
// (JSON text) or an object of members, in the order first written.
type settingNode struct {
	key  string
	val  string
	kids []*settingNode
}

// put writes val at path under n, creating the objects on the way.
func (n *settingNode) put(path []string, val string) {
	for _, k := range path[:len(path)-1] {
		n = n.child(k)
	}
	last := path[len(path)-1]
	for _, c := range n.kids {
		if c.key == last {
			c.val, c.kids = val, nil
			return
		}
	}
	n.kids = append(n.kids, &settingNode{key: last, val: val})
}

// child returns n's member k, an object, adding it when n has none.
func (n *settingNode) child(k string) *settingNode {
	for _, c := range n.kids {
		if c.key == k {
			return c
		}
	}
	c := &settingNode{key: k}
	n.kids = append(n.kids, c)
	return c
}

// members is the JSON text of n's members, without the braces.
func (n *settingNode) members() string {
	parts := make([]string, len(n.kids))
	for i, c := range n.kids {
		v := c.val
		if c.kids != nil {
			v = "{" + c.members() + "}"
		}
		parts[i] = jstr(c.key) + ":" + v
	}
	return strings.Join(parts, ",")
}

// pathKey is the key of a member path in a set of paths.
func pathKey(path []string) string { return strings.Join(path, "\x00") }

// settingPath is the document path of a member path, for a violation.
func settingPath(path []string) string {
	p := ""
	for _, k := range path {
		p = jpath(p, k)
	}
	return p
}

// memberAt returns the value at path in the members ms of an object, the
// first member of each name; ok is false when there is none, or when a
// member on the way is not an object.
func memberAt(ms []field, path []string) (json.RawMessage, bool) {
	m, ok := lookup(ms, path[0])
	if !ok {
		return nil, false
	}
	if len(path) == 1 {
		return m.value, true
	}
	inner, ok := objectMembers(m.value)
	if !ok {
		return nil, false
	}
	return memberAt(inner, path[1:])
}

// readSetting finds the setting of place pl in the root members ms: its
// value and path, at Path or else at the first of the Spellings that the
// body has, when the With members there hold their values. found is false
// when the body gives none; a null value is given as none, but its path
// is returned, so that it is not named as a member no setting holds.
func readSetting(ms []field, pl spec.SettingPlace) (raw json.RawMessage, path []string, found bool) {
	for _, p := range append([][]string{pl.Path}, pl.Spellings...) {
		v, ok := memberAt(ms, p)
		if !ok {
			continue
		}
		for _, w := range pl.With {
			wv, ok := memberAt(ms, w.Path)
			if !ok || refjson.Compact(wv) != w.JSON {
				return nil, nil, false
			}
		}
		if refjson.IsNull(v) {
			return nil, p, false
		}
		return v, p, true
	}
	return nil, nil, false
}

// settingValue checks raw, a setting's value, against its kind and
// returns the value a place writes for it when the place has no Values:
// the value compact, a single stop sequence as a list of one. why says
// what raw is instead when it is not of the kind; n is the number of a
// number, or the count of stop sequences.
func settingValue(k spec.SettingKind, raw json.RawMessage) (text string, n float64, why string) {
	switch k {
	case spec.SettingInteger, spec.SettingNumber:
		if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
			return "", 0, "want a number, got a JSON " + jsonType(raw)
		}
		if k == spec.SettingInteger && strings.ContainsAny(string(raw), ".eE") {
			return "", 0, "want an integer, got " + refjson.Clip(raw)
		}
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return "", 0, "want a number in range, got " + refjson.Clip(raw)
		}
		return string(raw), f, ""
	case spec.SettingString:
		if raw[0] != '"' {
			return "", 0, "want a string, got a JSON " + jsonType(raw)
		}
		return refjson.Compact(raw), 0, ""
	case spec.SettingBool:
		if s := string(raw); s != "true" && s != "false" {
			return "", 0, "want a boolean, got a JSON " + jsonType(raw)
		}
		return string(raw), 0, ""
	case spec.SettingStops:
		if raw[0] == '"' {
			return "[" + refjson.Compact(raw) + "]", 1, ""
		}
		var elems []json.RawMessage
		if raw[0] != '[' || json.Unmarshal(raw, &elems) != nil {
			return "", 0, "want a string or a list of strings, got a JSON " + jsonType(raw)
		}
		for _, e := range elems {
			if e[0] != '"' {
				return "", 0, "want a list of strings, got an element that is a JSON " + jsonType(e)
			}
		}
		return refjson.Compact(raw), float64(len(elems)), ""
	default:
		if raw[0] != '{' {
			return "", 0, "want an object, got a JSON " + jsonType(raw)
		}
		return refjson.Compact(raw), 0, ""
	}
}

// placeValue returns the value text place dst writes for a value of kind
// k whose text is text (its number or count n, its string s when a
// string), or why dst cannot take it.
func placeValue(k spec.SettingKind, dst spec.SettingPlace, to spec.Format, text string, n float64, s string) (string, string) {
	switch {
	case (k == spec.SettingInteger || k == spec.SettingNumber) && dst.Bounded && (n < dst.Min || n > dst.Max):
		return "", "is " + text + ", out of " + string(to) + "'s range " + rangeText(dst)
	case k == spec.SettingStops && dst.MaxItems > 0 && int(n) > dst.MaxItems:
		return "", "has " + strconv.Itoa(int(n)) + " sequences, and " + string(to) + " takes at most " + strconv.Itoa(dst.MaxItems)
	case k == spec.SettingString && dst.Values != nil:
		if !slices.Contains(dst.Values, s) {
			return "", "is " + strconv.Quote(s) + ", which " + string(to) + " does not take (" + strings.Join(dst.Values, ", ") + ")"
		}
		if dst.Upper {
			s = strings.ToUpper(s)
		}
		return jstr(s), ""
	}
	return text, ""
}

// rangeText is the range of a bounded place, for a message.
func rangeText(pl spec.SettingPlace) string {
	hi := "∞"
	if pl.Max < 1e300 {
		hi = strconv.FormatFloat(pl.Max, 'g', -1, 64)
	}
	return "[" + strconv.FormatFloat(pl.Min, 'g', -1, 64) + ", " + hi + "]"
}

// translateSettings maps the settings of doc, a request body of format
// from, into out, the body of format to a translation wrote (XLATE-7): each
// setting of spec.Settings that doc gives (or whose absence means a value
// in from, as Ollama's stream does) is written where to holds it, in
// to's spelling, after out's own members. A setting that to has no place
// for, whose value to does not admit, or whose value is not of its kind,
// is a loss at its path in doc; a setting to requires that doc does not
// give is a violation at "$", never a value made up. Every other member of
// doc that holds no history (XLATE-4), a member of a setting's object no
// setting reads among them, is a loss at its path.
func translateSettings(from, to spec.Format, doc, out []byte) ([]byte, []spec.Violation) {
	ms, ok := objectMembers(doc)
	if !ok {
		return out, nil
	}
	var vs []spec.Violation
	read := map[string]bool{}
	written := map[string]bool{}
	var root settingNode
	for _, st := range spec.Settings {
		src, ok := st.In(from)
		if !ok || src.Path == nil {
			continue
		}
		raw, p, found := readSetting(ms, src)
		if p != nil {
			read[pathKey(p)] = true
			for _, w := range src.With {
				read[pathKey(w.Path)] = true
			}
		}
		implicit := false
		if !found {
			if src.Default == "" {
				continue
			}
			raw, p, implicit = json.RawMessage(src.Default), src.Path, true
		}
		at := settingPath(p)
		text, n, why := settingValue(st.Kind, raw)
		if why != "" {
			vs = append(vs, loss(spec.XlateSettings, at, "setting %q: %s", st.Name, why))
			continue
		}
		if st.Kind == spec.SettingStops && n == 0 {
			continue // no stop sequence: as if the member were absent
		}
		var s string
		if st.Kind == spec.SettingString {
			_ = json.Unmarshal(raw, &s)
			if src.Upper {
				s = strings.ToLower(s)
			}
		}
		dst, ok := st.In(to)
		if !ok || dst.Path == nil {
			switch {
			case implicit:
			case dst.Elsewhere != "":
				vs = append(vs, loss(spec.XlateSettings, at, "setting %q: %s takes it %s, not in the body", st.Name, to, dst.Elsewhere))
			default:
				vs = append(vs, loss(spec.XlateSettings, at, "setting %q: %s has no counterpart of it", st.Name, to))
			}
			continue
		}
		if dst.Retired != "" {
			vs = append(vs, loss(spec.XlateSettings, at, "setting %q: %s %s", st.Name, to, dst.Retired))
			continue
		}
		val, why := placeValue(st.Kind, dst, to, text, n, s)
		if why != "" {
			vs = append(vs, loss(spec.XlateSettings, at, "setting %q %s", st.Name, why))
			continue
		}
		if implicit && val == dst.Default {
			continue
		}
		if dst.Under != "" && !written[dst.Under] {
			if !implicit {
				vs = append(vs, loss(spec.XlateSettings, at, "setting %q: %s holds it in the %s, which the translation does not write", st.Name, to, dst.Under))
			}
			continue
		}
		for _, w := range dst.With {
			root.put(w.Path, w.JSON)
		}
		root.put(dst.Path, val)
		written[st.Name] = true
	}
	for _, st := range spec.Settings {
		dst, ok := st.In(to)
		if !ok || !dst.Required || written[st.Name] || dst.RequiredWith != "" && !written[dst.RequiredWith] {
			continue
		}
		// A request that lacks what its own format requires too was
		// incomplete before the translation: nothing is lost.
		switch src, ok := st.In(from); {
		case ok && src.Elsewhere != "":
			vs = append(vs, loss(spec.XlateSettings, "$", "setting %q: %s requires %s in the body, and %s takes it %s", st.Name, to, settingPath(dst.Path), from, src.Elsewhere))
		case !ok || !src.Required:
			vs = append(vs, loss(spec.XlateSettings, "$", "setting %q: %s requires %s, and the %s request gives no value for it", st.Name, to, settingPath(dst.Path), from))
		}
	}
	vs = append(vs, unmapped(from, to, ms, read)...)
	if root.kids == nil {
		return out, vs
	}
	body := strings.TrimSuffix(string(out), "}")
	if body != "{" {
		body += ","
	}
	return []byte(body + root.members() + "}"), vs
}

// unmapped names each member of the root members ms of a request body of
// format from that holds no history and that no setting read (read holds
// the paths of those read): a loss (XLATE-4) at its path. Within a member
// some setting read from (an object such as generationConfig), each
// member no setting read is named, at any depth.
func unmapped(from, to spec.Format, ms []field, read map[string]bool) []spec.Violation {
	rules, _ := spec.LookupFormatRules(from)
	within := map[string]bool{}
	for k := range read {
		p := strings.Split(k, "\x00")
		for i := 1; i < len(p); i++ {
			within[pathKey(p[:i])] = true
		}
	}
	var vs []spec.Violation
	var name func(ms []field, prefix []string)
	name = func(ms []field, prefix []string) {
		seen := map[string]bool{}
		for _, m := range ms {
			p := append(slices.Clip(prefix), m.key)
			k := pathKey(p)
			if seen[k] {
				vs = append(vs, loss(spec.XlateOpaque, settingPath(p), "request member %q appears again: a translation reads the first one alone", settingPath(p)))
				continue
			}
			seen[k] = true
			if read[k] {
				continue
			}
			if inner, ok := objectMembers(m.value); ok && within[k] {
				name(inner, p)
				continue
			}
			vs = append(vs, loss(spec.XlateOpaque, settingPath(p), "request member %q: no setting holds it (XLATE-7), and %s gets no counterpart of it", settingPath(p), to))
		}
	}
	var top []field
	for _, m := range ms {
		if slices.Contains(rules.HistoryMembers, m.key) || rules.HistorySpellings[m.key] != "" {
			continue
		}
		top = append(top, m)
	}
	name(top, nil)
	return vs
}
