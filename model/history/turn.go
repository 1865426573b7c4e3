package history

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/spec"
)

// TurnOptions are the options of [AssistantTurn].
type TurnOptions struct {
	// Choice is the choice (OpenAI chat's n, Gemini's candidate) whose
	// content becomes the turn; 0 by default.
	Choice int
	// DropUnfinished drops each element the turn cannot hold faithfully
	// (an incomplete or invalid call, a call the provider ran, a block whose
	// content the outcome does not hold, a second signature on a call or on
	// redacted reasoning), each with a listed [Change], instead of failing
	// on the first.
	DropUnfinished bool
}

// AssistantTurn turns the content of message (0-based) of a reassembled
// stream's outcome into the assistant turn of a conversation history, so
// that a caller appends the results of its calls (one [spec.RoleTool]
// message each) and sends the history back, in the stream's format or, by
// [Encode], in another. The parts are the outcome's items of that
// message and opts.Choice in their order (o.Items gives it):
//
//   - text and thinking are text and thinking parts, the item's first
//     signature the part's Signature; each further signature is an empty
//     part of the same kind after it, carrying that signature (so a
//     Gemini text whose chunks brought several thought signatures keeps
//     them all, in order, though no longer at their offsets in the text);
//   - in OpenAI Responses a reasoning item's signature is its
//     encrypted_content, which a Responses history holds as redacted
//     reasoning: the thinking part (when it has text) is followed by one
//     redacted part per signature, each with the reasoning item's id
//     (ID-12) as its ID, which a Responses request needs to send the item
//     back;
//   - redacted reasoning is a redacted part, its data verbatim;
//   - a signature that arrived on its own is an empty thinking part with
//     that signature;
//   - a complete client call is a call part with its id, name, kind,
//     signature, Responses item id (ID-12) and namespace (NAME-6)
//     verbatim; a function call's arguments are written without
//     insignificant white space, the canonical form of a History.
//
// It fails closed: an incomplete call (END-3), an invalid call (HIST-6:
// its arguments are not one JSON object, or a call-scoped violation
// concerns it), a call the provider ran (its result is not in the
// outcome), a call of a Responses item kind (NAME-5: a computer action, a
// shell command, an approval request, whose result is an item of its own
// type that a history does not hold), a refusal (END-8), an item of another kind
// (a server tool's result, a hosted tool item, whose content the outcome
// does not keep) and a second signature on a call or on redacted
// reasoning make it return an error, a
// *[spec.Violation] naming the item and the call, unless
// opts.DropUnfinished is set; then each such element is left out and
// listed as a [Change] whose Path is the item's position in the outcome,
// "items[k]". A message with a terminal violation of the stream (its
// content may be cut anywhere), a message or choice with no content left,
// and a message that is not in the outcome are always an error.
//
// A call without id (Gemini and Ollama may omit it) is kept without id:
// those formats pair results by name, and an encoder of a format that
// needs ids names the gap (XLATE-5).
func AssistantTurn(o spec.Outcome, message int, opts TurnOptions) (spec.Message, []Change, error) {
	turnErr := func(rule spec.RuleID, path string, call int, msg string) *spec.Violation {
		return &spec.Violation{Rule: rule, Class: spec.ClassCall, Call: call, Path: path, Message: msg}
	}
	if message < 0 || message >= o.Messages {
		return spec.Message{}, nil, turnErr(spec.HistShape, "", spec.NoCall,
			"message "+strconv.Itoa(message)+" is not in the outcome, which has "+strconv.Itoa(o.Messages))
	}
	for _, v := range o.Violations {
		if v.Class == spec.ClassTerminal {
			return spec.Message{}, nil, turnErr(v.Rule, "", v.Call,
				"the stream ended with a terminal violation, so its content may be cut anywhere: "+v.Message)
		}
	}
	calls := make(map[int]spec.Call, len(o.Calls))
	for _, c := range o.Calls {
		calls[c.Ordinal] = c
	}
	m := spec.Message{Role: spec.RoleAssistant}
	var changes []Change
	// refuse fails on, or with DropUnfinished drops, item k.
	refuse := func(rule spec.RuleID, k, call int, what string) error {
		path := "items[" + strconv.Itoa(k) + "]"
		if !opts.DropUnfinished {
			return turnErr(rule, path, call, what+" cannot go into the assistant turn")
		}
		changes = append(changes, Change{Rule: rule, Path: path, Message: "dropped " + what})
		return nil
	}
	sigParts := func(kind spec.PartKind, sigs []string) {
		for _, s := range sigs {
			m.Parts = append(m.Parts, spec.Part{Kind: kind, Signature: s})
		}
	}
	for k, it := range o.Items {
		if it.Message != message || it.Choice != opts.Choice {
			continue
		}
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
			if len(it.Signatures) > 0 {
				p.Signature = it.Signatures[0]
			}
			m.Parts = append(m.Parts, p)
			if len(it.Signatures) > 1 {
				sigParts(kind, it.Signatures[1:])
			}
		case spec.ItemRedacted:
			if len(it.Signatures) > 0 {
				if err := refuse(spec.XlateThinking, k, spec.NoCall, "redacted reasoning with a signature, which a history part cannot hold beside its data,"); err != nil {
					return spec.Message{}, nil, err
				}
				continue
			}
			m.Parts = append(m.Parts, spec.Part{Kind: spec.PartRedacted, Data: it.Text, ID: it.ItemID})
		case spec.ItemSignature:
			sigParts(spec.PartThinking, it.Signatures)
		case spec.ItemCall:
			c, ok := calls[it.Call]
			if !ok {
				return spec.Message{}, nil, turnErr(spec.HistShape, "items["+strconv.Itoa(k)+"]", it.Call,
					"call #"+strconv.Itoa(it.Call)+" is not in the outcome")
			}
			label := "call #" + strconv.Itoa(c.Ordinal) + " (id " + strconv.Quote(c.ID) + ", name " + strconv.Quote(c.Name) + ")"
			var err error
			switch {
			case c.Status == spec.StatusIncomplete || c.Status == spec.StatusOpen:
				err = refuse(spec.EndTruncation, k, c.Ordinal, "the incomplete "+label+",")
			case c.Status != spec.StatusComplete:
				err = refuse(spec.HistCall, k, c.Ordinal, "the invalid "+label+",")
			case c.Server:
				err = refuse(spec.XlateOpaque, k, c.Ordinal, label+", which the provider ran and whose result the outcome does not hold,")
			case len(c.Signatures) > 1:
				err = refuse(spec.XlateThinking, k, c.Ordinal, label+" with "+strconv.Itoa(len(c.Signatures))+" signatures, which a call part cannot hold,")
			case c.Kind.IsItem():
				err = refuse(spec.XlateIdentity, k, c.Ordinal, label+" of kind "+c.Kind.String()+", which a call part cannot hold (it holds function and custom calls),")
			default:
				m.Parts = append(m.Parts, callPart(c))
				continue
			}
			if err != nil {
				return spec.Message{}, nil, err
			}
		case spec.ItemRefusal:
			if err := refuse(spec.XlateOpaque, k, spec.NoCall, "a refusal item, which no history part holds,"); err != nil {
				return spec.Message{}, nil, err
			}
		default:
			if err := refuse(spec.XlateOpaque, k, spec.NoCall, "a "+it.Kind.String()+" item, whose content the outcome does not hold,"); err != nil {
				return spec.Message{}, nil, err
			}
		}
	}
	if len(m.Parts) == 0 {
		return spec.Message{}, changes, turnErr(spec.HistShape, "", spec.NoCall,
			"message "+strconv.Itoa(message)+" choice "+strconv.Itoa(opts.Choice)+" has no content for an assistant turn")
	}
	return m, changes, nil
}

// callPart is the call part of a complete client call c.
func callPart(c spec.Call) spec.Part {
	p := spec.Part{Kind: spec.PartCall, ID: c.ID, Name: c.Name, Args: c.Args, CallKind: c.Kind, ItemID: c.ItemID, Namespace: c.Namespace}
	if p.CallKind == spec.CallUnspecified {
		p.CallKind = spec.CallFunction
	}
	if p.CallKind == spec.CallFunction {
		var b bytes.Buffer
		if json.Compact(&b, []byte(c.Args)) == nil {
			p.Args = b.String()
		}
	}
	if len(c.Signatures) == 1 {
		p.Signature = c.Signatures[0]
	}
	return p
}
