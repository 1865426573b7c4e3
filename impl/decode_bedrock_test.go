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
		{"exception", brException("throttlingException", `{"message":"slow down"}`), 1},
		{"error", frame{msgType: []byte("error"), errCode: []byte("c"), errMsg: []byte("m")}, 1},
	} {
		if n := abgAllocs(t, &bedrockDecoder{}, c.fr, c.n); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", c.name, n)
		}
	}
}
