// @langchain/openai + @langchain/core: a streamed tool call whose
// function.arguments is a JSON object (text-generation-inference, llama.cpp,
// GLM) comes out of the merged AIMessageChunk as an invalid tool call whose
// args are the string "[object Object]": both whole calls are lost.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{ "city": "Paris", "days": [1, 2] }}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_o2","type":"function","function":{"name":"get_time","arguments":{}}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
}).bindTools([{ type: 'function', function: { name: 'get_weather', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Weather in Paris?')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
process.exit(full.tool_calls.length === 2 ? 0 : 1);
