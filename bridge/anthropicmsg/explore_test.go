package anthropicmsg

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
)

func TestExplore(t *testing.T) {
	for _, c := range capture.Load(t, "anthropic", true) {
		tr := &capture.Transport{Body: c.Wire}
		client := anthropic.NewClient(option.WithHTTPClient(&http.Client{Transport: tr}), option.WithAPIKey("k"), option.WithBaseURL("http://x/"), option.WithMaxRetries(0))
		tee := NewTee(toolspec.Limits{})
		stream := client.Messages.NewStreaming(context.Background(), anthropic.MessageNewParams{Model: "m", MaxTokens: 10}, tee.Option())
		var msg anthropic.Message
		var accErr error
		for stream.Next() {
			if err := msg.Accumulate(stream.Current()); err != nil && accErr == nil {
				accErr = err
			}
		}
		out, err := tee.Outcome()
		want := toolspec.Reassemble(toolspec.FormatAnthropic, c.Wire, toolspec.Limits{})
		t.Logf("%s: sdkerr=%v accerr=%v teeerr=%v equal=%v", c.Name, stream.Err(), accErr, err, out.String() == want.String())
		sdk, _ := json.Marshal(msg.ToParam())
		t.Logf("sdk: %s", sdk)
		p, err := AssistantMessage(out, Options{Message: out.Messages - 1, OmitNotCarried: true, AllowPartial: true})
		ours, _ := json.Marshal(p)
		t.Logf("our: %s %v", ours, err)
	}
}
