package history

import (
	"strconv"

	"github.com/toolspec/toolspec/internal/jsonwire"
	"github.com/toolspec/toolspec/spec"
)

// TurnOptions are the options of [AssistantTurn].
type TurnOptions struct {
	// Choice is the choice (OpenAI chat's n, Gemini's candidate) whose
	// content becomes the turn; 0 by default.
	Choice int
	// DropUnfinished drops each element the turn cannot hold faithfully,
	// each with a listed [Change], instead of failing on the first.
	DropUnfinished bool
}

// AssistantTurn turns the content of message (0-based) and opts.Choice of
// a reassembled stream's outcome into the assistant turn of a conversation
// history (SPEC.md section 11), its parts in the order of o.Items: text
// and thinking with their first signature (each further one an empty part
// of the same kind after it; a Responses reasoning item's signatures are
// its encrypted content, redacted parts after its thinking), redacted
// reasoning, a signature on its own as an empty thinking part, and each
// complete client call with its id, name, kind and signature verbatim, a
// function call's arguments compact.
//
// It fails closed with a *[spec.Violation] naming the item: an incomplete
// call (END-3), an invalid one (HIST-6), a call the provider ran, an item
// whose content the outcome does not hold, a second signature on a call or
// on redacted reasoning; with opts.DropUnfinished each of those is left
// out and listed as a [Change] at "items[k]" instead. A stream with a
// terminal violation, a message or choice with no content, and a message
// not in the outcome are always an error.
func AssistantTurn(o spec.Outcome, message int, opts TurnOptions) (spec.Message, []Change, error) {
	fail := func(rule spec.RuleID, path string, call int, msg string) (spec.Message, []Change, error) {
		return spec.Message{}, nil, &spec.Violation{Rule: rule, Class: spec.ClassCall, Call: call, Path: path, Message: msg}
	}
	if message < 0 || message >= o.Messages {
		return fail(spec.HistShape, "", spec.NoCall,
			"message "+strconv.Itoa(message)+" is not in the outcome, which has "+strconv.Itoa(o.Messages))
	}
	for _, v := range o.Violations {
		if v.Class == spec.ClassTerminal {
			return fail(v.Rule, "", v.Call, "the stream ended with a terminal violation, so its content may be cut anywhere: "+v.Message)
		}
	}
	// byOrdinal finds a call by its ordinal: the calls are in ordinal
	// order, so this is a direct index unless the outcome was built by
	// hand.
	byOrdinal := func(n int) (spec.Call, bool) {
		if n >= 0 && n < len(o.Calls) && o.Calls[n].Ordinal == n {
			return o.Calls[n], true
		}
		found, ok := spec.Call{}, false
		for _, c := range o.Calls {
			if c.Ordinal == n {
				found, ok = c, true // the last one with the ordinal, as a map keyed by it keeps
			}
		}
		return found, ok
	}
	m := spec.Message{Role: spec.RoleAssistant}
	var changes []Change
	for k, it := range o.Items {
		if it.Message != message || it.Choice != opts.Choice {
			continue
		}
		var rule spec.RuleID
		call := spec.NoCall
		what := ""
		switch it.Kind {
		case spec.ItemText, spec.ItemThinking:
			kind := spec.PartText
			if it.Kind == spec.ItemThinking {
				kind = spec.PartThinking
			}
			if kind == spec.PartThinking && o.Format == spec.FormatOpenAIResponses {
				if it.Text != "" || len(it.Signatures) == 0 {
					m.Parts = append(m.Parts, spec.Part{Kind: kind, Text: it.Text, ID: it.ItemID})
				}
				for _, s := range it.Signatures {
					m.Parts = append(m.Parts, spec.Part{Kind: spec.PartRedacted, Data: s, ID: it.ItemID})
				}
				continue
			}
			p := spec.Part{Kind: kind, Text: it.Text}
			for n, s := range it.Signatures {
				if n == 0 {
					p.Signature = s
					m.Parts = append(m.Parts, p)
				} else {
					m.Parts = append(m.Parts, spec.Part{Kind: kind, Signature: s})
				}
			}
			if len(it.Signatures) == 0 {
				m.Parts = append(m.Parts, p)
			}
			continue
		case spec.ItemRedacted:
			if len(it.Signatures) == 0 {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartRedacted, Data: it.Text, ID: it.ItemID})
				continue
			}
			rule, what = spec.XlateThinking, "redacted reasoning with a signature, which a history part cannot hold beside its data,"
		case spec.ItemSignature:
			for _, s := range it.Signatures {
				m.Parts = append(m.Parts, spec.Part{Kind: spec.PartThinking, Signature: s})
			}
			continue
		case spec.ItemCall:
			c, ok := byOrdinal(it.Call)
			if !ok {
				return fail(spec.HistShape, "items["+strconv.Itoa(k)+"]", it.Call, "call #"+strconv.Itoa(it.Call)+" is not in the outcome")
			}
			call = c.Ordinal
			label := "call #" + strconv.Itoa(c.Ordinal) + " (id " + strconv.Quote(c.ID) + ", name " + strconv.Quote(c.Name) + ")"
			switch {
			case c.Status == spec.StatusIncomplete || c.Status == spec.StatusOpen:
				rule, what = spec.EndTruncation, "the incomplete "+label+","
			case c.Status != spec.StatusComplete:
				rule, what = spec.HistCall, "the invalid "+label+","
			case c.Server:
				rule, what = spec.XlateOpaque, label+", which the provider ran and whose result the outcome does not hold,"
			case len(c.Signatures) > 1:
				rule, what = spec.XlateThinking, label+" with "+strconv.Itoa(len(c.Signatures))+" signatures, which a call part cannot hold,"
			case c.Kind.IsItem():
				rule, what = spec.XlateIdentity, label+" of kind "+c.Kind.String()+", which a call part cannot hold (it holds function and custom calls),"
			default:
				m.Parts = append(m.Parts, callPart(c))
				continue
			}
		case spec.ItemRefusal:
			rule, what = spec.XlateOpaque, "a refusal item, which no history part holds,"
		default:
			rule, what = spec.XlateOpaque, "a "+it.Kind.String()+" item, whose content the outcome does not hold,"
		}
		path := "items[" + strconv.Itoa(k) + "]"
		if !opts.DropUnfinished {
			return fail(rule, path, call, what+" cannot go into the assistant turn")
		}
		changes = append(changes, Change{Rule: rule, Path: path, Message: "dropped " + what})
	}
	if len(m.Parts) == 0 {
		return spec.Message{}, changes, &spec.Violation{Rule: spec.HistShape, Class: spec.ClassCall, Call: spec.NoCall,
			Message: "message " + strconv.Itoa(message) + " choice " + strconv.Itoa(opts.Choice) + " has no content for an assistant turn"}
	}
	return m, changes, nil
}

// callPart is the call part of the complete client call c.
func callPart(c spec.Call) spec.Part {
	p := spec.Part{Kind: spec.PartCall, ID: c.ID, Name: c.Name, Args: c.Args, CallKind: c.Kind, ItemID: c.ItemID, Namespace: c.Namespace}
	if p.CallKind == spec.CallUnspecified {
		p.CallKind = spec.CallFunction
	}
	if p.CallKind == spec.CallFunction && jsonwire.Valid([]byte(c.Args)) {
		p.Args = string(jsonwire.AppendCompact(make([]byte, 0, len(c.Args)), []byte(c.Args)))
	}
	if len(c.Signatures) == 1 {
		p.Signature = c.Signatures[0]
	}
	return p
}
