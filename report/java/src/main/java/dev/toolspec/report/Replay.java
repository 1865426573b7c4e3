package dev.toolspec.report;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * An HTTP server on 127.0.0.1 (an ephemeral port) that answers every request with status 200 and
 * the stream's bytes as the body, as the provider would have: the SDKs are given its address as
 * their base URL, so no request leaves the machine. The body is sent as it comes, without a
 * length, and the connection is closed after it, as a provider's stream ends.
 */
final class Replay implements AutoCloseable {
    private final HttpServer server;
    private volatile byte[] body = new byte[0];
    private volatile String contentType = "text/event-stream";

    Replay() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Sets what the next requests are answered with. */
    void serve(byte[] body, String contentType) {
        this.body = body;
        this.contentType = contentType;
    }

    /** The base URL of the server, without a trailing slash. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            byte[] b = body;
            ex.getResponseHeaders().set("Content-Type", contentType);
            ex.getResponseHeaders().set("Connection", "close");
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(b);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
