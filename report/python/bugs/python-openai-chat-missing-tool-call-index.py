"""openai (Python) chat.completions.stream() fails on a tool-call delta
without an index, which Gemini's OpenAI-compatible endpoint
(generativelanguage.googleapis.com/v1beta/openai) sends on every call:
iterating the stream raises "TypeError: list indices must be integers or
slices, not NoneType" on a whole, normal stream, so the call is lost. The
entry is the only one of its delta, at array position 0."""

import gc
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-chatnoindexw","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{"role":"assistant","tool_calls":[{"extra_content":{"google":{"thought_signature":"c2lnLTE="}},"function":{"arguments":"{\"offset\":1,\"limit\":100,\"path\":\"/app/SKILL.md\"}","name":"read"},"id":"call_297140","type":"function"}]},"index":0}]}

data: {"id":"chatcmpl-chatnoindexw","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"delta":{"role":"assistant"},"finish_reason":"stop","index":0}]}

data: [DONE]

"""


def provider(request):
    """The provider's response: the stream above, as one server-sent-events body."""
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=BODY)


client = openai.OpenAI(
    api_key="test",
    base_url="http://provider.invalid/v1",
    max_retries=0,
    http_client=httpx.Client(transport=httpx.MockTransport(provider)),
)
try:
    with client.chat.completions.stream(
        model="m",
        messages=[{"role": "user", "content": "Read the skill file."}],
        tools=[{"type": "function", "function": {"name": "read", "parameters": {"type": "object"}}}],
    ) as stream:
        for _ in stream:
            pass
        completion = stream.get_final_completion()
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    stream = None  # close the SDK's event generator before the interpreter shuts down
    gc.collect()
    sys.exit(1)
calls = completion.choices[0].message.tool_calls or []
print("tool_calls:", [(c.id, c.function.name, c.function.arguments) for c in calls])
ok = (
    len(calls) == 1
    and calls[0].id == "call_297140"
    and calls[0].function.name == "read"
    and calls[0].function.arguments == '{"offset":1,"limit":100,"path":"/app/SKILL.md"}'
)
sys.exit(0 if ok else 1)
