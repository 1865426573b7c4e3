"""litellm's ollama_chat provider reports finish_reason "tool_calls"
whenever the stream carried a tool call, whatever Ollama's done_reason
says: a generation Ollama ended with "length" (num_predict reached) comes
out of stream_chunk_builder as a normal tool-calling turn."""

import http.server
import os
import sys
import threading

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of the cost map at import

import litellm  # noqa: E402

litellm.suppress_debug_info = True

BODY = rb"""{"model":"qwen3:14b","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"write_file","arguments":{"path":"notes.md"}}}]},"done":false}
{"model":"qwen3:14b","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done_reason":"length","done":true,"eval_count":64}
"""


class Provider(http.server.BaseHTTPRequestHandler):
    """The provider: every request is answered with the stream above."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", "application/x-ndjson")
        self.send_header("connection", "close")
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Provider)
threading.Thread(target=server.serve_forever, daemon=True).start()
messages = [{"role": "user", "content": "Go on."}]
try:
    response = litellm.completion(
        model="ollama_chat/qwen3:14b",
        messages=messages,
        stream=True,
        api_base=f"http://127.0.0.1:{server.server_port}",
        api_key="test",
        max_tokens=1024,
    )
    chunks = list(response)
    built = litellm.stream_chunk_builder(chunks, messages=messages)
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
message = built.choices[0].message
calls = [(c.id, c.function.name, c.function.arguments) for c in message.tool_calls or []]
print("tool_calls:", calls)
print("finish_reason:", built.choices[0].finish_reason)
ok = built.choices[0].finish_reason == "length"
sys.exit(0 if ok else 1)
