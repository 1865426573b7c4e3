package dev.toolspec.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the adapters share: the bytes a library is given, and the canonical stop reasons. */
final class Wire {
    private Wire() {}

    private static final ObjectMapper STRICT =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    static String contentType(String format) {
        return format.equals("ollama") ? "application/x-ndjson" : "text/event-stream";
    }

    /**
     * The bytes the library is given, as report/python's provider_bytes makes them. Server-sent
     * events pass through untouched. JSON lines (one payload per line, the form SDK fixtures
     * record, FRAME-2) are not what these libraries read, so they are written back as the
     * server-sent events a provider would have sent: one event per non-blank line, with the
     * payload's type as the event name where the format names its events (anthropic,
     * openai-responses), and [DONE] unnamed. A last line cut inside its JSON stays the last event,
     * without the blank line that would dispatch it, as in a cut SSE stream. Ollama's own form is
     * JSON lines: it passes through.
     */
    static byte[] providerBytes(byte[] data, String format) {
        if (format.equals("ollama")) {
            return data;
        }
        int i = 0;
        if (data.length >= 3 && (data[0] & 0xff) == 0xef && (data[1] & 0xff) == 0xbb && (data[2] & 0xff) == 0xbf) {
            i = 3;
        }
        while (i < data.length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) {
            i++;
        }
        if (i == data.length || (data[i] != '{' && data[i] != '[')) {
            return data;
        }
        boolean named = format.equals("anthropic") || format.equals("openai-responses");
        List<byte[]> lines = new ArrayList<>();
        int start = i;
        for (int k = i; k < data.length; k++) {
            if (data[k] == '\n') {
                lines.add(java.util.Arrays.copyOfRange(data, start, k));
                start = k + 1;
            }
        }
        boolean endsWithEol = data[data.length - 1] == '\n';
        if (!endsWithEol) {
            lines.add(java.util.Arrays.copyOfRange(data, start, data.length));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + data.length / 4);
        for (int k = 0; k < lines.size(); k++) {
            byte[] line = lines.get(k);
            if (line.length > 0 && line[line.length - 1] == '\r') {
                line = java.util.Arrays.copyOf(line, line.length - 1);
            }
            String latin = new String(line, StandardCharsets.ISO_8859_1);
            if (latin.isBlank()) {
                continue;
            }
            if (named && !latin.strip().equals("[DONE]")) {
                String event = "message";
                JsonNode v = parse(line);
                if (v != null && v.isObject() && v.path("type").isTextual()) {
                    event = v.get("type").asText();
                }
                event = event.replace('\r', ' ').replace('\n', ' ');
                out.writeBytes(("event: " + event + "\n").getBytes(StandardCharsets.UTF_8));
            }
            out.writeBytes("data: ".getBytes(StandardCharsets.ISO_8859_1));
            out.writeBytes(line);
            out.write('\n');
            boolean last = k == lines.size() - 1;
            if (!last || endsWithEol || parse(line) != null || latin.strip().equals("[DONE]")) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    /** The JSON value of a whole line, or null when it is not one. */
    static JsonNode parse(byte[] line) {
        try {
            return STRICT.readTree(line);
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * toolspec's canonical stop reasons for each format's raw reasons: the END-4 table of SPEC.md
     * (spec.StopTable), without its refinement by calls, as report/python's RAW_STOPS.
     */
    static final Map<String, Map<String, String>> RAW_STOPS =
            Map.of(
                    "openai-chat",
                    Map.of(
                            "stop", "end",
                            "tool_calls", "tool_use",
                            "function_call", "tool_use",
                            "length", "length",
                            "model_length", "length",
                            "content_filter", "content_filter",
                            "error", "error",
                            "insufficient_system_resource", "error",
                            "abort", "error"),
                    "anthropic",
                    Map.of(
                            "end_turn", "end",
                            "tool_use", "tool_use",
                            "max_tokens", "length",
                            "model_context_window_exceeded", "length",
                            "stop_sequence", "stop_sequence",
                            "refusal", "refusal",
                            "pause_turn", "pause",
                            "compaction", "pause"));

    /**
     * The canonical name of a raw stop reason a library passes through verbatim (null: none):
     * the END-4 table, without END-4's refinement by calls (the adapter reports what the library
     * says).
     */
    static String canonicalStop(String format, String raw) {
        if (raw == null) {
            return "none";
        }
        return RAW_STOPS.getOrDefault(format, Map.of()).getOrDefault(raw, "other");
    }
}
