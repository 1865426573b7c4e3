package dev.toolspec.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The adapter protocol (docs/adapter-protocol.md) as the adapters of report/java speak it. The
 * program is {@code java -cp CLASSPATH dev.toolspec.report.Main ADAPTER [--serve|--describe]},
 * ADAPTER one of {@code openai-chat} and {@code anthropic-messages}:
 *
 * <ul>
 *   <li>the one-shot form (the default): the stream on standard input, the format in
 *       TOOLSPEC_FORMAT (or --format), one JSON answer on standard output;
 *   <li>the persistent form (--serve): a handshake, then one request and one answer a line, so
 *       that the JVM starts and loads the SDK once for a whole run;
 *   <li>--describe: one JSON line with the adapter's description and the Java version.
 * </ul>
 *
 * Standard output carries the answers alone: whatever a library prints goes to standard error.
 */
public final class Main {
    static final ObjectMapper JSON = new ObjectMapper();

    /** One library's reassembly of a stream. */
    interface Adapter {
        /** The adapter's name in the handshake (the free text of its line in adapters.txt). */
        String name();

        /** The exact version of every SDK it drives, as name=version, space-separated. */
        String version();

        List<String> formats();

        List<String> claims();

        /**
         * Hands the stream's raw bytes to the library as the body of the provider's HTTP
         * response (served from url, a base URL on 127.0.0.1) and returns the answer.
         */
        ObjectNode reassemble(String url, byte[] data, String format) throws Exception;
    }

    static final Map<String, java.util.function.Supplier<Adapter>> ADAPTERS =
            Map.of("openai-chat", OpenAIChat::new, "anthropic-messages", AnthropicMessages::new);

    private Main() {}

    public static void main(String[] args) throws Exception {
        PrintStream out =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        // What the libraries print goes to standard error.
        System.setOut(System.err);
        if (args.length < 1 || !ADAPTERS.containsKey(args[0])) {
            System.err.println("usage: Main " + String.join("|", ADAPTERS.keySet()) + " [--serve|--describe|--format F]");
            System.exit(2);
        }
        Adapter a = ADAPTERS.get(args[0]).get();
        List<String> rest = List.of(args).subList(1, args.length);
        if (rest.contains("--describe")) {
            ObjectNode d = description(a);
            d.put("java", System.getProperty("java.version"));
            writeLine(out, d);
            System.exit(0);
        }
        try (Replay replay = new Replay()) {
            if (rest.contains("--serve")) {
                serve(a, replay, out);
            } else {
                String format = System.getenv("TOOLSPEC_FORMAT");
                int i = rest.indexOf("--format");
                if ((format == null || format.isEmpty()) && i >= 0 && i + 1 < rest.size()) {
                    format = rest.get(i + 1);
                }
                if (format == null || format.isEmpty()) {
                    format = a.formats().get(0);
                }
                byte[] data = System.in.readAllBytes();
                writeLine(out, runOne(a, replay, data, format));
            }
        }
        // The SDKs' HTTP clients keep threads alive; the answers are out.
        System.exit(0);
    }

    static ObjectNode description(Adapter a) {
        ObjectNode d = JSON.createObjectNode();
        d.put("name", a.name());
        d.put("version", a.version());
        a.formats().forEach(d.putArray("formats")::add);
        a.claims().forEach(d.putArray("claims")::add);
        return d;
    }

    static void serve(Adapter a, Replay replay, PrintStream out) throws Exception {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode req = JSON.readTree(line);
            String cmd = req.path("cmd").asText();
            ObjectNode answer;
            switch (cmd) {
                case "start" -> {
                    answer = JSON.createObjectNode();
                    answer.put("version", 1);
                    if (req.path("version").asInt() != 1) {
                        answer.put("error", "this adapter speaks version 1, not " + req.path("version"));
                    } else {
                        answer.set("adapter", description(a));
                    }
                }
                case "run" -> {
                    byte[] data = Base64.getDecoder().decode(req.path("stream").asText(""));
                    answer = runOne(a, replay, data, req.path("format").asText());
                    answer.set("seq", req.get("seq"));
                }
                case "stop" -> {
                    return;
                }
                default -> {
                    continue;
                }
            }
            writeLine(out, answer);
        }
    }

    /** The answer for one stream: the adapter's, or the error the library raised. */
    static ObjectNode runOne(Adapter a, Replay replay, byte[] data, String format) {
        try {
            if (!a.formats().contains(format)) {
                throw new IllegalArgumentException(
                        "format " + format + " is not one of " + String.join(", ", a.formats()));
            }
            replay.serve(Wire.providerBytes(data, format), Wire.contentType(format));
            return a.reassemble(replay.baseUrl(), data, format);
        } catch (Throwable err) { // the library failing the stream closed
            if (System.getenv("TOOLSPEC_JAVA_TRACE") != null) {
                err.printStackTrace();
            }
            ObjectNode answer = JSON.createObjectNode();
            answer.putArray("calls");
            answer.put("error", describe(err));
            return answer;
        }
    }

    /** A one-line account of an exception: its type, message and causes. */
    static String describe(Throwable err) {
        StringBuilder s = new StringBuilder(err.getClass().getName() + ": " + err.getMessage());
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        seen.add(err);
        for (Throwable c = err.getCause(); c != null && seen.add(c); c = c.getCause()) {
            s.append(" (cause: ").append(c.getClass().getName()).append(": ").append(c.getMessage()).append(')');
        }
        return s.toString().replace('\n', ' ').replace('\r', ' ');
    }

    static void writeLine(PrintStream out, JsonNode v) throws Exception {
        out.print(JSON.writeValueAsString(v));
        out.print('\n');
        out.flush();
    }
}
