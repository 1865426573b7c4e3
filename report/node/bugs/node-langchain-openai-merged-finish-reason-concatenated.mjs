// @langchain/openai + @langchain/core: merging the AIMessageChunks of
// ChatOpenAI.stream() with concat joins the finish_reason of every chunk that
// carries one: OpenRouter sends finish_reason "tool_calls" twice, and the
// merged message says "tool_callstool_calls", a reason no provider sends.
import { ChatOpenAI } from '@langchain/openai';
import { concat } from '@langchain/core/utils/stream';

const body = String.raw`data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"toolu_bdrk_01","type":"function","function":{"name":"add","arguments":""}}]},"finish_reason":null,"native_finish_reason":null}],"provider":"Amazon Bedrock"}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"function":{"arguments":""}}]},"finish_reason":null,"native_finish_reason":null}],"provider":"Amazon Bedrock"}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"function":{"arguments":"{\"a\": 2, \"b\": 3}"}}]},"finish_reason":null,"native_finish_reason":null}],"provider":"Amazon Bedrock"}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"content":"","role":"assistant"},"finish_reason":"tool_calls","native_finish_reason":"tool_use"}],"provider":"Amazon Bedrock"}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"content":"","role":"assistant"},"finish_reason":"tool_calls","native_finish_reason":"tool_use"}],"provider":"Amazon Bedrock","usage":{"prompt_tokens":685,"completion_tokens":120,"total_tokens":805}}

data: [DONE]

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
}).bindTools([{ type: 'function', function: { name: 'add', description: 'A tool.', parameters: { type: 'object' } } }]);

// Streaming tool calls as LangChain.js documents it: merge the chunks with concat.
let full;
for await (const chunk of await llm.stream('Add 2 and 3.')) {
  full = full === undefined ? chunk : concat(full, chunk);
}
console.log('tool_calls:', JSON.stringify(full.tool_calls));
console.log('invalid_tool_calls:', JSON.stringify(full.invalid_tool_calls));
const reason = full.response_metadata.finish_reason;
console.log('finish_reason:', JSON.stringify(reason));
process.exit(reason === 'tool_calls' ? 0 : 1);
