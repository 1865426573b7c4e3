package impl

import (
	"encoding/base64"
	"strings"
	"testing"
)

// brEvent is an event-stream frame of message type "event".
func brEvent(typ, payload string) frame {
	return frame{event: []byte(typ), msgType: []byte("event"), data: []byte(payload)}
}

// brException is an event-stream frame of message type "exception".
func brException(typ, payload string) frame {
	return frame{excType: []byte(typ), msgType: []byte("exception"), data: []byte(payload)}
}

func TestImplBedrockAllocs(t *testing.T) {
	for _, c := range []struct {
		name string
		fr   frame
		n    int
	}{
		{"contentBlockDelta toolUse", brEvent("contentBlockDelta", `{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Paris\"}"}},"p":"ab"}`), 1},
		{"contentBlockDelta toolUse line", abFrame(`{"contentBlockDelta":{"contentBlockIndex":1,"delta":{"toolUse":{"input":"{\"city\":\"Par"}},"p":"abcdef"}}`), 1},
		{"contentBlockStart", brEvent("contentBlockStart", `{"contentBlockIndex":1,"p":"abcd","start":{"toolUse":{"name":"get_temperature","toolUseId":"tooluse_1"}}}`), 1},
		{"reasoning", brEvent("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"reasoningContent":{"text":"Let me","signature":"s"}}}`), 2},
		{"messageStop", brEvent("messageStop", `{"p":"abc","stopReason":"tool_use"}`), 2},
		{"chunk input_json_delta", brEvent("chunk", brChunk(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":\u00e9"}}`)), 1},
		{"chunk escaped base64", brEvent("chunk", `{"bytes":"`+strings.ReplaceAll(base64.StdEncoding.EncodeToString([]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"???"}}`)), "/", `\/`)+`"}`), 1},
		{"chunk message_start", brEvent("chunk", brChunk(`{"type":"message_start","message":{"id":"msg_bdrk_1","content":[],"stop_reason":null}}`)), 1},
		{"Nova chunk text delta", brEvent("chunk", brChunk(`{"contentBlockDelta":{"delta":{"text":"Hi"},"contentBlockIndex":0}}`)), 1},
		{"Nova chunk toolUse delta", brEvent("chunk", brChunk(`{"contentBlockDelta":{"delta":{"toolUse":{"input":"{\"a\":1}"}},"contentBlockIndex":1}}`)), 1},
		{"Nova chunk tool start", brEvent("chunk", brChunk(`{"contentBlockStart":{"start":{"toolUse":{"toolUseId":"tooluse_1","name":"get_weather"}},"contentBlockIndex":1}}`)), 1},
		{"Nova chunk messageStop", brEvent("chunk", brChunk(`{"messageStop":{"stopReason":"tool_use"}}`)), 2},
		{"Nova chunk metadata", brEvent("chunk", brChunk(`{"metadata":{"usage":{"inputTokens":1}},"amazon-bedrock-invocationMetrics":{"inputTokenCount":1}}`)), 0},
		{"exception", brException("throttlingException", `{"message":"slow down"}`), 1},
		{"error", frame{msgType: []byte("error"), errCode: []byte("c"), errMsg: []byte("m")}, 1},
	} {
		if n := abgAllocs(t, &bedrockDecoder{}, c.fr, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}
