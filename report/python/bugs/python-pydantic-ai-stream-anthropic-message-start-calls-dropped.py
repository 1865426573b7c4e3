"""pydantic-ai's AnthropicModel drops the tool_use blocks that Anthropic's
programmatic tool calling puts whole in message_start.message.content:
the streamed ModelResponse has no ToolCallPart and no finish_reason, in
state "complete", so an agent runs nothing the model asked for."""

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
data: {"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_01Pt","name":"query_db","input":{"sql":"select 1"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}},{"type":"tool_use","id":"toolu_02Pt","name":"query_db","input":{"sql":"select 2"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

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
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
calls = [(p.tool_call_id, p.tool_name, p.args) for p in response.parts if isinstance(p, ToolCallPart)]
print("tool calls:", calls)
print("state:", response.state, "finish_reason:", response.finish_reason)
ok = [(name, args) for _, name, args in calls] == [("query_db", {"sql": "select 1"}), ("query_db", {"sql": "select 2"})]
sys.exit(0 if ok else 1)
