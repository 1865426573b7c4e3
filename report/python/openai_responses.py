"""openai (Python): client.responses.stream() on an OpenAI Responses stream
replayed through the client's http_client (an httpx MockTransport); the
calls are the output items of get_final_response() that NAME-5 counts as
calls (function_call, custom_tool_call and the items that ask the client
to act or report a tool the provider ran)."""

import json

import openai

from adapterlib import protocol, replay

DESC = {
    "name": "openai responses.stream get_final_response",
    "packages": ["openai"],
    "formats": ["openai-responses"],
    "claims": ["stop-reason", "text", "thinking"],
}

# item type -> (the member that is its id, whether it has a name, the
# member that is its input, whether that input is text)
CALL_ITEMS = {
    "function_call": ("call_id", True, "arguments", True),
    "custom_tool_call": ("call_id", True, "input", True),
    "computer_call": ("call_id", False, "action", False),
    "shell_call": ("call_id", False, "action", False),
    "apply_patch_call": ("call_id", False, "operation", False),
    "local_shell_call": ("call_id", False, "action", False),
    "tool_search_call": ("call_id", False, "arguments", False),
    "mcp_approval_request": ("id", True, "arguments", True),
    "mcp_call": ("id", True, "arguments", True),
    "web_search_call": ("id", False, "action", False),
    "file_search_call": ("id", False, "queries", False),
    "code_interpreter_call": ("id", False, "code", True),
    "image_generation_call": ("id", False, None, True),
}


def raw_done_items(body):
    """The items of the stream's response.output_item.done events, as the
    wire wrote them (member order kept), keyed by item type and id: the
    text a JSON-valued input is written back as when it is the value the
    SDK parsed."""
    items = {}
    for line in body.split(b"\n"):
        line = line.strip()
        if not line.startswith(b"data:"):
            continue
        try:
            ev = json.loads(line[5:])
        except ValueError:
            continue
        if isinstance(ev, dict) and ev.get("type") == "response.output_item.done" and isinstance(ev.get("item"), dict):
            it = ev["item"]
            items[(it.get("type"), it.get("id"), it.get("call_id"))] = it
    return items


def value_text(value, raw):
    """A JSON-valued input as text: the wire's when it is the same value."""
    s = protocol.dumps(value)
    if raw is not None and protocol.dumps(raw) != s:
        try:
            if json.loads(s) == raw:
                return protocol.dumps(raw)
        except ValueError:
            pass
    return s


def reassemble(data, fmt):
    body = protocol.provider_bytes(data, fmt)
    client = openai.OpenAI(
        api_key="replay",
        base_url="http://replay.invalid/v1",
        max_retries=0,
        http_client=replay.http_client(body),
    )
    with client.responses.stream(model="replay-model", input="replayed stream") as stream:
        for _ in stream:
            pass
        response = stream.get_final_response()
    raw_items = raw_done_items(body)
    calls = []
    text = ""
    thinking = ""
    for item in response.output:
        kind = getattr(item, "type", None)
        if kind == "message":
            for part in item.content or []:
                if getattr(part, "type", None) == "output_text":
                    text += part.text or ""
            continue
        if kind == "reasoning":
            for part in getattr(item, "content", None) or []:
                thinking += getattr(part, "text", "") or ""
            if not getattr(item, "content", None):
                for part in item.summary or []:
                    thinking += part.text or ""
            continue
        if kind not in CALL_ITEMS:
            continue
        id_member, named, input_member, is_text = CALL_ITEMS[kind]
        d = item.to_dict(mode="json")
        if kind == "computer_call" and d.get("action") is None:
            input_member = "actions"
        if input_member is None:
            args = ""
        elif is_text:
            args = d.get(input_member)
            if args is None:
                args = ""
        elif d.get(input_member) is None:
            args = ""
        else:
            raw = raw_items.get((kind, d.get("id"), d.get("call_id")), {})
            args = value_text(d[input_member], raw.get(input_member))
        status = getattr(item, "status", None)
        call = protocol.text_call(d.get(id_member), d.get("name") if named else "", args)
        if call["status"] == "complete" and status not in (None, "completed"):
            call["status"] = str(status)
        calls.append(call)
    if response.status == "incomplete":
        details = response.incomplete_details
        raw_stop = (details.reason if details is not None else None) or "incomplete"
    else:
        raw_stop = response.status
    return {
        "calls": calls,
        "stop_reason": protocol.canonical_raw_stop(fmt, raw_stop),
        "text": text,
        "thinking": thinking,
    }


if __name__ == "__main__":
    protocol.main(DESC, reassemble)
