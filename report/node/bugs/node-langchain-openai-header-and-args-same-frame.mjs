// @langchain/openai + @langchain/core: a chunk whose tool_calls hold a
// call's header and its first argument fragment as two entries at index 0
// (vLLM with Kimi K2.6): merging with concat appends the next fragment to the
// header, before the first fragment, so the arguments come out reordered,
// 'dir": "src"} {"', and the call is invalid.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-chatheaderan","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"functions.list_files:0","function":{"name":"list_files"},"type":"function"},{"index":0,"function":{"arguments":" {\""}}]}}]}

data: {"id":"chatcmpl-chatheaderan","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"dir\": \"src\"}"}}]}}]}

data: {"id":"chatcmpl-chatheaderan","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
}).bindTools([{ type: 'function', function: { name: 'list_files', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('List src.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
const ok = full.tool_calls.some((c) => c.name === 'list_files' && c.args.dir === 'src');
process.exit(ok ? 0 : 1);
