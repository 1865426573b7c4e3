"""pydantic-ai's OpenAIChatModel opens a new tool call for a fragment that
has no index and an empty name ("name": ""): the parts manager takes any
name that is not None as the start of a call, so the call's arguments are
split over two ToolCallParts, "{" and "\"tags\": null}\n", neither of which
validates, and the call the stream completed is lost."""

import asyncio
import sys

import httpx
import openai
from pydantic_ai import ModelRequest
from pydantic_ai.direct import model_request_stream
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

BODY = rb"""data: {"id":"chatcmpl-0000","object":"chat.completion.chunk","created":1767225600,"model":"gen-model","system_fingerprint":"fp_706z","choices":[{"index":0,"delta":{"tool_calls":[{"id":"call_000060D3UUwU","type":"function","function":{"name":"get_weather","arguments":"{"}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-1201","object":"chat.completion.chunk","created":1767225600,"model":"gen-model","system_fingerprint":"fp_706z","choices":[{"delta":{"tool_calls":[{"type":"function","function":{"name":"","arguments":"\"tags\": null}\n"}}]},"logprobs":null,"finish_reason":"tool_calls","native_finish_reason":"STOP"}]}

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
ok = len(calls) == 1 and calls[0][1] == "get_weather" and calls[0][2] == '{"tags": null}\n'
sys.exit(0 if ok else 1)
