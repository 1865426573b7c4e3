"""langchain-openai fails on a tool call streamed without index, as Gemini's
OpenAI-compatible endpoint sends it: the entry that carries only the
call's thought signature (extra_content, no function) raises
"AttributeError: 'NoneType' object has no attribute 'get'", and without
it the argument fragments, never merged for want of an index, come out as
nameless tool calls, one of them {"cmd": "ls"}, cut."""

import sys

import httpx
from langchain_openai import ChatOpenAI

BODY = rb"""data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"call_a1b2","type":"function","function":{"name":"run_command","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":"{\"cmd\":\"ls"}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":" -la\"}"}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"extra_content":{"google":{"thought_signature":"c2lnLWNtZA=="}}}]}}]}

data: {"id":"chatcmpl-chatnoindexs","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

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
).bind_tools([{"type": "function", "function": {"name": "run_command", "parameters": {"type": "object"}}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
print("tool_calls:", full.tool_calls)
print("invalid_tool_calls:", full.invalid_tool_calls)
ok = (
    len(full.tool_calls) == 1
    and full.tool_calls[0]["id"] == "call_a1b2"
    and full.tool_calls[0]["name"] == "run_command"
    and full.tool_calls[0]["args"] == {"cmd": "ls -la"}
)
sys.exit(0 if ok else 1)
