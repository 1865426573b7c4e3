/*
 * anthropic-java's MessageAccumulator drops the tool_use blocks that Anthropic's programmatic tool
 * calling puts whole in message_start.message.content: the accumulated Message has stop_reason
 * tool_use and no content, so an agent runs nothing the model asked for.
 */
import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.ToolUseBlock;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

public class Bug {
    /** The provider's response: the stream of the report, as one server-sent-events body. */
    static final String BODY = """
event: message_start
data: {"type":"message_start","message":{"id":"msg_02","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_01Pt","name":"query_db","input":{"sql":"select 1"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}},{"type":"tool_use","id":"toolu_02Pt","name":"query_db","input":{"sql":"select 2"},"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_01"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}

event: message_stop
data: {"type":"message_stop"}

""";

    public static void main(String[] args) throws Exception {
        // The provider: a server on 127.0.0.1 that answers the request with the stream above.
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (var body = exchange.getResponseBody()) {
                body.write(BODY.getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        AnthropicClient client = AnthropicOkHttpClient.builder().apiKey("test").baseUrl(url).maxRetries(0).build();
        MessageCreateParams params = MessageCreateParams.builder()
                .model("claude-sonnet-4-5")
                .maxTokens(1024L)
                .addUserMessage("Query the database.")
                .build();
        MessageAccumulator accumulator = MessageAccumulator.create();
        Message message;
        try (StreamResponse<RawMessageStreamEvent> stream = client.messages().createStreaming(params)) {
            stream.stream().forEach(accumulator::accumulate);
            message = accumulator.message();
        } catch (RuntimeException e) {
            System.out.println("the stream raised " + e);
            System.exit(1);
            return;
        }
        List<ToolUseBlock> calls = message.content().stream().filter(ContentBlock::isToolUse).map(ContentBlock::asToolUse).toList();
        System.out.println("content: " + message.content() + ", stop_reason: " + message.stopReason());
        boolean ok = calls.size() == 2 && calls.get(0).id().equals("toolu_01Pt") && calls.get(1).id().equals("toolu_02Pt");
        System.exit(ok ? 0 : 1);
    }
}
