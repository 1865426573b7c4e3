"""litellm: litellm.completion(..., stream=True) (its CustomStreamWrapper)
on a provider's stream served by an HTTP server on 127.0.0.1 (the call's
api_base), then litellm.stream_chunk_builder() of the chunks, as litellm's
proxy builds the complete response of a streamed request; the calls are
the built message's tool_calls. litellm reads each provider's own format
(openai-chat through its OpenAI provider, anthropic, gemini and ollama
through theirs) and hands every one over in OpenAI's chat form, with
OpenAI's finish reasons."""

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch at import
os.environ.setdefault("LITELLM_LOG", "ERROR")

import litellm  # noqa: E402

from adapterlib import protocol, replay  # noqa: E402

DESC = {
    "name": "litellm completion stream + stream_chunk_builder",
    "packages": ["litellm"],
    "formats": ["openai-chat", "anthropic", "gemini", "ollama"],
    "claims": ["stop-reason", "text", "thinking"],
}

litellm.telemetry = False
litellm.suppress_debug_info = True

# format -> (model, api_base path under the server's URL)
MODELS = {
    "openai-chat": ("openai/replay-model", "/v1"),
    "anthropic": ("anthropic/claude-sonnet-4-5", ""),
    "gemini": ("gemini/gemini-2.5-flash", ""),
    "ollama": ("ollama_chat/replay-model", ""),
}

CONTENT_TYPES = {"ollama": "application/x-ndjson"}


def reassemble(data, fmt):
    srv = replay.server()
    srv.set_body(protocol.provider_bytes(data, fmt), CONTENT_TYPES.get(fmt, "text/event-stream"))
    model, path = MODELS[fmt]
    messages = [{"role": "user", "content": "replayed stream"}]
    response = litellm.completion(
        model=model,
        messages=messages,
        stream=True,
        api_base=srv.url + path,
        api_key="replay",
        max_retries=0,
        num_retries=0,
        max_tokens=1024,
    )
    chunks = list(response)
    built = litellm.stream_chunk_builder(chunks, messages=messages)
    if built is None:
        return {"calls": [], "stop_reason": "none", "text": "", "thinking": ""}
    calls = []
    text = ""
    thinking = ""
    stop = "none"
    for choice in sorted(built.choices, key=lambda c: c.index):
        m = choice.message
        if isinstance(m.content, str):
            text += m.content
        thinking += getattr(m, "reasoning_content", None) or ""
        # A legacy function_call is a call where the message has no
        # tool_calls (a server that sends both sends one call in two
        # shapes, and a caller reads tool_calls).
        fc = getattr(m, "function_call", None)
        if fc is not None and not m.tool_calls:
            calls.append(protocol.text_call("", fc.name, fc.arguments))
        for tc in m.tool_calls or []:
            calls.append(protocol.text_call(tc.id, tc.function.name, tc.function.arguments))
        # litellm maps every provider's reason to OpenAI's.
        stop = protocol.canonical_raw_stop("openai-chat", choice.finish_reason)
    return {"calls": calls, "stop_reason": stop, "text": text, "thinking": thinking}


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
