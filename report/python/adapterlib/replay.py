"""Ways to hand a stream's bytes to a library as the provider's response,
with no network: an httpx transport for the clients that take one, and an
HTTP server on 127.0.0.1 for those that open their own connections."""

import http.server
import socketserver
import threading

import httpx


def transport(body, content_type="text/event-stream", httpx=httpx):
    """An httpx transport that answers every request with status 200 and
    body, in one chunk. httpx is the module the client is built on (httpx,
    or httpx2, which the anthropic SDK uses)."""

    def handler(request):
        return httpx.Response(200, headers={"content-type": content_type}, content=body)

    return httpx.MockTransport(handler)


def http_client(body, content_type="text/event-stream", httpx=httpx):
    return httpx.Client(transport=transport(body, content_type, httpx))


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _answer(self):
        n = int(self.headers.get("content-length") or 0)
        if n:
            self.rfile.read(n)
        srv = self.server
        srv.requests.append(self.path)
        self.send_response(200)
        self.send_header("content-type", srv.content_type)
        # No length: the body ends when the connection closes, as a
        # provider's stream does.
        self.send_header("connection", "close")
        self.end_headers()
        self.wfile.write(srv.body)
        self.wfile.flush()
        self.close_connection = True

    do_GET = do_POST = _answer

    def log_message(self, *args):
        pass


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class Server:
    """An HTTP server on 127.0.0.1 that answers every request with status
    200 and the body last set with set_body, then closes the connection.
    One is started per process and reused for every stream."""

    def __init__(self):
        self._srv = _Server(("127.0.0.1", 0), _Handler)
        self._srv.body = b""
        self._srv.content_type = "text/event-stream"
        self._srv.requests = []
        threading.Thread(target=self._srv.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._srv.server_address[1]}"

    def set_body(self, body, content_type="text/event-stream"):
        self._srv.body = body
        self._srv.content_type = content_type
        self._srv.requests = []

    @property
    def requests(self):
        return list(self._srv.requests)


_server = None


def server():
    global _server
    if _server is None:
        _server = Server()
    return _server
