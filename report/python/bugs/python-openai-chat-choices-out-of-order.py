"""openai (Python) chat.completions.stream() fails with "IndexError: list
assignment index out of range" when a request for n = 2 choices streams
a chunk of choice 1 before any chunk of choice 0: the accumulator uses the
choice's index as a position in a list that does not have it yet, so the
whole, normal stream and both choices' calls are lost."""

import gc
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":1,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_c1a","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_c0a","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Rome\"}"}}]},"finish_reason":null},{"index":1,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Oslo\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":1,"delta":{},"finish_reason":"tool_calls"}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
        messages=[{"role": "user", "content": "Go on."}],
        n=2,
        tools=[{"type": "function", "function": {"name": "read_file", "parameters": {"type": "object"}}}],
    ) as stream:
        for _ in stream:
            pass
        completion = stream.get_final_completion()
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    stream = None  # close the SDK's event generator before the interpreter shuts down
    gc.collect()
    sys.exit(1)
choices = sorted(completion.choices, key=lambda c: c.index)
calls = [[(c.id, c.function.name, c.function.arguments) for c in ch.message.tool_calls or []] for ch in choices]
print("tool_calls by choice:", calls)
ok = calls == [[("call_c0a", "get_weather", '{"city":"Rome"}')], [("call_c1a", "get_weather", '{"city":"Oslo"}')]]
sys.exit(0 if ok else 1)
