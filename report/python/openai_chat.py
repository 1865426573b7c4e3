"""openai (Python): client.chat.completions.stream() on an OpenAI Chat
Completions stream replayed through the client's http_client (an httpx
MockTransport); the calls are the tool_calls of get_final_completion()'s
messages."""

import openai

from adapterlib import protocol, replay

DESC = {
    "name": "openai chat.completions.stream get_final_completion",
    "packages": ["openai"],
    "formats": ["openai-chat"],
    "claims": ["stop-reason", "text"],
}


def reassemble(data, fmt):
    client = openai.OpenAI(
        api_key="replay",
        base_url="http://replay.invalid/v1",
        max_retries=0,
        http_client=replay.http_client(protocol.provider_bytes(data, fmt)),
    )
    with client.chat.completions.stream(
        model="replay-model",
        messages=[{"role": "user", "content": "replayed stream"}],
    ) as stream:
        for _ in stream:
            pass
        completion = stream.get_final_completion()
    calls = []
    text = ""
    stop = "none"
    for choice in sorted(completion.choices, key=lambda c: c.index):
        m = choice.message
        if isinstance(m.content, str):
            text += m.content
        # A legacy function call (a request that declared functions) is the
        # message's function_call, which the SDK keeps apart from tool_calls:
        # a call where the message has no tool_calls (a server that sends
        # both sends one call in two shapes, and a caller reads tool_calls).
        if m.function_call is not None and not m.tool_calls:
            calls.append(protocol.text_call("", m.function_call.name, m.function_call.arguments))
        for tc in m.tool_calls or []:
            fn = getattr(tc, "function", None)
            if fn is not None:
                name, args = fn.name, fn.arguments
            else:  # a custom tool call
                name, args = tc.custom.name, tc.custom.input
            calls.append(protocol.text_call(tc.id, name, args))
        stop = protocol.canonical_raw_stop(fmt, choice.finish_reason)
    return {"calls": calls, "stop_reason": stop, "text": text}


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
