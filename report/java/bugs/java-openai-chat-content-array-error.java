/*
 * openai-java's ChatCompletionAccumulator throws OpenAIInvalidDataException("`content` is
 * invalid") when a Mistral reasoning model streams delta.content as an array of typed chunks
 * (thinking, then text): the stream yields no ChatCompletion, and the tool call that follows is
 * lost.
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
data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"The user"}]}]},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":" wants the weather"},{"type":"text","text":" in Paris."}]}]},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":" I should call the tool."}]}]},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":[{"type":"text","text":"Let me check"}]},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"content":" the weather."},"finish_reason":null}]}

data: {"id":"c3c77283055240cbbaf6f01d384cfccb","object":"chat.completion.chunk","created":1762355135,"model":"magistral-medium-2509","choices":[{"index":0,"delta":{"tool_calls":[{"id":"D681PevKs","function":{"name":"get_weather","arguments":"{\\"city\\": \\"Paris\\"}"},"index":0}]},"finish_reason":"tool_calls"}]}

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
        boolean ok = calls.size() == 1 && calls.get(0).asFunction().id().equals("D681PevKs");
        System.exit(ok ? 0 : 1);
    }
}
