"""pydantic-ai's AnthropicModel drops in silence an input_json_delta for a
content block that no content_block_start opened, and hands over the
response as a normal end: finish_reason "tool_call" with no ToolCallPart.
The Anthropic SDK's own MessageStream refuses the same stream."""

import asyncio
import sys

import anthropic
import httpx2
from pydantic_ai import ModelRequest
from pydantic_ai.direct import model_request_stream
from pydantic_ai.messages import ToolCallPart
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.providers.anthropic import AnthropicProvider

BODY = rb"""event: message_start
data: {"type":"message_start","message":{"id":"msg_nostart","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me look."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"q\":\"x\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":20}}

event: message_stop
data: {"type":"message_stop"}

"""


def provider(request):
    """The provider's response: the stream above, as one server-sent-events body."""
    return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=BODY)


client = anthropic.AsyncAnthropic(
    api_key="test",
    base_url="http://provider.invalid",
    max_retries=0,
    http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(provider)),
)
model = AnthropicModel("claude-sonnet-4-5", provider=AnthropicProvider(anthropic_client=client))


async def main():
    async with model_request_stream(model, [ModelRequest.user_text_prompt("Go on.")]) as stream:
        async for _ in stream:
            pass
        return stream.get()


try:
    response = asyncio.run(main())
except Exception as err:
    # Refusing the stream is safe: nothing is handed over as a normal end.
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(0)
calls = [(p.tool_call_id, p.tool_name, p.args) for p in response.parts if isinstance(p, ToolCallPart)]
print("tool calls:", calls)
print("state:", response.state, "finish_reason:", response.finish_reason)
# The delta's call is gone, and the finish says the turn ended to run tools.
lost = not calls and response.finish_reason == "tool_call" and response.state == "complete"
sys.exit(1 if lost else 0)
