/*
 * openai-java's ChatCompletionAccumulator replaces the message's function_call with each delta's
 * instead of accumulating the deltas: a streamed legacy function call ends as the last delta's,
 * with name null and only the last fragment of its arguments, so the call cannot be run and
 * reading its name throws.
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
data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": "assistant", "content": null, "function_call": {"name": "get_current_weather", "arguments": ""}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": {"name": null, "arguments": "{\\"location\\":"}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": {"name": null, "arguments": " \\"Boston, MA\\","}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": {"name": null, "arguments": " \\"unit\\": \\"celsius\\"}"}}}]}

data: {"id": "chatcmpl-5b9e4c1e-8a8f-4a51-9a4b-6f2d2b9f3c10", "object": "chat.completion.chunk", "created": 1767225600, "model": "functionary-small-v2.5", "choices": [{"index": 0, "logprobs": null, "delta": {"role": null, "content": null, "function_call": null, "tool_calls": null}, "finish_reason": "function_call"}]}

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
                .addUserMessage("What is the weather in Boston?")
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
        var functionCall = completion.choices().get(0).message().functionCall();
        System.out.println("function_call: " + functionCall);
        boolean ok = functionCall.isPresent()
                && functionCall.get()._name().asString().orElse("").equals("get_current_weather")
                && functionCall.get()._arguments().asString().orElse("").equals("{\"location\": \"Boston, MA\", \"unit\": \"celsius\"}");
        System.exit(ok ? 0 : 1);
    }
}
