"""openai (Python) chat.completions.stream() builds a tool call's name by
concatenating every delta's name: a stream that resends the name on each
chunk of one call, as MiniMax M2.7 through NVIDIA NIM and GPT-5.x have
done, gives the call the name "read_fileread_fileread_file", which names
no tool. The same accumulation concatenates ids, and merges calls sent at
one index with new ids into one."""

import gc
import sys

import httpx
import openai

BODY = rb"""data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_mm01","type":"function","function":{"name":"read_file","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"\"notes.md\"}"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
    and calls[0].id == "call_mm01"
    and calls[0].function.name == "read_file"
    and calls[0].function.arguments == '{"path":"notes.md"}'
)
sys.exit(0 if ok else 1)
