// @langchain/openai + @langchain/core: a streamed call whose arguments were
// cut ({"path": "/var/log/app.log", "content": ") comes out of the merged
// AIMessageChunk as a valid tool call, args {path: "/var/log/app.log",
// content: ""}: parsePartialJson closed the string and the object, and
// nothing says the arguments were not whole.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_w2","type":"function","function":{"name":"write_file","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\": \"/var/log/app.log\", \"content\": \""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
}).bindTools([{ type: 'function', function: { name: 'write_file', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Clear the log.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
const made = full.tool_calls.find((c) => c.name === 'write_file');
process.exit(made ? 1 : 0);
