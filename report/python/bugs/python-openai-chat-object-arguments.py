"""openai (Python) chat.completions.stream() keeps function.arguments sent
as a JSON object as that object: get_final_completion() hands over a
tool call whose arguments (typed str) is a dict, which json.loads, as the
SDK's documentation has the caller parse it, refuses with a TypeError."""

import gc
import json
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{ "city": "Paris", "days": [1, 2] }}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_o2","type":"function","function":{"name":"get_time","arguments":{}}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
print("tool_calls:", [(c.id, c.function.name, type(c.function.arguments).__name__, c.function.arguments) for c in calls])
try:
    args = [json.loads(c.function.arguments) for c in calls]
except TypeError as err:
    print(f"json.loads(function.arguments) raised TypeError: {err}")
    sys.exit(1)
ok = len(calls) == 2 and args == [{"city": "Paris", "days": [1, 2]}, {}]
sys.exit(0 if ok else 1)
