"""litellm maps a finish reason it does not know to "stop": Mistral's
"model_length" (the context window ran out) comes out of
stream_chunk_builder as the normal end "tool_calls", beside the tool call
the cut generation produced, so a caller runs it."""

import http.server
import os
import sys
import threading

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of the cost map at import

import litellm  # noqa: E402

litellm.suppress_debug_info = True

BODY = rb"""data: {"id":"cmpl-9b1c","object":"chat.completion.chunk","created":1764806400,"model":"mistral-large-latest","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

data: {"id":"cmpl-9b1c","object":"chat.completion.chunk","created":1764806400,"model":"mistral-large-latest","choices":[{"index":0,"delta":{"tool_calls":[{"id":"Pq8Zt2LmN","function":{"name":"send_email","arguments":"{\"to\": \"ops@example.com\", \"subject\": \"Outage\"}"},"index":0}]},"finish_reason":"model_length"}]}

data: [DONE]

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
        model="mistral/mistral-large-latest",
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
# A generation cut by a limit must not read as a normal end.
ok = built.choices[0].finish_reason not in ("stop", "tool_calls")
sys.exit(0 if ok else 1)
