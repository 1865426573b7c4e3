"""ollama (Python): Client.chat(..., stream=True) on an Ollama /api/chat
stream (JSON lines) replayed through the client's httpx transport; the
calls are every chunk's message.tool_calls, collected as Ollama's
documentation of streaming with tool calling does (tool_calls.extend(
chunk.message.tool_calls)), their arguments (a mapping) written back as
JSON."""

import ollama

from adapterlib import protocol, replay

DESC = {
    "name": "ollama Client.chat stream",
    "packages": ["ollama"],
    "formats": ["ollama"],
    "claims": ["stop-reason", "text", "thinking"],
}


def reassemble(data, fmt):
    client = ollama.Client(
        host="http://replay.invalid:11434",
        transport=replay.transport(protocol.provider_bytes(data, fmt), "application/x-ndjson"),
    )
    tool_calls = []
    text = ""
    thinking = ""
    stop = "none"
    for chunk in client.chat(model="replay-model", messages=[{"role": "user", "content": "replayed stream"}], stream=True):
        m = chunk.message
        if m.thinking:
            thinking += m.thinking
        if m.content:
            text += m.content
        if m.tool_calls:
            tool_calls.extend(m.tool_calls)
        if chunk.done:
            stop = protocol.canonical_raw_stop(fmt, chunk.done_reason or "")
    calls = []
    for tc in tool_calls:
        fn = tc.function
        args = fn.arguments
        calls.append({"id": "", "name": fn.name or "", "arguments": protocol.dumps(dict(args) if args is not None else {}), "status": "complete"})
    return {"calls": calls, "stop_reason": stop, "text": text, "thinking": thinking}


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
