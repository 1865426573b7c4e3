// @langchain/anthropic: an input_json_delta (and a stop) for a content block
// that no content_block_start opened becomes a tool-call chunk with no id and
// no name; the merged message hands it over as an invalid tool call and still
// says stop_reason "tool_use": a normal tool-use turn with nothing to run.
import { ChatAnthropic } from '@langchain/anthropic';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`event: message_start
data: {"type":"message_start","message":{"id":"msg_nostart","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me look."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"q\":\"x\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":20}}

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
}).bindTools([{ type: 'function', function: { name: 'search', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Go on.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
const stop = full.additional_kwargs.stop_reason;
console.log('stop_reason:', stop);
process.exit(stop === 'tool_use' && full.tool_calls.length === 0 ? 1 : 0);
