"""langchain-anthropic drops the tool_use blocks that Anthropic's
programmatic tool calling puts whole in message_start.message.content:
ChatAnthropic.stream() makes no chunk of that content, so the merged
message has no tool_calls, and an agent reads the turn as finished
without the calls the model made."""

import http.server
import sys
import threading

from langchain_anthropic import ChatAnthropic

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
llm = ChatAnthropic(
    model="claude-sonnet-4-5",
    api_key="test",
    base_url=f"http://127.0.0.1:{server.server_port}",
    max_retries=0,
).bind_tools([{"name": "query_db", "description": "Run SQL.", "input_schema": {"type": "object"}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(1)
print("tool_calls:", full.tool_calls)
ok = [(c["id"], c["name"], c["args"]) for c in full.tool_calls] == [
    ("toolu_01Pt", "query_db", {"sql": "select 1"}),
    ("toolu_02Pt", "query_db", {"sql": "select 2"}),
]
sys.exit(0 if ok else 1)
