"""litellm's Anthropic provider gives each input_json_delta to the tool call
it opened last, not to the block the delta's index names: when Claude's
blocks interleave, stream_chunk_builder hands over get_weather with the
cut arguments {"city":  and get_time with another call's bytes appended."""

import http.server
import os
import sys
import threading

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of the cost map at import

import litellm  # noqa: E402

litellm.suppress_debug_info = True

BODY = rb"""event: message_start
data: {"type":"message_start","message":{"id":"msg_il1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Checking"}}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_A","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": "}}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_B","name":"get_time","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"tz\": "}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" both."}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"\"Europe/Rome\"}"}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"Rome\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":40}}

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
ok = calls == [
    ("toolu_A", "get_weather", '{"city": "Rome"}'),
    ("toolu_B", "get_time", '{"tz": "Europe/Rome"}'),
]
sys.exit(0 if ok else 1)
