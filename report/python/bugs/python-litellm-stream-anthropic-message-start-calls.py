"""litellm's Anthropic provider fails a stream of Anthropic's programmatic
tool calling, whose tool_use blocks come whole in message_start and whose
message ends with message_stop alone: it raises "Stream ended before a
finish_reason was received" (a MidStreamFallbackError), and both calls,
with the stop_reason message_start gave, are lost."""

import http.server
import os
import sys
import threading

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of the cost map at import

import litellm  # noqa: E402

litellm.suppress_debug_info = True

BODY = rb"""event: message_start
data: {"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_01Pt","name":"query_db","input":{"sql":"select 1"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}},{"type":"tool_use","id":"toolu_02Pt","name":"query_db","input":{"sql":"select 2"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: message_stop
data: {"type":"message_stop"}

"""


class Provider(http.server.BaseHTTPRequestHandler):
    """The provider: every request is answered with the stream above."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
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
        model="anthropic/claude-sonnet-4-5",
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
ok = [(name, arguments) for _, name, arguments in calls] == [
    ("query_db", '{"sql": "select 1"}'),
    ("query_db", '{"sql": "select 2"}'),
]
sys.exit(0 if ok else 1)
