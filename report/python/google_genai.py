"""google-genai: client.models.generate_content_stream() on a Gemini API
stream (server-sent events, alt=sse) served by an HTTP server on 127.0.0.1
(the client's base_url); the calls are every chunk's function_calls,
collected in order as the SDK's documentation of function calling does
with a response's function_calls, their args (a mapping) written back as
JSON."""

from google import genai
from google.genai import types

from adapterlib import protocol, replay

DESC = {
    "name": "google-genai generate_content_stream function_calls",
    "packages": ["google-genai"],
    "formats": ["gemini"],
    "claims": ["stop-reason", "text", "thinking"],
}


def reassemble(data, fmt):
    srv = replay.server()
    srv.set_body(protocol.provider_bytes(data, fmt))
    client = genai.Client(
        api_key="replay",
        http_options=types.HttpOptions(base_url=srv.url, retry_options=types.HttpRetryOptions(attempts=1)),
    )
    calls = []
    text = ""
    thinking = ""
    raw_stop = None
    for chunk in client.models.generate_content_stream(model="gemini-2.5-flash", contents="replayed stream"):
        for fc in chunk.function_calls or []:
            args = fc.args
            calls.append({
                "id": fc.id or "",
                "name": fc.name or "",
                "arguments": "" if args is None else protocol.dumps(dict(args)),
                "status": "complete",
            })
        cands = chunk.candidates or []
        if cands:
            c = cands[0]
            for part in (c.content.parts if c.content and c.content.parts else []):
                if part.text is not None:
                    if part.thought:
                        thinking += part.text
                    else:
                        text += part.text
            if c.finish_reason is not None:
                raw_stop = c.finish_reason
    return {"calls": calls, "stop_reason": protocol.canonical_raw_stop(fmt, raw_stop), "text": text, "thinking": thinking}


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
