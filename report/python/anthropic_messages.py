"""anthropic (Python): client.messages.stream() on an Anthropic Messages
stream replayed through the client's http_client (an httpx MockTransport);
the calls are get_final_message()'s tool_use blocks (and its
server_tool_use and mcp_tool_use blocks, which toolspec counts as calls
too), their input written back as JSON."""

import anthropic
import httpx2

from adapterlib import protocol, replay

DESC = {
    "name": "anthropic messages.stream get_final_message",
    "packages": ["anthropic"],
    "formats": ["anthropic"],
    "claims": ["stop-reason", "text", "thinking"],
}

CALL_BLOCKS = ("tool_use", "server_tool_use", "mcp_tool_use")


def reassemble(data, fmt):
    client = anthropic.Anthropic(
        api_key="replay",
        base_url="http://replay.invalid",
        max_retries=0,
        http_client=replay.http_client(protocol.provider_bytes(data, fmt), httpx=httpx2),
    )
    # The input text each block's input_json_delta events carried, as the
    # stream's own events report it (rebuilt at each message_start, as the
    # SDK's snapshot is).
    raw = {}
    with client.messages.stream(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        messages=[{"role": "user", "content": "replayed stream"}],
    ) as stream:
        for event in stream:
            if event.type == "message_start":
                raw = {}
            elif event.type == "content_block_delta" and getattr(event.delta, "type", None) == "input_json_delta":
                raw[event.index] = raw.get(event.index, "") + (event.delta.partial_json or "")
        message = stream.get_final_message()
    calls = []
    text = ""
    thinking = ""
    for i, block in enumerate(message.content):
        kind = getattr(block, "type", None)
        if kind == "text":
            text += block.text or ""
        elif kind == "thinking":
            thinking += block.thinking or ""
        elif kind in CALL_BLOCKS:
            # A block without input has no arguments: "" is the protocol's
            # "none", not JSON null.
            inp = getattr(block, "input", None)
            args = "" if inp is None and "input" not in (block.model_fields_set or ()) else protocol.argument_text(inp, raw.get(i, ""))
            calls.append({"id": block.id or "", "name": block.name or "", "arguments": args, "status": "complete"})
    return {
        "calls": calls,
        "stop_reason": protocol.canonical_raw_stop(fmt, message.stop_reason),
        "text": text,
        "thinking": thinking,
    }


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
