package conformance

import "github.com/toolspec/toolspec"

// Notes on node-openai-agents (@openai/agents, the OpenAI Agents SDK: run
// with stream: true over its Responses model). The sources are the files
// the pinned packages publish on npm (0.20.0), which is what runs.
func init() {
	const (
		core   = "https://unpkg.com/@openai/agents-core@0.20.0/dist/"
		openai = "https://unpkg.com/@openai/agents-openai@0.20.0/dist/"
	)
	Notes = append(Notes,
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.NameItem},
			Cases: []string{
				"completion/responses-apply-patch-call", "completion/responses-computer-call",
				"completion/responses-computer-call-actions", "completion/responses-shell-call",
				"completion/responses-mcp-approval-request", "completion/responses-tool-search-client",
			},
			Kind: KindKit,
			Text: "The adapter's agent declares function tools only (one for each name the stream mentions) and reads the " +
				"run's function calls. For the item of a built-in tool the agent lacks, the runner fails the run " +
				"(processModelResponse, runner/modelOutputs.mjs): a computer_call, shell_call or apply_patch_call raises " +
				"ModelBehaviorError (\"Model produced computer action without a computer tool.\", lines 507, 519, 555), an " +
				"mcp_approval_request \"MCP server (github) not found in Agent\" (line 467), and a client tool_search_call " +
				"whose arguments are not {paths} a UserError that asks for toolSearchTool({execution: \"client\", execute}) " +
				"(runner/toolSearch.mjs line 443). An application that gets these items declares those tools " +
				"(computerTool, shellTool, applyPatchTool, hostedMcpTool, toolSearchTool), with implementations the " +
				"adapter does not have; without them the stream fails closed.",
			Source: core + "runner/modelOutputs.mjs",
		},
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
			Cases: []string{"completion/responses-local-shell-call"},
			Kind:  KindByDesign,
			Text: "The SDK has no local_shell tool (its shell tool is shell_call's): the Responses converter " +
				"(convertToOutputItem) has no case for a local_shell_call item and makes it an item of type unknown " +
				"(openaiResponsesConverter.mjs lines 1512-1516), which the runner neither presents as a tool call nor runs. " +
				"The call is not handed over; the run ends without it.",
			Source: openai + "openaiResponsesConverter.mjs",
		},
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.EndStopReason, toolspec.OrdFirstSeen},
			Cases: []string{"completion/responses-done-terminal", "random/openai-responses seed 20260101"},
			Kind:  KindByDesign,
			Text: "The stream ends with a gateway's response.done, which is not an event of OpenAI's Responses streaming API. " +
				"The Responses model takes only response.completed, response.failed, response.incomplete, response.error " +
				"and error as the end (TERMINAL_RESPONSES_STREAM_EVENT_TYPES, openaiResponsesModel.mjs lines 840-846) and " +
				"reads the response's items from that event alone; the runner raises ModelBehaviorError(\"Model did not " +
				"produce a final response!\") when the model's stream ends without one (agents-core run.mjs line 1929). " +
				"The stream is failed closed, with no call presented.",
			Source: openai + "openaiResponsesModel.mjs",
		},
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.EndTruncation},
			Cases: []string{"completion/responses-item-status-incomplete"},
			Kind:  KindKit,
			Text: "The scenario marks one call item incomplete inside a response whose status is completed, with no " +
				"incomplete_details; the runner runs the function calls of a completed response. Its sources show a cut " +
				"as the response's status: OpenAI's response.incomplete, and vLLM's incomplete response in " +
				"response.completed (scenario completion/responses-completed-status-incomplete), both of which the " +
				"Responses model turns into a ModelBehaviorError (\"unsuccessful terminal state\", " +
				"getUnsuccessfulResponseTerminalType, openaiResponsesModel.mjs lines 851-862), failing the stream closed. " +
				"No provider is known to send the scenario's combination.",
			Source: openai + "openaiResponsesModel.mjs",
		},
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen, toolspec.OrdMerge},
			Cases: []string{"framing/responses-data-before-event", "framing/responses-unknown-events",
				"identity/responses-item-ids"},
			Kind: KindKit,
			Text: "The Responses model takes the response's items from the output of the stream's response.completed " +
				"event (openaiResponsesModel.mjs lines 1308-1314), not from the streamed item events. OpenAI's " +
				"response.completed holds the whole output, as the captures behind framing/responses-data-before-event " +
				"and identity/responses-item-ids do (the adapter gets the call of the shared capture " +
				"openai-responses/bedrock-mantle-data-before-event-1.sse and both calls of " +
				"openai-responses/openai-gpt-5-reasoning-2calls.sse); these scenarios' response.completed carries an " +
				"empty output, which no provider is known to send.",
			Source: openai + "openaiResponsesModel.mjs",
		},
		Note{
			Library: "node-openai-agents", Rules: []toolspec.RuleID{toolspec.IDBlock},
			Cases: []string{"identity/responses-rotating-item-id"},
			Kind:  KindKit,
			Text: "The scenario's response.completed carries a response with no output member, which OpenAI's Response " +
				"object requires (output: Array<ResponseOutputItem>, openai-node src/resources/responses/responses.ts " +
				"line 1366); the Responses model maps that output (openaiResponsesModel.mjs line 1314) and the missing " +
				"member is a TypeError. The rotating item id is no trouble to it: with response.completed's output " +
				"holding the call, as in the stream of the report python-openai-responses-rotating-item-id, the adapter " +
				"presents call_cp1, grep, {\"pattern\":\"TODO\"}, finished.",
			Source: "https://github.com/openai/openai-node/blob/v7.60.0/src/resources/responses/responses.ts#L1366",
		},
	)
}
