"""langchain-openai's AIMessageChunks, merged with + as LangChain's streaming
documentation does, concatenate every string two chunks both carry: a
stream that resends a call's name on each chunk, as MiniMax M2.7 through
NVIDIA NIM and GPT-5.x have done, gives the tool call the name
"read_fileread_fileread_file", and a finish_reason sent twice becomes
"tool_callstool_calls"."""

import sys

import httpx
from langchain_openai import ChatOpenAI

BODY = rb"""data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_mm01","type":"function","function":{"name":"read_file","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"\"notes.md\"}"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
).bind_tools([{"type": "function", "function": {"name": "read_file", "parameters": {"type": "object"}}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
print("tool_calls:", full.tool_calls)
ok = (
    len(full.tool_calls) == 1
    and full.tool_calls[0]["id"] == "call_mm01"
    and full.tool_calls[0]["name"] == "read_file"
    and full.tool_calls[0]["args"] == {"path": "notes.md"}
)
sys.exit(0 if ok else 1)
