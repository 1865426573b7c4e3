"""The adapter protocol (docs/adapter-protocol.md) as the adapters of
report/python speak it.

An adapter calls main(desc, reassemble): reassemble(data, fmt) hands the raw
stream bytes to the library, as the body of the provider's HTTP response,
and returns the answer object. main speaks

- the one-shot form (the default): the stream on standard input, the format
  in TOOLSPEC_FORMAT (or --format), one JSON answer on standard output;
- the persistent form (--serve): a handshake, then one request and one
  answer a line, so that the library is imported once for a whole run
  (importing litellm or langchain takes seconds);
- --describe: one JSON line with the adapter's name, the exact version of
  every package it drives (read from the installed distributions), its
  formats and claims, and the Python version.

Standard output carries the answers alone: whatever a library prints goes to
standard error.
"""

import base64
import importlib.metadata
import json
import os
import platform
import sys
import traceback


def installed_versions(packages):
    """The packages as name==version, from their installed metadata."""
    return " ".join(f"{p}=={importlib.metadata.version(p)}" for p in packages)


def description(desc):
    return {
        "name": desc["name"],
        "version": installed_versions(desc["packages"]),
        "formats": list(desc["formats"]),
        "claims": list(desc["claims"]),
    }


def describe_error(err):
    """A one-line account of an exception: its type, message and cause."""
    s = f"{type(err).__name__}: {err}"
    cause = err.__cause__ or err.__context__
    seen = {id(err)}
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        s += f" (cause: {type(cause).__name__}: {cause})"
        cause = cause.__cause__ or cause.__context__
    return s.replace("\n", " ")


def run_one(reassemble, desc, data, fmt):
    """The answer for one stream: reassemble's, or the error it raised."""
    try:
        if fmt not in desc["formats"]:
            raise ValueError(f"format {fmt} is not one of {', '.join(desc['formats'])}")
        answer = reassemble(data, fmt)
    except Exception as err:  # the library failing the stream closed
        if os.environ.get("TOOLSPEC_PY_TRACE"):
            traceback.print_exc(file=sys.stderr)
        answer = {"calls": [], "error": describe_error(err)}
    return answer


def main(desc, reassemble):
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    # What the libraries print goes to standard error.
    sys.stdout = sys.stderr
    args = sys.argv[1:]
    if "--describe" in args:
        d = description(desc)
        d["python"] = platform.python_version()
        out.write(json.dumps(d) + "\n")
        out.flush()
        return
    if "--serve" in args:
        serve(desc, reassemble, out)
        return
    fmt = os.environ.get("TOOLSPEC_FORMAT") or flag(args, "--format") or desc["formats"][0]
    data = sys.stdin.buffer.read()
    out.write(json.dumps(run_one(reassemble, desc, data, fmt)) + "\n")
    out.flush()
    # A library may leave threads or sockets behind; the answer is out.
    os._exit(0)


def serve(desc, reassemble, out):
    """The persistent form: one JSON object a line each way."""
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        req = json.loads(line)
        cmd = req.get("cmd")
        if cmd == "start":
            if req.get("version") != 1:
                answer = {"version": 1, "error": f"this adapter speaks version 1, not {req.get('version')}"}
            else:
                answer = {"version": 1, "adapter": description(desc)}
        elif cmd == "run":
            data = base64.b64decode(req.get("stream") or "")
            answer = run_one(reassemble, desc, data, req.get("format"))
            answer["seq"] = req.get("seq")
        elif cmd == "stop":
            break
        else:
            continue
        out.write(json.dumps(answer) + "\n")
        out.flush()
    out.flush()
    os._exit(0)


def flag(args, name):
    if name in args:
        i = args.index(name)
        if i + 1 < len(args):
            return args[i + 1]
    return None


def provider_bytes(data, fmt):
    """The bytes the library is given. Server-sent events pass through
    untouched. JSON lines (one payload per line, the form SDK fixtures
    record, FRAME-2) are not what these libraries read, so they are written
    back as the server-sent events a provider would have sent: one event per
    non-blank line, with the payload's type as the event name where the
    format names its events (anthropic, openai-responses), and [DONE]
    unnamed. A last line cut inside its JSON stays the last event, without
    the blank line that would dispatch it, as in a cut SSE stream. Ollama's
    own form is JSON lines: it passes through."""
    if fmt == "ollama":
        return data
    text = data.decode("latin-1")  # byte-preserving; encoded back below
    i = 3 if text.startswith("\xef\xbb\xbf") else 0
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    if i == len(text) or text[i] not in "{[":
        return data
    text = text[i:]
    named = fmt in ("anthropic", "openai-responses")
    lines = text.split("\n")
    ends_with_eol = text.endswith("\n")
    if ends_with_eol:
        lines.pop()
    out = []
    for k, raw in enumerate(lines):
        line = raw[:-1] if raw.endswith("\r") else raw
        if line.strip() == "":
            continue
        event = ""
        if named and line.strip() != "[DONE]":
            try:
                v = json.loads(line.encode("latin-1").decode("utf-8"))
                event = v["type"] if isinstance(v, dict) and isinstance(v.get("type"), str) else "message"
            except (ValueError, UnicodeDecodeError):
                event = "message"
            event = event.replace("\r", " ").replace("\n", " ")
        if event:
            out.append("event: " + event.encode("utf-8").decode("latin-1") + "\n")
        out.append("data: " + line + "\n")
        last = k == len(lines) - 1
        if not last or ends_with_eol or is_json(line):
            out.append("\n")
    return "".join(out).encode("latin-1")


def is_json(line):
    try:
        json.loads(line.encode("latin-1").decode("utf-8"))
        return True
    except (ValueError, UnicodeDecodeError):
        return line.strip() == "[DONE]"


# toolspec's canonical stop reasons for each format's raw reasons: the END-4
# table of SPEC.md (spec.StopTable), without its refinement by calls.
RAW_STOPS = {
    "openai-chat": {
        "stop": "end", "tool_calls": "tool_use", "function_call": "tool_use",
        "length": "length", "model_length": "length", "content_filter": "content_filter",
        "error": "error", "insufficient_system_resource": "error", "abort": "error",
    },
    "openai-responses": {
        "completed": "end", "max_output_tokens": "length", "content_filter": "content_filter",
    },
    "anthropic": {
        "end_turn": "end", "tool_use": "tool_use", "max_tokens": "length",
        "model_context_window_exceeded": "length", "stop_sequence": "stop_sequence",
        "refusal": "refusal", "pause_turn": "pause", "compaction": "pause",
    },
    "ollama": {"stop": "end", "": "end", "tool_calls": "tool_use", "length": "length"},
    "gemini": {
        "STOP": "end", "MAX_TOKENS": "length",
        **{r: "content_filter" for r in (
            "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
            "LANGUAGE", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "MODEL_ARMOR", "JAILBREAK")},
        **{r: "malformed_call" for r in (
            "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS", "MALFORMED_RESPONSE")},
        "MISSING_THOUGHT_SIGNATURE": "error",
    },
}


def canonical_raw_stop(fmt, raw):
    """The canonical name of a raw stop reason a library passes through
    verbatim: the END-4 table, without END-4's refinement by calls (the
    adapter reports what the library says). None is "none"."""
    if raw is None:
        return "none"
    raw = getattr(raw, "value", raw)  # an enum member
    return RAW_STOPS.get(fmt, {}).get(str(raw), "other")


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def argument_text(value, raw):
    """The argument text of a call whose library presents its input as a
    parsed value. raw is the input text the stream carried for the call, as
    the library's own events report it ("" when none). When raw parses to
    the same value, raw is the text (so that a number written 1.0 or 1e2,
    which any JSON parser reads as the same value, is not counted against
    the library); otherwise the value is serialized, and the difference is
    the library's."""
    serialized = dumps(value)
    if raw:
        try:
            if dumps(json.loads(raw)) == serialized:
                return raw
        except ValueError:
            pass  # raw is not JSON: the library made its input of something else
    return serialized


def text_call(id_, name, arguments, status="complete"):
    """A call of a library that hands over its arguments as text (the
    provider's JSON, unparsed), as the answer has it. The SDK's type says
    text; a value of another kind (an object a stream sent in place of the
    string, kept as it came) is no text a caller can parse as the
    documentation says (json.loads raises TypeError on it), so the call is
    "invalid", with the value's JSON as its arguments."""
    if arguments is None:
        arguments = ""
    if not isinstance(arguments, str):
        return {"id": str(id_ or ""), "name": str(name or ""), "arguments": dumps(arguments), "status": "invalid"}
    return {"id": str(id_ or ""), "name": str(name or ""), "arguments": arguments, "status": status}
