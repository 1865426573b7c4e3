"""langchain-openai refuses a stream whose function.arguments come as a
JSON object rather than a string, as GLM, text-generation-inference and
llama.cpp's server send them: building the AIMessageChunk raises a
pydantic ValidationError ("tool_call_chunks.0.args Input should be a valid
string"), and both whole calls are lost."""

import sys

import httpx
from langchain_openai import ChatOpenAI

BODY = rb"""data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_o1","type":"function","function":{"name":"get_weather","arguments":{ "city": "Paris", "days": [1, 2] }}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_o2","type":"function","function":{"name":"get_time","arguments":{}}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-o1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

"""


def provider(request):
    """The provider's response: the stream above, as one server-sent-events body."""
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=BODY)


llm = ChatOpenAI(
    model="m",
    api_key="test",
    base_url="http://provider.invalid/v1",
    max_retries=0,
    http_client=httpx.Client(transport=httpx.MockTransport(provider)),
).bind_tools([{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
print("tool_calls:", full.tool_calls)
ok = [(c["id"], c["name"], c["args"]) for c in full.tool_calls] == [
    ("call_o1", "get_weather", {"city": "Paris", "days": [1, 2]}),
    ("call_o2", "get_time", {}),
]
sys.exit(0 if ok else 1)
