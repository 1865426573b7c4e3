"""pydantic-ai's OpenAIChatModel builds a streamed tool call's name by
appending every delta's name: a stream that resends the name on each
chunk of one call, as llama.cpp's server, MiniMax M2.7 through NVIDIA NIM
and GPT-5.x have done, gives the ToolCallPart the tool_name
"read_fileread_fileread_file", which names no tool."""

import asyncio
import sys

import httpx
import openai
from pydantic_ai import ModelRequest
from pydantic_ai.direct import model_request_stream
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

BODY = rb"""data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_mm01","type":"function","function":{"name":"read_file","arguments":""}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"type":"function","function":{"name":"read_file","arguments":"\"notes.md\"}"}}]}}]}

data: {"id":"chatcmpl-chatnamerese","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

"""


def provider(request):
    """The provider's response: the stream above, as one server-sent-events body."""
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=BODY)


client = openai.AsyncOpenAI(
    api_key="test",
    base_url="http://provider.invalid/v1",
    max_retries=0,
    http_client=httpx.AsyncClient(transport=httpx.MockTransport(provider)),
)
model = OpenAIChatModel("m", provider=OpenAIProvider(openai_client=client))


async def main():
    async with model_request_stream(model, [ModelRequest.user_text_prompt("Go on.")]) as stream:
        async for _ in stream:
            pass
        return stream.get()


try:
    response = asyncio.run(main())
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
calls = [(p.tool_call_id, p.tool_name, p.args) for p in response.parts if isinstance(p, ToolCallPart)]
print("tool calls:", calls)
print("state:", response.state, "finish_reason:", response.finish_reason)
ok = calls == [("call_mm01", "read_file", '{"path":"notes.md"}')]
sys.exit(0 if ok else 1)
