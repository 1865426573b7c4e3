import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Smoke.java: checks that every adapter of adapters.txt is wired up (make report-java runs it from
 * report/java, after the build, as a single-file source program on target/classpath.txt):
 *
 * <ul>
 *   <li>its --describe line, and its handshake in the persistent form (--serve, which the report
 *       runs), name the name, versions, formats and claims that adapters.txt gives it, so the
 *       file cannot drift from pom.xml;
 *   <li>on shared captures of each of its formats it answers one JSON object, with no error,
 *       whose calls are as many as toolspec reassemble finds and all finished, as toolspec's are.
 * </ul>
 *
 * The captures are ones every library here reads whole; what a library gets wrong is for the kit
 * to find, not for this program.
 */
public class Smoke {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    static final Map<String, List<String>> FORMAT_CAPTURES =
            Map.of(
                    "openai-chat",
                    List.of(
                            "openai-chat/openai-gpt-4o-2calls.sse",
                            "openai-chat/azure-gpt-5-mini-tool-prompt-filter.sse",
                            "openai-chat/qwen3-max-empty-id-continuations.jsonl"),
                    "anthropic",
                    List.of(
                            "anthropic/claude-sonnet-4-text-2tools-padded.sse",
                            "anthropic/claude-sonnet-4-thinking-tool.sse",
                            "anthropic/claude-sonnet-4-5-tool-no-args.jsonl"));

    public static void main(String[] args) throws Exception {
        String env = System.getenv("CAPTURES");
        Path captures = env != null && !env.isEmpty() ? Path.of(env) : ROOT.resolveSibling("shared").resolve("captures");
        Path tmp = Files.createTempDirectory("smoke");
        String toolspec = tmp.resolve("toolspec").toString();
        if (new ProcessBuilder("go", "build", "-o", toolspec, "./cmd/toolspec").directory(ROOT.toFile()).inheritIO().start().waitFor() != 0) {
            throw new IllegalStateException("go build ./cmd/toolspec failed");
        }
        int passed = 0, failed = 0, n = 0;
        for (String line : Files.readAllLines(ROOT.resolve("report/java/adapters.txt"))) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\|", 5);
            for (int i = 0; i < f.length; i++) {
                f[i] = f[i].strip();
            }
            n++;
            String command = f[4];
            System.out.println("== " + f[0] + " (" + command + ")");
            ObjectNode want = JSON.createObjectNode();
            want.put("name", f[0]);
            want.put("version", f[1]);
            for (String s : f[2].split(",")) want.withArray("formats").add(s.strip());
            want.putArray("claims");
            for (String s : f[3].split(",")) {
                if (!s.isBlank() && !s.strip().equals("-")) want.withArray("claims").add(s.strip());
            }
            Process d = new ProcessBuilder("sh", "-c", command + " --describe").directory(ROOT.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            JsonNode described = JSON.readTree(d.getInputStream().readAllBytes());
            d.waitFor();
            Serving srv = new Serving(command);
            ObjectNode start = JSON.createObjectNode();
            start.put("cmd", "start");
            start.put("version", 1);
            JsonNode hello = srv.ask(start);
            for (var e : List.of(Map.entry("--describe", pick(described)), Map.entry("the handshake", pick(hello.path("adapter"))))) {
                if (!e.getValue().equals(want)) {
                    System.out.println("FAIL " + e.getKey() + " says " + e.getValue() + ", adapters.txt " + want);
                    failed++;
                } else {
                    System.out.println("  ok " + e.getKey());
                    passed++;
                }
            }
            for (JsonNode fmt : want.get("formats")) {
                for (String capture : FORMAT_CAPTURES.get(fmt.asText())) {
                    Path path = captures.resolve(capture);
                    byte[] data = Files.readAllBytes(path);
                    Process t = new ProcessBuilder(toolspec, "reassemble", "--format", fmt.asText(), path.toString())
                            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                    JsonNode outcome = JSON.readTree(t.getInputStream().readAllBytes());
                    t.waitFor();
                    String[] w = summary(outcome);
                    if (w[1] != null) {
                        System.out.println("FAIL " + capture + ": toolspec reassemble does not read it whole (" + w[1] + "): pick another capture");
                        failed++;
                        continue;
                    }
                    String[] g = summary(srv.run(fmt.asText(), data));
                    if (g[1] != null) {
                        System.out.println("FAIL " + capture + " (" + fmt.asText() + "): " + g[1]);
                        failed++;
                    } else if (!g[0].equals(w[0])) {
                        System.out.println("FAIL " + capture + " (" + fmt.asText() + "): " + g[0] + ", toolspec reassemble: " + w[0]);
                        failed++;
                    } else {
                        System.out.println("  ok " + capture + ": " + g[0]);
                        passed++;
                    }
                }
            }
            srv.stop();
        }
        if (n == 0) {
            System.out.println("Smoke.java: no adapters in adapters.txt");
            System.exit(1);
        }
        System.out.println(n + " adapters");
        System.out.println("smoke: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }

    static ObjectNode pick(JsonNode d) {
        ObjectNode o = JSON.createObjectNode();
        for (String k : List.of("name", "version", "formats", "claims")) {
            o.set(k, d.get(k));
        }
        return o;
    }

    /** {"N calls, M complete", null} for an answer or an outcome, or {null, what is wrong}. */
    static String[] summary(JsonNode a) {
        if (!a.isObject() || !a.path("calls").isArray()) {
            return new String[] {null, "no calls list: " + a};
        }
        if (!a.path("error").asText("").isEmpty()) {
            return new String[] {null, "error: " + a.get("error").asText()};
        }
        if (a.path("violations").isArray() && a.get("violations").size() > 0) {
            return new String[] {null, "violations: " + a.get("violations")};
        }
        int done = 0, i = 0;
        for (JsonNode c : a.get("calls")) {
            for (String k : List.of("id", "name", "arguments")) {
                if (!c.path(k).isTextual()) {
                    return new String[] {null, "calls[" + i + "]." + k + " is not a string"};
                }
            }
            if (c.path("status").asText().equals("complete") || c.path("finished").asBoolean(false)) {
                done++;
            }
            i++;
        }
        return new String[] {a.get("calls").size() + " calls, " + done + " complete", null};
    }

    /** An adapter run by the persistent form. */
    static final class Serving {
        final Process p;
        final OutputStream in;
        final BufferedReader out;
        int seq;

        Serving(String command) throws Exception {
            p = new ProcessBuilder("sh", "-c", command + " --serve").directory(ROOT.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            in = p.getOutputStream();
            out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        }

        JsonNode ask(JsonNode req) throws Exception {
            in.write((JSON.writeValueAsString(req) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            String line = out.readLine();
            if (line == null) {
                throw new IllegalStateException("the adapter exited");
            }
            return JSON.readTree(line);
        }

        JsonNode run(String format, byte[] data) throws Exception {
            ObjectNode req = JSON.createObjectNode();
            req.put("cmd", "run");
            req.put("seq", ++seq);
            req.put("format", format);
            req.put("stream", Base64.getEncoder().encodeToString(data));
            req.putObject("limits");
            return ask(req);
        }

        void stop() throws Exception {
            try {
                in.write("{\"cmd\":\"stop\"}\n".getBytes(StandardCharsets.UTF_8));
                in.close();
            } catch (java.io.IOException e) {
                // the adapter is gone already
            }
            if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("the adapter did not exit after stop");
            }
        }
    }
}
