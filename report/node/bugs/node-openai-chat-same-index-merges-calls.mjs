// openai (npm) chat.completions.stream() merges parallel tool calls that a
// server sends all at index 0, each whole in its own chunk with its own id
// and name (Ollama's OpenAI layer before ollama#15467, Qwen on ai-dynamo):
// finalChatCompletion() returns one call with the last id and name and the
// three argument objects concatenated, and no error.
import OpenAI from 'openai';

const body = String.raw`data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_1","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"alpha.txt\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_2","type":"function","function":{"name":"write_file","arguments":"{\"path\":\"beta.txt\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_3","type":"function","function":{"name":"list_dir","arguments":"{\"path\":\".\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
  messages: [{ role: 'user', content: 'Create alpha.txt and beta.txt, then list the directory.' }],
  tools: [
    { type: 'function', function: { name: 'write_file', parameters: { type: 'object' } } },
    { type: 'function', function: { name: 'list_dir', parameters: { type: 'object' } } },
  ],
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
const want = [
  ['call_function_7f3a_1', 'write_file', '{"path":"alpha.txt"}'],
  ['call_function_7f3a_2', 'write_file', '{"path":"beta.txt"}'],
  ['call_function_7f3a_3', 'list_dir', '{"path":"."}'],
];
const ok =
  calls.length === want.length &&
  want.every(([id, name, args], i) => calls[i].id === id && calls[i].function.name === name && calls[i].function.arguments === args);
process.exit(ok ? 0 : 1);
