// openai (npm) chat.completions.stream() turns a function.arguments sent
// as a JSON object, as text-generation-inference and llama.cpp's server
// send it, into the text "[object Object]": finalChatCompletion() returns
// the call with those arguments, and no error. The object's JSON text is
// the call's arguments.
import OpenAI from 'openai';

const body = String.raw`data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{ "city": "Paris", "days": [1, 2] }}}]},"finish_reason":null}]}

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

const client = new OpenAI({ apiKey: 'test', baseURL: 'http://provider.invalid/v1', maxRetries: 0, fetch });
const stream = client.chat.completions.stream({
  model: 'm',
  messages: [{ role: 'user', content: 'Weather in Paris, days 1 and 2?' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
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
let args;
try {
  args = JSON.stringify(JSON.parse(calls[0]?.function.arguments));
} catch {
  args = undefined;
}
const ok = calls.length === 1 && calls[0].id === 'call_o1' && args === '{"city":"Paris","days":[1,2]}';
process.exit(ok ? 0 : 1);
