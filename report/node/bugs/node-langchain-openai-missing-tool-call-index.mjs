// @langchain/openai + @langchain/core: a tool call whose deltas carry no
// index (Gemini's OpenAI-compatible endpoint) is not merged: the header
// becomes the valid call run_command({}) with arguments it never had, and
// each argument fragment a nameless invalid tool call.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"call_a1b2","type":"function","function":{"name":"run_command","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":"{\"cmd\":\"ls"}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":" -la\"}"}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"extra_content":{"google":{"thought_signature":"c2lnLWNtZA=="}}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

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
}).bindTools([{ type: 'function', function: { name: 'run_command', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('List the files.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
const ok =
  full.tool_calls.length === 1 &&
  full.tool_calls[0].name === 'run_command' &&
  full.tool_calls[0].args.cmd === 'ls -la' &&
  full.invalid_tool_calls.length === 0;
process.exit(ok ? 0 : 1);
