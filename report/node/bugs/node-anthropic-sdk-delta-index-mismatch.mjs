// @anthropic-ai/sdk messages.stream() appends each content_block_start to
// the message's content, but looks a content_block_delta up by its index:
// when the indexes leave a gap (here thinking at 0, tool_use at 2, as oMLX
// sent before jundot/omlx#1356), the delta finds no block and is dropped
// without a word. finalMessage() then hands over the tool_use block with
// the input of its start, {}, as a finished call, instead of {"key":"a"}.
import Anthropic from '@anthropic-ai/sdk';

const body = String.raw`event: message_start
data: {"type":"message_start","message":{"id":"msg_gap","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Two lookups."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_g2","name":"lookup","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"key\":\"a\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

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

const client = new Anthropic({ apiKey: 'test', baseURL: 'http://provider.invalid', maxRetries: 0, fetch });
const stream = client.messages.stream({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Look up key a.' }],
  tools: [{ name: 'lookup', input_schema: { type: 'object', properties: { key: { type: 'string' } } } }],
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
const ok = calls.length === 1 && JSON.stringify(calls[0].input) === '{"key":"a"}';
process.exit(ok ? 0 : 1);
