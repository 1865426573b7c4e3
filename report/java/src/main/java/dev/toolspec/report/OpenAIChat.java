package dev.toolspec.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.helpers.ChatCompletionAccumulator;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionMessageToolCall;
import java.util.Comparator;
import java.util.List;

/**
 * openai-java: {@code client.chat().completions().createStreaming(params)}, every chunk given to a
 * {@code ChatCompletionAccumulator} (the SDK's README, "Streaming helpers"), then {@code
 * chatCompletion()}: the calls are the tool calls of its choices' messages, in choice order.
 */
final class OpenAIChat implements Main.Adapter {
    private OpenAIClient client;
    private String clientUrl;

    @Override
    public String name() {
        return "openai-java chat createStreaming ChatCompletionAccumulator";
    }

    @Override
    public String version() {
        return "openai-java=" + ChatCompletionAccumulator.class.getPackage().getImplementationVersion();
    }

    @Override
    public List<String> formats() {
        return List.of("openai-chat");
    }

    @Override
    public List<String> claims() {
        return List.of("stop-reason", "text");
    }

    private OpenAIClient client(String url) {
        if (client == null || !url.equals(clientUrl)) {
            client = OpenAIOkHttpClient.builder().apiKey("replay").baseUrl(url + "/v1").maxRetries(0).build();
            clientUrl = url;
        }
        return client;
    }

    @Override
    public ObjectNode reassemble(String url, byte[] data, String format) {
        ChatCompletionCreateParams params =
                ChatCompletionCreateParams.builder()
                        .model(ChatModel.GPT_4O)
                        .addUserMessage("replayed stream")
                        .build();
        ChatCompletionAccumulator acc = ChatCompletionAccumulator.create();
        try (StreamResponse<ChatCompletionChunk> stream =
                client(url).chat().completions().createStreaming(params)) {
            stream.stream().forEach(acc::accumulate);
        }
        ChatCompletion completion = acc.chatCompletion();

        ObjectNode answer = Main.JSON.createObjectNode();
        ArrayNode calls = answer.putArray("calls");
        StringBuilder text = new StringBuilder();
        String stop = "none";
        List<ChatCompletion.Choice> choices =
                completion.choices().stream().sorted(Comparator.comparingLong(ChatCompletion.Choice::index)).toList();
        for (ChatCompletion.Choice choice : choices) {
            ChatCompletionMessage m = choice.message();
            m.content().ifPresent(text::append);
            List<ChatCompletionMessageToolCall> toolCalls = m.toolCalls().orElse(List.of());
            // A legacy function call (a request that declared functions) is the message's
            // function_call, which the SDK keeps apart from tool_calls: a call where the message
            // has no tool calls.
            if (toolCalls.isEmpty() && m.functionCall().isPresent()) {
                ChatCompletionMessage.FunctionCall fc = m.functionCall().get();
                call(calls, "", fc.name(), fc.arguments());
            }
            for (ChatCompletionMessageToolCall tc : toolCalls) {
                if (tc.isFunction()) {
                    var f = tc.asFunction();
                    call(calls, f.id(), f.function().name(), f.function().arguments());
                } else if (tc.isCustom()) {
                    var c = tc.asCustom();
                    call(calls, c.id(), c.custom().name(), c.custom().input());
                }
            }
            stop =
                    choice._finishReason().isNull() || choice._finishReason().isMissing()
                            ? "none"
                            : Wire.canonicalStop(format, choice.finishReason().asString());
        }
        answer.put("stop_reason", stop);
        answer.put("text", text.toString());
        return answer;
    }

    private static void call(ArrayNode calls, String id, String name, String arguments) {
        ObjectNode c = calls.addObject();
        c.put("id", id == null ? "" : id);
        c.put("name", name == null ? "" : name);
        c.put("arguments", arguments == null ? "" : arguments);
        c.put("status", "complete");
    }
}
