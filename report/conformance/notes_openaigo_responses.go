package conformance

import "github.com/toolspec/toolspec"

// openai-go's Responses stream: departures its documentation states, and
// the kit's streams that its streaming call never reads.
func init() {
	const pinned = "https://github.com/openai/openai-go/blob/v3.105.0/"
	Notes = append(Notes,
		Note{
			Library: "openai-go-responses", Rules: []toolspec.RuleID{toolspec.EndStopReason},
			Cases: []string{"completion/responses-done-terminal"},
			Kind:  KindByDesign,
			Text: "The stream ends with a gateway's response.done, which is not an event of OpenAI's Responses streaming API: " +
				"ResponseStreamEventUnion's Type lists response.completed, response.incomplete and response.failed as a " +
				"response's ends and no response.done, and the README says of its accumulator that \"completed, failed and " +
				"incomplete all end a turn\" and that EOF \"never becomes a completed result\". The stream ends without a " +
				"terminal event, so the adapter fails it closed, with no call presented.",
			Source: pinned + "responses/response.go#L25579-L25612",
		},
		Note{
			Library: "openai-go-responses", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"completion/responses-item-status-incomplete"},
			Kind:  KindKit,
			Text: "The scenario marks one call item incomplete inside a response whose status is completed, with no " +
				"incomplete_details. openai-go hands over the item with its Status, incomplete, which the adapter presents as " +
				"not finished, and the response's Status, completed, which is the stop reason it reports. The scenario's " +
				"sources show a cut as the response's status (OpenAI's response.incomplete; vLLM's incomplete response in " +
				"response.completed, scenario completion/responses-completed-status-incomplete); no provider is known to send " +
				"the scenario's combination.",
			Source: pinned + "responses/response.go#L10723-L10727",
		},
		Note{
			Library: "openai-go-responses", Rules: []toolspec.RuleID{toolspec.IDKnown},
			Cases: []string{"pairing/responses-resumed-starting-after"},
			Kind:  KindKit,
			Text: "The stream is the tail of a background response resumed with starting_after, which openai-go returns from " +
				"Responses.GetStreaming with ResponseGetParams.StartingAfter, for a caller who joins it to the events read " +
				"before the cut. The adapter drives Responses.NewStreaming, a new response whose stream begins with " +
				"response.created; no stream that call returns begins after a cursor.",
			Source: pinned + "responses/response.go#L110",
		},
	)
}
