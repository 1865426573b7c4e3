// openai (npm) chat.completions.stream() requires a delta.role in the
// stream: finalChatCompletion() throws "missing role for choice 0" on a
// whole, normal stream whose deltas carry none, as OpenAI-compatible
// gateways and proxies have sent (tensorzero, one-api), so the call is lost.
// A chat completion's message is the assistant's whatever its deltas say.
import OpenAI from 'openai';

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

const client = new OpenAI({ apiKey: 'test', baseURL: 'http://provider.invalid/v1', maxRetries: 0, fetch });
const stream = client.chat.completions.stream({
  model: 'm',
  messages: [{ role: 'user', content: 'Search for kelp.' }],
  tools: [{ type: 'function', function: { name: 'search', parameters: { type: 'object' } } }],
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
  calls[0].id === 'call_r1' &&
  calls[0].function.name === 'search' &&
  calls[0].function.arguments === '{"q":"kelp"}';
process.exit(ok ? 0 : 1);
