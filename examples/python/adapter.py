#!/usr/bin/env python3
"""A small OpenAI Chat Completions tool-call reassembler, as a toolspec adapter.

It speaks the one-shot form of toolspec's adapter protocol
(docs/adapter-protocol.md): the raw bytes of one stream on standard input,
its format in TOOLSPEC_FORMAT, one JSON answer object on standard output.
Standard library only.

    python3 examples/python/adapter.py < stream.sse

What it does, and what it does not, is in README.md beside it.
"""

import json
import os
import sys

# finish_reason -> toolspec's canonical stop reason (SPEC.md END-4).
STOP_REASONS = {
    "stop": "end",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "length",
    "model_length": "length",  # Mistral's ChatCompletionChoice.finish_reason
    "content_filter": "content_filter",
}


class StreamError(Exception):
    """The stream cannot be trusted: the adapter fails closed."""


def payloads(data):
    """Yield the payloads of an SSE stream (data: lines up to a blank line),
    or of a stream of JSON lines."""
    lines = data.decode("utf-8-sig", errors="replace").splitlines()
    if not any(line.startswith("data:") for line in lines):
        for line in lines:
            if line.strip():
                yield line.strip()
        return
    event = []
    for line in lines + [""]:  # an unterminated last event counts at EOF
        if line == "":
            if event:
                yield "\n".join(event)
                event = []
        elif line.startswith("data:"):
            value = line[len("data:"):]
            event.append(value[1:] if value.startswith(" ") else value)
        # event:, id:, retry: and comments carry nothing for chat


class Reassembler:
    """Folds chat.completion.chunk payloads into tool calls."""

    def __init__(self):
        self.calls = []  # in first-seen order
        self.by_id = {}  # id -> call: one call per id
        self.at_index = {}  # (choice, index) -> the latest call there
        self.finish = {}  # choice -> its first finish_reason
        self.last_finish = None  # the latest choice's finish_reason
        self.done = False  # data: [DONE] seen
        self.text = []
        self.refused = set()  # choices that sent refusal text

    def feed(self, payload):
        if payload == "[DONE]":
            self.done = True
            return
        try:
            chunk = json.loads(payload)
        except ValueError as e:
            raise StreamError("a payload that is not JSON: %s" % e)
        if not isinstance(chunk, dict):
            raise StreamError("a payload that is not a JSON object")
        if chunk.get("error"):
            raise StreamError("the provider reported an error: %s" % json.dumps(chunk["error"]))
        for choice in field(chunk, "choices", list):
            if choice is None:
                continue  # a null element is absent
            choice = expect(choice, dict, "a choice")
            n = field(choice, "index", int, 0)
            delta = field(choice, "delta", dict)
            content = delta.get("content")
            if isinstance(content, list):  # Mistral: typed chunks
                for chunk in content:
                    if isinstance(chunk, dict) and chunk.get("type") == "text":
                        self.text.append(field(chunk, "text", str, ""))
            elif field(delta, "content", str, ""):
                self.text.append(content)
            if field(delta, "refusal", str, ""):
                self.refused.add(n)  # refusal text is no answer text
            field(delta, "thinking_blocks", list)  # LiteLLM's: checked, not reported
            fragments = field(delta, "tool_calls", list)
            legacy = delta.get("function_call")
            if legacy is not None and not any(f is not None for f in fragments):
                expect(legacy, dict, "field 'function_call'")
                fragments = [{"function": legacy}]  # the deprecated function_call
            for position, fragment in enumerate(fragments):
                if fragment is None:
                    continue
                fragment = expect(fragment, dict, "a tool call")
                self.fragment(n, field(fragment, "index", int, position), fragment)
            reason = field(choice, "finish_reason", str, "")
            if reason and n not in self.finish:  # a repeated finish is ignored
                self.finish[n] = reason
                self.last_finish = (n, reason)

    def fragment(self, choice, index, fragment):
        call_id = field(fragment, "id", str, "")
        function = field(fragment, "function", dict)
        call = self.by_id.get(call_id) if call_id else None
        if call is None:
            call = self.at_index.get((choice, index))
            if call is not None and call_id and call["id"] and call["id"] != call_id:
                call = None  # another id at the same index: another call
        if call is None:
            call = {"id": "", "name": "", "arguments": "", "choice": choice}
            self.calls.append(call)
        if call_id:
            call["id"] = call["id"] or call_id
            self.by_id[call_id] = call
        self.at_index[(choice, index)] = call
        name = field(function, "name", str, "")
        if name:
            if call["name"] and call["name"] != name:
                raise StreamError("call %r named %r, then %r" % (call["id"], call["name"], name))
            call["name"] = name  # set once, never concatenated
        arguments = function.get("arguments")
        if isinstance(arguments, dict):  # some servers send the object itself
            call["arguments"] += json.dumps(arguments)
        else:
            call["arguments"] += field(function, "arguments", str, "")

    def answer(self):
        calls = []
        for call in self.calls:
            status, arguments = "incomplete", call["arguments"]
            if self.done and self.finish.get(call["choice"]) in ("tool_calls", "stop", "function_call"):
                if not arguments.strip(" \t\r\n"):
                    arguments = "{}"  # no arguments mean {}
                status = "complete" if call["name"] and is_object(arguments) else "invalid"
            calls.append({"id": call["id"], "name": call["name"], "arguments": arguments, "status": status})
        return {"calls": calls, "stop_reason": self.stop_reason(), "text": "".join(self.text)}

    def stop_reason(self):
        """The canonical reason of the choice that finished last."""
        if self.last_finish is None:
            return "truncated"
        n, raw = self.last_finish
        reason = STOP_REASONS.get(raw, "other")
        has_calls = any(c["choice"] == n for c in self.calls)
        if reason in ("end", "tool_use") and n in self.refused and not has_calls:
            return "refusal"
        if reason == "end" and has_calls:
            return "tool_use"
        if reason == "tool_use" and not has_calls:
            return "end"
        return reason


def expect(value, kind, what):
    """value, if it is of kind (bool is no int), else a StreamError."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StreamError("%s is %s, not %s" % (what, json.dumps(value), kind.__name__))
    return value


def field(obj, key, kind, default=None):
    """obj[key], which must be of kind; absent or null gives default (an
    empty value of kind when none is given)."""
    value = obj.get(key)
    if value is None:
        return kind() if default is None else default
    return expect(value, kind, "field %r" % key)


def is_object(text):
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False
    except RecursionError:
        # Python's json cannot read a value nested deeper than the
        # interpreter's recursion limit (about 1000 levels), where SPEC.md
        # (END-2) reads up to 10,000: fail the stream closed rather than
        # crash.
        raise StreamError("arguments nested deeper than Python's json can read")


def main():
    fmt = os.environ.get("TOOLSPEC_FORMAT", "openai-chat")
    if fmt != "openai-chat":
        print(json.dumps({"calls": [], "error": "this adapter reads openai-chat only, not %s" % fmt}))
        return
    r = Reassembler()
    try:
        for payload in payloads(sys.stdin.buffer.read()):
            r.feed(payload)
        answer = r.answer()
    except StreamError as e:
        print(json.dumps({"calls": [], "error": str(e)}))
        return
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
