"""litellm's stream_chunk_builder merges two calls into one when they share
a tool-call index: it keys every call by its choice and index alone
(index 0 when absent) and ignores ids. An Ollama stream of two calls,
which litellm's ollama_chat provider streams at index 0 each, is built
into one call named "search" whose arguments are both calls' JSON
objects run together, {"city": "Detroit"}{"query": "..."}."""

import http.server
import os
import sys
import threading

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of the cost map at import

import litellm  # noqa: E402

litellm.suppress_debug_info = True

BODY = rb"""{"model":"qwen3:14b","created_at":"2025-06-09T17:58:55.337823Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"weather","arguments":{"city":"Detroit"}}}]},"done":false}
{"model":"qwen3:14b","created_at":"2025-06-09T17:58:57.045402Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"index":1,"name":"search","arguments":{"query":"Detroit Tigers game time today"}}}]},"done":false}
{"model":"qwen3:14b","created_at":"2025-06-09T17:58:57.192416Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":23595672042,"load_duration":24478458,"prompt_eval_count":218,"prompt_eval_duration":339942708,"eval_count":306,"eval_duration":23230435042}
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
names_args = [(name, arguments) for _, name, arguments in calls]
ok = names_args == [
    ("weather", '{"city": "Detroit"}'),
    ("search", '{"query": "Detroit Tigers game time today"}'),
]
sys.exit(0 if ok else 1)
