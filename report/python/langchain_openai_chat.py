"""langchain-openai: ChatOpenAI.stream() on an OpenAI Chat Completions
stream replayed through the model's http_client (an httpx MockTransport);
the AIMessageChunks are merged with + and the merged message's tool_calls
(finished) and invalid_tool_calls are the calls."""

from langchain_openai import ChatOpenAI

from adapterlib import lc, protocol, replay

DESC = {
    "name": "langchain-openai ChatOpenAI.stream AIMessageChunk merge",
    "packages": ["langchain-openai", "langchain-core", "openai"],
    "formats": ["openai-chat"],
    "claims": ["stop-reason", "text"],
}


def reassemble(data, fmt):
    llm = ChatOpenAI(
        model="replay-model",
        api_key="replay",
        base_url="http://replay.invalid/v1",
        max_retries=0,
        http_client=replay.http_client(protocol.provider_bytes(data, fmt)),
    )
    # A request that declares a tool, as a tool-calling application's does;
    # the streams call tools of any name.
    llm = llm.bind_tools([lc.ANY_TOOL])
    full = lc.merge(llm.stream("replayed stream"))
    if full is None:
        return {"calls": [], "stop_reason": "none", "text": ""}
    return {
        "calls": lc.calls_of(full),
        "stop_reason": protocol.canonical_raw_stop(fmt, full.response_metadata.get("finish_reason")),
        "text": lc.text_of(full),
    }


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
