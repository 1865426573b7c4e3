// @anthropic-ai/sdk messages.stream() drops the input a tool_use block's
// content_block_start carries as soon as an input_json_delta arrives for
// the block, even an empty one (Anthropic's first partial_json is ""): a
// block that starts with its whole input {"city":"Paris"}, then gets only
// an empty delta, comes out of finalMessage() with the input {}, as a
// finished call, and no error.
import Anthropic from '@anthropic-ai/sdk';

const body = String.raw`event: message_start
data: {"type":"message_start","message":{"id":"msg_si","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_si","name":"get_weather","input":{"city":"Paris"}}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":12}}

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

const client = new Anthropic({ apiKey: 'test', baseURL: 'http://provider.invalid', maxRetries: 0, fetch });
const stream = client.messages.stream({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
  tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
});

let message;
try {
  message = await stream.finalMessage();
} catch (err) {
  console.log(`finalMessage() threw: ${err}`);
  process.exit(1);
}
const calls = message.content.filter((block) => block.type === 'tool_use');
console.log('stop_reason:', message.stop_reason, 'tool_use blocks:', JSON.stringify(calls));
const ok = calls.length === 1 && JSON.stringify(calls[0].input) === '{"city":"Paris"}';
process.exit(ok ? 0 : 1);
