// openai (npm) chat.completions.stream() rejects a tool-call delta without
// an index, which Gemini's OpenAI-compatible endpoint
// (generativelanguage.googleapis.com/v1beta/openai) sends on every call:
// finalChatCompletion() throws "invalid tool call index: undefined" on a
// whole, normal stream, so the call is lost. The entry is the only one of
// its delta, at array position 0.
import OpenAI from 'openai';

const body = String.raw`data: {"id":"chatcmpl-chatnoindexw","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{"role":"assistant","tool_calls":[{"extra_content":{"google":{"thought_signature":"c2lnLTE="}},"function":{"arguments":"{\"offset\":1,\"limit\":100,\"path\":\"/app/SKILL.md\"}","name":"read"},"id":"call_297140","type":"function"}]},"index":0}]}

data: {"id":"chatcmpl-chatnoindexw","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{"role":"assistant"},"finish_reason":"stop","index":0}]}

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
  messages: [{ role: 'user', content: 'Read the skill file.' }],
  tools: [{ type: 'function', function: { name: 'read', parameters: { type: 'object' } } }],
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
  calls[0].id === 'call_297140' &&
  calls[0].function.name === 'read' &&
  calls[0].function.arguments === '{"offset":1,"limit":100,"path":"/app/SKILL.md"}';
process.exit(ok ? 0 : 1);
