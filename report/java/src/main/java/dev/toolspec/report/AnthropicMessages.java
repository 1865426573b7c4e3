package dev.toolspec.report;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.JsonValue;
import com.anthropic.core.ObjectMappers;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.Model;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * anthropic-java: {@code client.messages().createStreaming(params)}, every event given to a {@code
 * MessageAccumulator} (the SDK's README, "Streaming helpers"), then {@code message()}: the calls
 * are its tool_use and server_tool_use blocks (which toolspec counts as calls too), their input
 * written back as JSON.
 */
final class AnthropicMessages implements Main.Adapter {
    private AnthropicClient client;
    private String clientUrl;

    @Override
    public String name() {
        return "anthropic-java messages createStreaming MessageAccumulator";
    }

    @Override
    public String version() {
        return "anthropic-java=" + MessageAccumulator.class.getPackage().getImplementationVersion();
    }

    @Override
    public List<String> formats() {
        return List.of("anthropic");
    }

    @Override
    public List<String> claims() {
        return List.of("stop-reason", "text", "thinking");
    }

    private AnthropicClient client(String url) {
        if (client == null || !url.equals(clientUrl)) {
            client = AnthropicOkHttpClient.builder().apiKey("replay").baseUrl(url).maxRetries(0).build();
            clientUrl = url;
        }
        return client;
    }

    @Override
    public ObjectNode reassemble(String url, byte[] data, String format) throws Exception {
        MessageCreateParams params =
                MessageCreateParams.builder()
                        .model(Model.CLAUDE_SONNET_4_6)
                        .maxTokens(1024L)
                        .addUserMessage("replayed stream")
                        .build();
        MessageAccumulator acc = MessageAccumulator.create();
        // The input text each block's input_json_delta events carried, as the stream's own events
        // report it, by block index.
        Map<Long, StringBuilder> raw = new HashMap<>();
        try (StreamResponse<RawMessageStreamEvent> stream = client(url).messages().createStreaming(params)) {
            stream.stream()
                    .forEach(
                            event -> {
                                if (event.isContentBlockDelta() && event.asContentBlockDelta().delta().isInputJson()) {
                                    var d = event.asContentBlockDelta();
                                    raw.computeIfAbsent(d.index(), k -> new StringBuilder())
                                            .append(d.delta().asInputJson().partialJson());
                                }
                                acc.accumulate(event);
                            });
        }
        Message message = acc.message();

        ObjectNode answer = Main.JSON.createObjectNode();
        ArrayNode calls = answer.putArray("calls");
        StringBuilder text = new StringBuilder();
        StringBuilder thinking = new StringBuilder();
        // The accumulator lists the blocks in the order of their indexes: block i is the one of
        // index i when the indexes run from 0 without a gap, as a provider sends them.
        List<ContentBlock> content = message.content();
        for (int i = 0; i < content.size(); i++) {
            ContentBlock block = content.get(i);
            if (block.isText()) {
                text.append(block.asText().text());
            } else if (block.isThinking()) {
                thinking.append(block.asThinking().thinking());
            } else if (block.isToolUse()) {
                var t = block.asToolUse();
                call(calls, t.id(), t.name(), t._input(), raw, i);
            } else if (block.isServerToolUse()) {
                var t = block.asServerToolUse();
                call(calls, t.id(), t.name().asString(), t._input(), raw, i);
            }
        }
        answer.put("stop_reason",
                message._stopReason().isNull() || message._stopReason().isMissing()
                        ? "none"
                        : Wire.canonicalStop(format, message.stopReason().get().asString()));
        answer.put("text", text.toString());
        answer.put("thinking", thinking.toString());
        return answer;
    }

    private static void call(ArrayNode calls, String id, String name, JsonValue input, Map<Long, StringBuilder> raw, int i)
            throws Exception {
        ObjectNode c = calls.addObject();
        c.put("id", id == null ? "" : id);
        c.put("name", name == null ? "" : name);
        // A block without input has no arguments: "" is the protocol's "none", not JSON null.
        c.put("arguments", input.isMissing() ? "" : argumentText(input, raw.get((long) i)));
        c.put("status", "complete");
    }

    /**
     * The arguments of a call whose input the SDK hands over parsed: the input text the stream
     * carried for the call where it parses to the same value (so that a number written 1.0 or 1e2
     * is not counted against the library), else the value serialized.
     */
    static String argumentText(JsonValue value, StringBuilder raw) throws Exception {
        var mapper = ObjectMappers.jsonMapper();
        String serialized = mapper.writeValueAsString(value);
        if (raw != null && raw.length() > 0) {
            try {
                JsonValue parsed = mapper.readValue(raw.toString(), JsonValue.class);
                if (mapper.writeValueAsString(parsed).equals(serialized)) {
                    return raw.toString();
                }
            } catch (Exception e) {
                // raw is not JSON: the library made its input of something else
            }
        }
        return serialized;
    }
}
