// @ai-sdk/anthropic + streamText: an input_json_delta (and a stop) for a block
// whose content_block_start never came is dropped without a word; the step
// finishes with finishReason "tool-calls", no tool call and no error part, so
// the tool the model asked for is never run and nothing says why.
import { createAnthropic } from '@ai-sdk/anthropic';
import { jsonSchema, streamText, tool } from 'ai';

const body = `event: message_start
data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me look."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"q\\":\\"x\\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":20}}

event: message_stop
data: {"type":"message_stop"}

`;

const anthropic = createAnthropic({
  apiKey: 'replay',
  fetch: async () =>
    new Response(
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(body));
          c.close();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    ),
});

const result = streamText({
  model: anthropic('claude-sonnet-4-5'),
  prompt: 'search for x',
  tools: {
    search: tool({ inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }), execute: async () => 'found' }),
  },
  onError: () => {}, // error parts, if any, are counted below
});
let errors = 0;
for await (const part of result.fullStream) {
  if (part.type === 'error') {
    errors++;
    console.log(`error part: ${part.error}`);
  }
}
const finishReason = await result.finishReason;
const toolCalls = await result.toolCalls;
console.log(`text=${JSON.stringify(await result.text)} finishReason=${finishReason} toolCalls=${toolCalls.length} errorParts=${errors}`);
// The bug: a normal finish ("tool-calls") with the call silently gone.
process.exit(finishReason === 'tool-calls' && toolCalls.length === 0 && errors === 0 ? 1 : 0);
