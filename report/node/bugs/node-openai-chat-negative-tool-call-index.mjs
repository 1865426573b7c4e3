// openai (npm) chat.completions.stream() rejects a tool-call delta whose
// index is -1, the index some OpenAI-compatible servers (Amazon Bedrock's
// endpoint, Z.ai's GLM API) give their only call: finalChatCompletion()
// throws "invalid tool call index: -1" on a whole, normal stream, so the
// call is lost. openai-go reads -1 as index 0 for these providers.
import OpenAI from 'openai';

const body = String.raw`data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":-1,"id":"tooluse_Qm7r2k","type":"function","function":{"name":"get_stock","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":-1,"function":{"arguments":"{\"ticker\":"}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":-1,"function":{"arguments":"\"ACME\"}"}}]}}]}

data: {"id":"chatcmpl-chatindexmin","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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

const client = new OpenAI({ apiKey: 'test', baseURL: 'http://provider.invalid/v1', maxRetries: 0, fetch });
const stream = client.chat.completions.stream({
  model: 'm',
  messages: [{ role: 'user', content: 'What is ACME trading at?' }],
  tools: [{ type: 'function', function: { name: 'get_stock', parameters: { type: 'object' } } }],
});

let completion;
try {
  completion = await stream.finalChatCompletion();
} catch (err) {
  console.log(`finalChatCompletion() threw: ${err}`);
  process.exit(1);
}
const calls = completion.choices[0].message.tool_calls ?? [];
console.log('tool_calls:', JSON.stringify(calls));
const ok =
  calls.length === 1 &&
  calls[0].id === 'tooluse_Qm7r2k' &&
  calls[0].function.name === 'get_stock' &&
  calls[0].function.arguments === '{"ticker":"ACME"}';
process.exit(ok ? 0 : 1);
