"""openai (Python) chat.completions.stream() fails with a bare AssertionError
on a call whose continuation fragment carries "type": null, as vLLM-style
backends send it after the call's header: the null replaces the call's
"function" type in the snapshot, and the next chunk's assert on it fails,
so the whole, normal stream is lost."""

import gc
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-chatnameempt","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"chatcmpl-tool-9c1f","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnameempt","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":null,"type":null,"function":{"name":"","arguments":"{\"city\": \"Quito\"}"}}]}}]}

data: {"id":"chatcmpl-chatnameempt","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
calls = completion.choices[0].message.tool_calls or []
print("tool_calls:", [(c.id, c.function.name, c.function.arguments) for c in calls])
ok = (
    len(calls) == 1
    and calls[0].id == "chatcmpl-tool-9c1f"
    and calls[0].function.name == "get_weather"
    and calls[0].function.arguments == '{"city": "Quito"}'
)
sys.exit(0 if ok else 1)
