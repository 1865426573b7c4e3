/*
 * openai-java's ChatCompletionAccumulator throws OpenAIInvalidDataException("`index` is not set")
 * on a streamed tool-call entry without an index, which Gemini's OpenAI-compatible endpoint sends
 * on every call: a whole, normal stream yields no ChatCompletion, and the call is lost. The entry
 * is the only one of its delta, at array position 0.
 */
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.helpers.ChatCompletionAccumulator;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

public class Bug {
    /** The provider's response: the stream of the report, as one server-sent-events body. */
    static final String BODY = """
data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"function-call-4821","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-9xQ","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: [DONE]

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
        OpenAIClient client = OpenAIOkHttpClient.builder().apiKey("test").baseUrl(url + "/v1").maxRetries(0).build();
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model("m")
                .addUserMessage("What is the weather in Paris?")
                .build();
        ChatCompletionAccumulator accumulator = ChatCompletionAccumulator.create();
        ChatCompletion completion;
        try (StreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(params)) {
            stream.stream().forEach(accumulator::accumulate);
            completion = accumulator.chatCompletion();
        } catch (RuntimeException e) {
            System.out.println("the stream raised " + e);
            System.exit(1);
            return;
        }
        List<ChatCompletionMessageToolCall> calls = completion.choices().get(0).message().toolCalls().orElse(List.of());
        for (ChatCompletionMessageToolCall c : calls) {
            System.out.println("tool call: " + c.asFunction().id() + " " + c.asFunction().function().name() + " " + c.asFunction().function().arguments());
        }
        boolean ok = calls.size() == 1
                && calls.get(0).asFunction().id().equals("function-call-4821")
                && calls.get(0).asFunction().function().name().equals("get_weather")
                && calls.get(0).asFunction().function().arguments().equals("{\"city\":\"Paris\"}");
        System.exit(ok ? 0 : 1);
    }
}
