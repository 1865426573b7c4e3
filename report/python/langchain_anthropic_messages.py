"""langchain-anthropic: ChatAnthropic.stream() on an Anthropic Messages
stream served by an HTTP server on 127.0.0.1 (the model's base_url); the
AIMessageChunks are merged with + and the merged message's tool_calls
(finished) and invalid_tool_calls are the calls, its text and thinking
blocks the text and thinking."""

from langchain_anthropic import ChatAnthropic

from adapterlib import lc, protocol, replay

DESC = {
    "name": "langchain-anthropic ChatAnthropic.stream AIMessageChunk merge",
    "packages": ["langchain-anthropic", "langchain-core", "anthropic"],
    "formats": ["anthropic"],
    "claims": ["stop-reason", "text", "thinking"],
}


def reassemble(data, fmt):
    srv = replay.server()
    srv.set_body(protocol.provider_bytes(data, fmt))
    llm = ChatAnthropic(model="claude-sonnet-4-5", api_key="replay", base_url=srv.url, max_retries=0, max_tokens=1024)
    # A request that declares a tool, as a tool-calling application's
    # does (without one the model reads content as a string and drops
    # tool_use blocks with a warning); the streams call tools of any name.
    llm = llm.bind_tools([lc.ANY_TOOL])
    full = lc.merge(llm.stream("replayed stream"))
    if full is None:
        return {"calls": [], "stop_reason": "none", "text": "", "thinking": ""}
    return {
        "calls": lc.calls_of(full),
        "stop_reason": protocol.canonical_raw_stop(fmt, full.response_metadata.get("stop_reason")),
        "text": lc.text_of(full),
        "thinking": lc.text_of(full, "thinking"),
    }


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
