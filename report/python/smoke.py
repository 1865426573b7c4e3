"""smoke.py: checks that every adapter of adapters.txt is wired up, from the
repository root (make report-python runs it after installing the packages):

- its --describe line, and its handshake in the persistent form (--serve,
  which the report runs), name the name, versions, formats and claims that
  adapters.txt gives it, so the file cannot drift from requirements.txt;
- on shared captures of each of its formats it answers one JSON object,
  with no error, whose calls are as many as toolspec reassemble finds and
  all finished, as toolspec's are.

The captures are ones every library here reads whole; what a library gets
wrong is for the kit to find, not for this script."""

import base64
import json
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CAPTURES = os.environ.get("CAPTURES") or os.path.join(ROOT, "..", "shared", "captures")

FORMAT_CAPTURES = {
    "openai-chat": ["openai-chat/openai-gpt-4o-2calls.sse", "openai-chat/azure-gpt-5-mini-tool-prompt-filter.sse",
                    "openai-chat/qwen3-max-empty-id-continuations.jsonl"],
    "anthropic": ["anthropic/claude-sonnet-4-text-2tools-padded.sse", "anthropic/claude-sonnet-4-thinking-tool.sse",
                  "anthropic/claude-sonnet-4-5-tool-no-args.jsonl"],
    "openai-responses": ["openai-responses/openai-gpt-4o-2calls.sse", "openai-responses/openai-gpt-5-reasoning-2calls.sse",
                         "openai-responses/azure-tool-call-obfuscation.jsonl"],
    "gemini": ["gemini/gemini-2.5-flash-2calls-one-chunk-nocr.sse", "gemini/gemini-2.5-flash-thought-then-call.sse",
               "gemini/gemini-2.5-pro-2calls-separate-chunks.sse"],
    "ollama": ["ollama/gpt-oss-thinking-then-content.ndjson", "ollama/qwen3-14b-answer-only-in-done-chunk.ndjson"],
}


def adapters():
    with open(os.path.join(ROOT, "report", "python", "adapters.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, version, formats, claims, command = [x.strip() for x in line.split("|", 4)]
            yield name, version, formats.split(","), [c for c in claims.split(",") if c not in ("", "-")], command


def summary(answer):
    """("N calls, M complete", None) for an answer or an outcome, or (None,
    what is wrong with it)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("calls"), list):
        return None, "no calls list: " + json.dumps(answer)[:300]
    if answer.get("error"):
        return None, "error: " + str(answer["error"])[:300]
    if answer.get("violations"):
        return None, "violations: " + json.dumps(answer["violations"])[:300]
    for i, c in enumerate(answer["calls"]):
        for k in ("id", "name", "arguments"):
            if not isinstance(c.get(k), str):
                return None, f"calls[{i}].{k} is not a string"
    done = sum(1 for c in answer["calls"] if c.get("status") == "complete" or c.get("finished") is True)
    return f"{len(answer['calls'])} calls, {done} complete", None


class Serving:
    """An adapter run by the persistent form."""

    def __init__(self, command):
        self.p = subprocess.Popen(["sh", "-c", command + " --serve"], cwd=ROOT, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.seq = 0

    def ask(self, req):
        self.p.stdin.write((json.dumps(req) + "\n").encode())
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the adapter exited")
        return json.loads(line)

    def run(self, fmt, data):
        self.seq += 1
        return self.ask({"cmd": "run", "seq": self.seq, "format": fmt, "stream": base64.b64encode(data).decode(), "limits": {}})

    def stop(self):
        try:
            self.p.stdin.write(b'{"cmd":"stop"}\n')
            self.p.stdin.close()
        except OSError:
            pass
        self.p.wait(timeout=10)


def main():
    tmp = tempfile.mkdtemp()
    toolspec = os.path.join(tmp, "toolspec")
    subprocess.run(["go", "build", "-o", toolspec, "./cmd/toolspec"], cwd=ROOT, check=True)
    passed = failed = n = 0
    for name, version, formats, claims, command in adapters():
        n += 1
        print(f"== {name} ({command})", flush=True)
        want = {"name": name, "version": version, "formats": formats, "claims": claims}
        d = json.loads(subprocess.run(["sh", "-c", command + " --describe"], cwd=ROOT, stdin=subprocess.DEVNULL,
                                      capture_output=True, check=True).stdout)
        got = {k: d.get(k) for k in want}
        srv = Serving(command)
        hello = srv.ask({"cmd": "start", "version": 1})
        for what, g in (("--describe", got), ("the handshake", hello.get("adapter"))):
            if g != want:
                print(f"FAIL {what} says {json.dumps(g)}, adapters.txt {json.dumps(want)}")
                failed += 1
            else:
                print(f"  ok {what}")
                passed += 1
        for fmt in formats:
            for capture in FORMAT_CAPTURES[fmt]:
                path = os.path.join(CAPTURES, capture)
                with open(path, "rb") as f:
                    data = f.read()
                out = subprocess.run([toolspec, "reassemble", "--format", fmt, path], capture_output=True).stdout
                want_s, bad = summary(json.loads(out))
                if bad:
                    print(f"FAIL {capture}: toolspec reassemble does not read it whole ({bad}): pick another capture")
                    failed += 1
                    continue
                got_s, bad = summary(srv.run(fmt, data))
                if bad:
                    print(f"FAIL {capture} ({fmt}): {bad}")
                    failed += 1
                elif got_s != want_s:
                    print(f"FAIL {capture} ({fmt}): {got_s}, toolspec reassemble: {want_s}")
                    failed += 1
                else:
                    print(f"  ok {capture}: {got_s}")
                    passed += 1
        srv.stop()
    if n == 0:
        print("smoke.py: no adapters in adapters.txt")
        return 1
    print(f"{n} adapters")
    print(f"smoke: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
