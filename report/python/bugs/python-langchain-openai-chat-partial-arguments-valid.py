"""langchain-openai (langchain-core's AIMessageChunk) hands over a call
whose arguments were cut as a valid tool call: the merged message's
tool_calls parse each call's arguments with parse_partial_json, so
{"path": "/var/log/app.log", "content": " becomes {"path":
"/var/log/app.log", "content": ""}, and invalid_tool_calls stays empty.
An agent that runs tool_calls writes an empty file over the log."""

import sys

import httpx
from langchain_openai import ChatOpenAI

BODY = rb"""data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_w2","type":"function","function":{"name":"write_file","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\": \"/var/log/app.log\", \"content\": \""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
).bind_tools([{"type": "function", "function": {"name": "write_file", "parameters": {"type": "object"}}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
print("tool_calls:", full.tool_calls)
print("invalid_tool_calls:", full.invalid_tool_calls)
# The arguments are not one JSON object: the call is no valid tool call.
ok = full.tool_calls == [] and len(full.invalid_tool_calls) == 1
sys.exit(0 if ok else 1)
