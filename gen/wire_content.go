package gen

import (
	"strings"

	"pgregory.net/rapid"
)

// itemCaps says which item kinds a format can carry.
type itemCaps struct {
	thinking  bool
	thinkSig  bool // thinking items may carry a signature
	redacted  bool
	other     bool
	sigItems  bool // signatures on their own
	server    bool // server calls
	maxItems  int
	minItems  int  // a later message of a format without a start needs content (END-7)
	pathSafe  bool // arguments must be expressible as Vertex paths
	emptyText bool // text items may be empty (blocks)
	custom    bool // custom (freeform) tool calls (OpenAI)
	refusal   bool // refusal text (OpenAI, END-8)
}

// genItems draws the items of one choice. ids draws call ids unique
// within the choice.
func genItems(t *rapid.T, c itemCaps, ids *idSource) []Item {
	kinds := []ItemKind{ItemText, ItemCall, ItemCall, ItemCall}
	if c.thinking {
		kinds = append(kinds, ItemThinking)
	}
	if c.redacted {
		kinds = append(kinds, ItemRedacted)
	}
	if c.other {
		kinds = append(kinds, ItemOther)
	}
	if c.sigItems {
		kinds = append(kinds, ItemSignature)
	}
	if c.refusal {
		kinds = append(kinds, ItemRefusal)
	}
	n := rapid.IntRange(c.minItems, c.maxItems).Draw(t, "items")
	items := make([]Item, 0, n)
	for i := 0; i < n; i++ {
		k := rapid.SampledFrom(kinds).Draw(t, "itemKind")
		it := Item{Kind: k}
		switch k {
		case ItemText:
			it.Text = genText(t, "text", !c.emptyText)
		case ItemRefusal:
			it.Text = genText(t, "refusal", true)
		case ItemThinking:
			it.Text = genText(t, "thinking", !c.thinkSig)
			if c.thinkSig && rapid.Bool().Draw(t, "thinkSig") {
				it.Signature = genSig(t)
			}
		case ItemRedacted:
			it.Text = genSig(t)
		case ItemSignature:
			it.Signature = genSig(t)
		case ItemCall:
			it.Call = genCall(t, c, ids)
		}
		items = append(items, it)
	}
	return items
}

// genCall draws one call: a name, an id, arguments and their text.
func genCall(t *rapid.T, c itemCaps, ids *idSource) *Call {
	call := &Call{Name: genName(t), ID: ids.next(t)}
	if c.custom && rapid.IntRange(0, 4).Draw(t, "custom") == 0 {
		// NAME-4: raw text, JSON or not; empty stays empty.
		call.Custom, call.val, call.how = true, obj(), deliverStream
		call.wire = rapid.SampledFrom([]string{"", "{\"a\":", "*** Begin Patch\n", "SELECT 1;"}).Draw(t, "customHead") + genText(t, "customInput", false)
		call.Args = call.wire
		return call
	}
	call.Server = c.server && rapid.IntRange(0, 5).Draw(t, "server") == 0
	call.val = genArgs(t, c.pathSafe)
	call.esc = escMinimal
	if !c.pathSafe {
		call.esc = rapid.SampledFrom([]escStyle{escMinimal, escMinimal, escGo, escASCII}).Draw(t, "argEsc")
	}
	call.sp = rapid.SampledFrom([]argSpaces{spCompact, spCompact, spSpaced, spIndented}).Draw(t, "argSpaces")
	call.setStreamed(t)
	return call
}

// setStreamed makes the call's arguments travel as streamed text: the text
// is the value rendered in the call's style, sometimes with white space
// around it, or nothing at all for an empty object; Args is that text, or
// "{}" when it is empty or white space (END-2).
func (c *Call) setStreamed(t *rapid.T) {
	c.how = deliverStream
	text := renderArgs(c.val, c.esc, c.sp)
	if len(c.val.k) == 0 {
		text = rapid.SampledFrom([]string{"", "", "{}", "{ }", " ", "\n"}).Draw(t, "emptyArgs")
	} else {
		switch rapid.IntRange(0, 9).Draw(t, "argPad") {
		case 0:
			text += rapid.SampledFrom([]string{" ", "\n", "\r\n", "\t  "}).Draw(t, "argTrail")
		case 1:
			text = rapid.SampledFrom([]string{" ", "\n"}).Draw(t, "argLead") + text
		}
	}
	c.wire = text
	c.Args = text
	if strings.Trim(text, " \t\r\n") == "" {
		c.Args = "{}"
	}
}

// setWhole makes the call's arguments travel as one embedded object: the
// wire text has no white space around it, and Args is it compacted.
func (c *Call) setWhole() {
	c.how = deliverWhole
	if c.sp == spIndented {
		c.sp = spSpaced // no line breaks: the object sits inside a JSON line
	}
	c.wire = renderArgs(c.val, c.esc, c.sp)
	c.Args = compactJSON(c.wire)
}

// setPath makes the call's arguments travel as Vertex partialArgs: Args
// is the object the reassembler rebuilds (PAIR-10), "{}" when empty.
func (c *Call) setPath() {
	c.how = deliverPath
	c.esc = escMinimal
	c.wire = renderArgs(c.val, escMinimal, spCompact)
	c.Args = c.wire
}
