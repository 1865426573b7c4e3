// @ai-sdk/openai-compatible + streamText: a tool call whose function.arguments
// is a JSON object rather than a string (text-generation-inference, llama.cpp's
// server) fails the chunk's validation: the call is dropped, streamText gets an
// error part, and the step still finishes with finishReason "tool-calls".
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, streamText, tool } from 'ai';

const body = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{"city":"Paris"}}}]}}]}

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
  prompt: 'weather in Paris?',
  tools: {
    get_weather: tool({
      inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }),
      execute: async (input) => {
        runs.push(input);
        console.log(`get_weather ran: input=${JSON.stringify(input)}`);
        return 'sunny';
      },
    }),
  },
  onError: () => {}, // the error part is printed below
});
for await (const part of result.fullStream) {
  if (part.type === 'error') console.log(`error part: ${String(part.error).split('\n')[0]}`);
}
console.log(`finishReason=${await result.finishReason}; get_weather ran ${runs.length} time(s)`);
process.exit(runs.length === 1 && runs[0].city === 'Paris' ? 0 : 1);
