// @langchain/openai: a Chat Completions stream whose deltas carry no role,
// as OpenAI-compatible gateways have sent, becomes ChatMessageChunks (role
// undefined), not AIMessageChunks: the merged message has no tool_calls, and
// the whole call is lost without an error.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_r1","type":"function","function":{"name":"search","arguments":"{\"q\":\"kelp\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

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

const llm = new ChatOpenAI({
  model: 'm',
  apiKey: 'test',
  maxRetries: 0,
  configuration: { baseURL: 'http://provider.invalid/v1', fetch },
}).bindTools([{ type: 'function', function: { name: 'search', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Search for kelp.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
console.log('message type:', full.constructor.name);
process.exit((full.tool_calls ?? []).some((c) => c.name === 'search') ? 0 : 1);
