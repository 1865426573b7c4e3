"""pydantic-ai: pydantic_ai.direct.model_request_stream() with its
OpenAIChatModel (openai-chat) or AnthropicModel (anthropic), each on its
provider's SDK client whose http_client is an httpx MockTransport that
answers with the stream; the stream is read to the end and get() gives the
ModelResponse whose ToolCallParts are the calls, finished when the
response's state is "complete" and their typed_args validate."""

import asyncio

import anthropic
import httpx
import httpx2
import openai
from pydantic_ai import ModelRequest
from pydantic_ai.direct import model_request_stream
from pydantic_ai.messages import TextPart, ThinkingPart, ToolCallPart
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.anthropic import AnthropicProvider
from pydantic_ai.providers.openai import OpenAIProvider

from adapterlib import protocol

DESC = {
    "name": "pydantic-ai model_request_stream",
    "packages": ["pydantic-ai-slim"],
    "formats": ["openai-chat", "anthropic"],
    "claims": ["stop-reason", "text", "thinking"],
}

# pydantic-ai's normalized finish reasons in toolspec's canonical names.
FINISH = {"stop": "end", "tool_call": "tool_use", "length": "length", "content_filter": "content_filter", "error": "error"}


def model(body, fmt):
    if fmt == "anthropic":
        client = anthropic.AsyncAnthropic(
            api_key="replay", base_url="http://replay.invalid", max_retries=0,
            http_client=httpx2.AsyncClient(transport=_transport(body, httpx2)),
        )
        return AnthropicModel("claude-sonnet-4-5", provider=AnthropicProvider(anthropic_client=client))
    client = openai.AsyncOpenAI(
        api_key="replay", base_url="http://replay.invalid/v1", max_retries=0,
        http_client=httpx.AsyncClient(transport=_transport(body, httpx)),
    )
    return OpenAIChatModel("replay-model", provider=OpenAIProvider(openai_client=client))


def _transport(body, mod):
    def handler(request):
        return mod.Response(200, headers={"content-type": "text/event-stream"}, content=body)

    return mod.MockTransport(handler)


async def run(body, fmt):
    messages = [ModelRequest.user_text_prompt("replayed stream")]
    async with model_request_stream(model(body, fmt), messages) as stream:
        async for _ in stream:
            pass
        return stream.get()


def reassemble(data, fmt):
    response = asyncio.run(run(protocol.provider_bytes(data, fmt), fmt))
    finished = response.state == "complete"
    calls = []
    text = ""
    thinking = ""
    for part in response.parts:
        if isinstance(part, ToolCallPart):
            if isinstance(part.args, dict):
                call = {"id": part.tool_call_id or "", "name": part.tool_name or "",
                        "arguments": protocol.dumps(part.args), "status": "complete"}
            else:
                call = protocol.text_call(part.tool_call_id, part.tool_name, part.args)
            if call["status"] == "complete" and not finished:
                call["status"] = str(response.state)
            # typed_args is None when the arguments "are incomplete (still
            # streaming in) or don't validate ... check for None even on a
            # finalized response" (ToolCallPart.typed_args): not ready to run.
            if call["status"] == "complete" and part.typed_args is None:
                call["status"] = "invalid"
            calls.append(call)
        elif isinstance(part, TextPart):
            text += part.content or ""
        elif isinstance(part, ThinkingPart):
            thinking += part.content or ""
    stop = FINISH.get(response.finish_reason, "other") if response.finish_reason is not None else "none"
    return {"calls": calls, "stop_reason": stop, "text": text, "thinking": thinking}


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
