"""What a LangChain chat model's stream hands its user: the AIMessageChunks
of .stream(), merged with + as LangChain's documentation of streaming tool
calls does, and read as its tool_calls (parsed, ready to run),
invalid_tool_calls and tool_call_chunks."""

from adapterlib import protocol

# The tool the requests declare (never sent anywhere): bind_tools takes a
# JSON schema in the OpenAI function form and converts it for each
# provider.
ANY_TOOL = {
    "type": "function",
    "function": {"name": "any", "description": "any tool", "parameters": {"type": "object", "properties": {}}},
}


def merge(chunks):
    full = None
    for chunk in chunks:
        full = chunk if full is None else full + chunk
    return full


def calls_of(full):
    """The calls of a merged AIMessageChunk, in the order of its
    tool_call_chunks (from which LangChain makes tool_calls and
    invalid_tool_calls, one per chunk): a tool_calls entry is finished
    ("complete"), its parsed args written back as JSON (the chunk's args
    text when it parses to the same value); an invalid_tool_calls entry is
    "invalid", with its args text."""
    valid = list(full.tool_calls or [])
    invalid = list(full.invalid_tool_calls or [])
    calls = []

    def take(queue, tcc):
        if queue and queue[0].get("id") == tcc.get("id") and (queue[0].get("name") or None) == (tcc.get("name") or None):
            return queue.pop(0)
        return None

    for tcc in full.tool_call_chunks or []:
        tc = take(valid, tcc)
        if tc is not None:
            calls.append({"id": tc.get("id") or "", "name": tc.get("name") or "",
                          "arguments": protocol.argument_text(tc.get("args"), tcc.get("args") or ""), "status": "complete"})
            continue
        tc = take(invalid, tcc)
        if tc is not None:
            calls.append(protocol.text_call(tc.get("id"), tc.get("name"), tc.get("args"), "invalid"))
    # A legacy function call (a request that declared functions) is kept
    # apart, in additional_kwargs["function_call"], as the provider's raw
    # data: it is no tool call LangChain hands over to run (tool_calls,
    # which its agents and ToolNode read, leave it out), so it is presented
    # as not finished ("raw").
    fc = (full.additional_kwargs or {}).get("function_call")
    if isinstance(fc, dict):
        calls.append(protocol.text_call("", fc.get("name"), fc.get("arguments"), "raw"))
    for tc in valid:
        calls.append({"id": tc.get("id") or "", "name": tc.get("name") or "",
                      "arguments": protocol.dumps(tc.get("args")), "status": "complete"})
    for tc in invalid:
        calls.append(protocol.text_call(tc.get("id"), tc.get("name"), tc.get("args"), "invalid"))
    return calls


def text_of(full, kind="text"):
    """The text (or, kind "thinking", the thinking) of a merged message:
    its content when a string, else its blocks of that kind."""
    content = full.content
    if isinstance(content, str):
        return content if kind == "text" else ""
    out = ""
    for block in content or []:
        if isinstance(block, str):
            if kind == "text":
                out += block
        elif isinstance(block, dict) and block.get("type") == kind:
            out += block.get(kind) or ""
    return out
