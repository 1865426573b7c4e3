// @langchain/anthropic: Anthropic's programmatic tool calling streams the
// calls a code run made as whole tool_use blocks inside message_start, then
// message_stop. ChatAnthropic.stream() drops message_start's content: the
// merged AIMessageChunk has no tool_calls, and its stop_reason is "tool_use".
import { ChatAnthropic } from '@langchain/anthropic';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`event: message_start
data: {"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_01Pt","name":"query_db","input":{"sql":"select 1"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}},{"type":"tool_use","id":"toolu_02Pt","name":"query_db","input":{"sql":"select 2"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: message_stop
data: {"type":"message_stop"}


`;

// The provider's response: the stream above, as one server-sent-events body.
const fetch = async () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const llm = new ChatAnthropic({
  model: 'claude-sonnet-4-5',
  apiKey: 'test',
  maxRetries: 0,
  anthropicApiUrl: 'http://provider.invalid',
  clientOptions: { fetch },
}).bindTools([{ type: 'function', function: { name: 'query_db', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Query the database.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
console.log('stop_reason:', full.additional_kwargs.stop_reason);
process.exit(full.tool_calls.length === 2 ? 0 : 1);
