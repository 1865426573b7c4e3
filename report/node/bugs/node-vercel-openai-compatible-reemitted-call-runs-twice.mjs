// @ai-sdk/openai-compatible + streamText: a call whose arguments stream in
// deltas and are then repeated whole in a last chunk that carries the same
// id, index and name (Cerebras; LiteLLM's summary chunk) is read as a second
// call under a made-up id, and streamText runs the tool twice.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';

const body = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_r1","type":"function","function":{"name":"run_command","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"command\\": "}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\"ls -la\\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_r1","type":"function","function":{"name":"run_command","arguments":"{\\"command\\":\\"ls -la\\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`;

const provider = createOpenAICompatible({
  name: 'replay',
  baseURL: 'http://replay.invalid/v1',
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

const runs = [];
const result = streamText({
  model: provider.chatModel('m'),
  prompt: 'list the files',
  tools: {
    run_command: tool({
      inputSchema: jsonSchema({ type: 'object', properties: { command: { type: 'string' } } }),
      execute: async (input, { toolCallId }) => {
        runs.push(toolCallId);
        console.log(`run_command ran: toolCallId=${toolCallId} input=${JSON.stringify(input)}`);
        return 'ok';
      },
    }),
  },
});
for await (const part of result.fullStream) {
  if (part.type === 'tool-call') console.log(`tool-call part: toolCallId=${part.toolCallId} input=${JSON.stringify(part.input)}`);
}
console.log(`finishReason=${await result.finishReason}; run_command ran ${runs.length} time(s)`);
process.exit(runs.length > 1 ? 1 : 0);
