package thirdparty

import (
	"fmt"
	"strings"

	oaissestream "github.com/openai/openai-go/v3/packages/ssestream"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolspec/toolspec/internal/workload"
)

// openai-go decodes a Responses stream (client.Responses.NewStreaming
// returns exactly this ssestream.Stream of ResponseStreamEventUnion), but
// has no accumulator for it over SSE: its ResponseAccumulator takes the
// WebSocket events (ResponsesServerEventUnion) of a Responses WebSocket
// turn. So the comparison uses the SDK's stream plus responsesAcc, the
// accumulation a user writes.

// runResponses decodes raw with openai-go's SSE stream into
// responses.ResponseStreamEventUnion values and folds them with
// responsesAcc.
func runResponses(raw []byte) (folded, error) {
	stream := oaissestream.NewStream[responses.ResponseStreamEventUnion](oaissestream.NewDecoder(response(raw)), nil)
	defer stream.Close()
	acc := &responsesAcc{}
	for stream.Next() {
		if err := acc.add(stream.Current()); err != nil {
			return nil, err
		}
	}
	if err := stream.Err(); err != nil {
		return nil, err
	}
	if !acc.completed {
		return nil, fmt.Errorf("responses: the stream ended before response.completed")
	}
	return acc, nil
}

var openaiResponses = library{name: "openai-go", fold: runResponses, ours: true}

// responsesAcc is the minimal correct accumulation of a Responses stream,
// as a user of openai-go writes it: output items are kept by their
// output_index (item ids may change between events; the index does not).
//
//   - response.output_item.added opens an item; a function_call item
//     brings its call_id, name and arguments so far (usually "");
//   - response.function_call_arguments.delta appends to the call's
//     arguments, and .done replaces them with the whole text;
//   - response.output_item.done replaces the call's id, name and
//     arguments with the finished item's (some servers send no deltas at
//     all, only the finished item);
//   - output_text and reasoning_text / reasoning_summary_text deltas
//     append to their part (output index and content or summary index),
//     and their .done events replace it;
//   - response.completed ends the stream; response.failed,
//     response.incomplete and error events are errors, and so is a stream
//     that ends before response.completed.
//
// A call that received no arguments has the arguments {}. Calls come out
// in the order their items opened, texts in the order their parts opened.
type responsesAcc struct {
	items     map[int64]*responsesItem
	order     []*responsesItem
	parts     map[responsesPartKey]*responsesPart
	partOrder []*responsesPart
	completed bool
}

// responsesItem is one output item.
type responsesItem struct {
	id, typ      string
	callID, name string
	args         strings.Builder
}

// responsesPartKey names a text part: its output index, its kind (text,
// reasoning or summary) and its content or summary index.
type responsesPartKey struct {
	output int64
	kind   byte
	index  int64
}

// responsesPart is one text or thinking part.
type responsesPart struct {
	thinking bool
	text     strings.Builder
}

// add folds one event.
func (a *responsesAcc) add(ev responses.ResponseStreamEventUnion) error {
	if a.completed {
		return nil
	}
	switch ev.Type {
	case "response.output_item.added":
		it, err := a.open(ev.OutputIndex, ev.Item)
		if err != nil {
			return err
		}
		if it.typ == "function_call" {
			it.callID, it.name = ev.Item.CallID, ev.Item.Name
			it.args.WriteString(ev.Item.Arguments.OfString)
		}
	case "response.function_call_arguments.delta", "response.function_call_arguments.done":
		it := a.items[ev.OutputIndex]
		if it == nil || it.typ != "function_call" {
			return fmt.Errorf("responses: %s for output %d, which is no open function call", ev.Type, ev.OutputIndex)
		}
		if ev.Type == "response.function_call_arguments.done" {
			it.args.Reset()
			it.args.WriteString(ev.Arguments)
		} else {
			it.args.WriteString(ev.Delta)
		}
	case "response.output_item.done":
		it := a.items[ev.OutputIndex]
		if it == nil {
			var err error
			if it, err = a.open(ev.OutputIndex, ev.Item); err != nil {
				return err
			}
		}
		if ev.Item.Type == "function_call" {
			if it.typ != "function_call" {
				return fmt.Errorf("responses: output %d opened as %q is done as a function_call", ev.OutputIndex, it.typ)
			}
			if ev.Item.CallID != "" {
				it.callID = ev.Item.CallID
			}
			if ev.Item.Name != "" {
				it.name = ev.Item.Name
			}
			it.args.Reset()
			it.args.WriteString(ev.Item.Arguments.OfString)
		}
	case "response.output_text.delta":
		a.part(ev.OutputIndex, 't', ev.ContentIndex).text.WriteString(ev.Delta)
	case "response.output_text.done":
		a.replace(a.part(ev.OutputIndex, 't', ev.ContentIndex), ev.Text)
	case "response.reasoning_text.delta":
		a.part(ev.OutputIndex, 'r', ev.ContentIndex).text.WriteString(ev.Delta)
	case "response.reasoning_text.done":
		a.replace(a.part(ev.OutputIndex, 'r', ev.ContentIndex), ev.Text)
	case "response.reasoning_summary_text.delta":
		a.part(ev.OutputIndex, 's', ev.SummaryIndex).text.WriteString(ev.Delta)
	case "response.reasoning_summary_text.done":
		a.replace(a.part(ev.OutputIndex, 's', ev.SummaryIndex), ev.Text)
	case "response.completed":
		a.completed = true
	case "response.failed", "response.incomplete":
		return fmt.Errorf("responses: %s (status %q)", ev.Type, ev.Response.Status)
	case "error":
		return fmt.Errorf("responses: error event: %s: %s", ev.Code, ev.Message)
	}
	return nil
}

// open records the item that opens at output index i, an error if
// another item already holds that index.
func (a *responsesAcc) open(i int64, item responses.ResponseOutputItemUnion) (*responsesItem, error) {
	if it := a.items[i]; it != nil {
		return nil, fmt.Errorf("responses: output %d opened twice (%q, then %q)", i, it.id, item.ID)
	}
	if a.items == nil {
		a.items = map[int64]*responsesItem{}
	}
	it := &responsesItem{id: item.ID, typ: item.Type}
	a.items[i] = it
	a.order = append(a.order, it)
	return it, nil
}

// part returns the part of kind k (text, reasoning, summary) and index
// j of output i, opening it if needed.
func (a *responsesAcc) part(i int64, k byte, j int64) *responsesPart {
	key := responsesPartKey{i, k, j}
	if p := a.parts[key]; p != nil {
		return p
	}
	if a.parts == nil {
		a.parts = map[responsesPartKey]*responsesPart{}
	}
	p := &responsesPart{thinking: k != 't'}
	a.parts[key] = p
	a.partOrder = append(a.partOrder, p)
	return p
}

// replace sets p's text to s, the whole text a done event carries.
func (a *responsesAcc) replace(p *responsesPart, s string) {
	p.text.Reset()
	p.text.WriteString(s)
}

// result returns what the stream holds.
func (a *responsesAcc) result() (result, error) {
	var r result
	for _, it := range a.order {
		if it.typ == "function_call" {
			args := it.args.String()
			if args == "" {
				args = "{}"
			}
			r.calls = append(r.calls, workload.Call{ID: it.callID, Name: it.name, Args: args})
		}
	}
	var text, thinking strings.Builder
	for _, p := range a.partOrder {
		if p.thinking {
			thinking.WriteString(p.text.String())
		} else {
			text.WriteString(p.text.String())
		}
	}
	r.text, r.thinking = text.String(), thinking.String()
	return r, nil
}
