"""langchain-anthropic drops in silence an input_json_delta for a content
block that no content_block_start opened, and hands over the message as a
normal end: stop_reason "tool_use" with no tool_calls. The call the delta
belonged to is gone without a trace; the Anthropic SDK's own MessageStream
refuses the same stream."""

import http.server
import sys
import threading

from langchain_anthropic import ChatAnthropic

BODY = rb"""event: message_start
data: {"type":"message_start","message":{"id":"msg_nostart","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me look."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"q\":\"x\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":20}}

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
).bind_tools([{"name": "search", "description": "Search.", "input_schema": {"type": "object"}}])
full = None
try:
    for chunk in llm.stream("Go on."):
        full = chunk if full is None else full + chunk
except Exception as err:
    # Refusing the stream is safe: nothing is handed over as a normal end.
    print(f"the stream raised {type(err).__name__}: {err}")
    sys.exit(0)
print("tool_calls:", full.tool_calls, "invalid_tool_calls:", full.invalid_tool_calls)
print("stop_reason:", full.response_metadata.get("stop_reason"))
# The delta's call is neither a tool call nor an invalid one, and the stop
# says the turn ended to run tools.
lost = not full.tool_calls and not full.invalid_tool_calls and full.response_metadata.get("stop_reason") == "tool_use"
sys.exit(1 if lost else 0)
