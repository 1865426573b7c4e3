/*
 * openai-java's ChatCompletionAccumulator merges three whole tool calls that all come at index 0,
 * each with its own id and name, as Ollama's OpenAI layer sent parallel calls, into one call: the
 * first id and name, and the three argument objects concatenated, which no JSON parser reads.
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
data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_1","type":"function","function":{"name":"write_file","arguments":"{\\"path\\":\\"alpha.txt\\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_2","type":"function","function":{"name":"write_file","arguments":"{\\"path\\":\\"beta.txt\\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_function_7f3a_3","type":"function","function":{"name":"list_dir","arguments":"{\\"path\\":\\".\\"}"}}]}}]}

data: {"id":"chatcmpl-chatsameinde","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

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
                .addUserMessage("Write the two files and list the folder.")
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
        boolean ok = calls.size() == 3
                && calls.get(0).asFunction().function().arguments().equals("{\"path\":\"alpha.txt\"}")
                && calls.get(1).asFunction().id().equals("call_function_7f3a_2")
                && calls.get(2).asFunction().function().name().equals("list_dir");
        System.exit(ok ? 0 : 1);
    }
}
