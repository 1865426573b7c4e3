// openai (npm) chat.completions.stream() requires a "type" on every tool
// call, which Mistral's API does not send: on this stream, recorded from
// api.mistral.ai (mistral-large-latest, two calls in one chunk with the
// finish), finalChatCompletion() throws "tool call snapshot missing
// `type`", so both calls are lost. An entry with a function is a function
// call.
import OpenAI from 'openai';

const body = String.raw`data: {"id":"7f62714ed40e411ab060e0ec28a53a52","object":"chat.completion.chunk","created":1759185828,"model":"mistral-large-latest","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

data: {"id":"7f62714ed40e411ab060e0ec28a53a52","object":"chat.completion.chunk","created":1759185828,"model":"mistral-large-latest","choices":[{"index":0,"delta":{"tool_calls":[{"id":"yBvJuId6u","function":{"name":"search","arguments":"{\"query\": \"Detroit Tigers game time today\"}"},"index":0},{"id":"ihQrVBDfy","function":{"name":"weather","arguments":"{\"city\": \"Detroit\"}"},"index":1}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":164,"total_tokens":189,"completion_tokens":25},"p":"abcdefghijklm"}

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
  messages: [{ role: 'user', content: 'When do the Tigers play today, and what is the weather in Detroit?' }],
  tools: [
    { type: 'function', function: { name: 'search', parameters: { type: 'object' } } },
    { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
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
  ['yBvJuId6u', 'search', '{"query": "Detroit Tigers game time today"}'],
  ['ihQrVBDfy', 'weather', '{"city": "Detroit"}'],
];
const ok =
  calls.length === want.length &&
  want.every(([id, name, args], i) => calls[i].id === id && calls[i].function.name === name && calls[i].function.arguments === args);
process.exit(ok ? 0 : 1);
