package thirdparty

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"

	"github.com/toolspec/toolspec/internal/workload"
)

// The AWS SDK for Go v2 reads a ConverseStream response with its
// event-stream reader (a goroutine decodes each binary message and sends
// a types.ConverseStreamOutput on the channel of Events), but merges
// nothing. So the comparison drives Client.ConverseStream over an
// in-memory client (bedrockClient) and folds the events with bedrockAcc.

// bedrockClient returns the one Bedrock runtime client of the package:
// a fixed region, static placeholder credentials (requests are signed as
// usual), no retries, and an HTTP client that answers from the request's
// context (memClient), so nothing is dialed.
var bedrockClient = sync.OnceValue(func() *bedrockruntime.Client {
	return bedrockruntime.New(bedrockruntime.Options{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDPLACEHOLDER", "placeholder", ""),
		HTTPClient:       memClient("application/vnd.amazon.eventstream"),
		RetryMaxAttempts: 1,
	})
})

// bedrockInput is the request: what is asked does not change what the
// transport answers.
var bedrockInput = &bedrockruntime.ConverseStreamInput{
	ModelId: aws.String("anthropic.claude-sonnet-4-20250514-v1:0"),
	Messages: []types.Message{{
		Role:    types.ConversationRoleUser,
		Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "stream"}},
	}},
}

// runBedrock streams raw through Client.ConverseStream and folds the
// events with bedrockAcc.
func runBedrock(raw []byte) (folded, error) {
	out, err := bedrockClient().ConverseStream(withBody(context.Background(), raw), bedrockInput)
	if err != nil {
		return nil, err
	}
	stream := out.GetStream()
	defer stream.Close()
	acc := &bedrockAcc{}
	for ev := range stream.Events() {
		if err := acc.add(ev); err != nil {
			return nil, err
		}
	}
	if err := stream.Err(); err != nil {
		return nil, err
	}
	if !acc.stopped {
		return nil, fmt.Errorf("bedrock: the stream ended without messageStop")
	}
	return acc, nil
}

var bedrockSDK = library{name: "aws-sdk-go-v2", fold: runBedrock, ours: true}

// bedrockAcc is the minimal correct accumulation of a ConverseStream, as
// an AWS SDK user writes it. Blocks are kept by contentBlockIndex:
//
//   - contentBlockStart with a toolUse opens a call with its toolUseId
//     and name (a server_tool_use is the provider's, not the client's,
//     and is left out of the result);
//   - contentBlockDelta with a toolUse appends its input to the call of
//     its index (an error if there is none); a text delta appends to the
//     text and a reasoningContent text delta to the thinking (text and
//     reasoning blocks have no start);
//   - messageStop ends the message. A stream without one is an error.
//
// A call that received no input has the arguments {}. Calls come out in
// the order they started.
type bedrockAcc struct {
	calls          []*bedrockCall
	byIndex        map[int32]*bedrockCall
	text, thinking strings.Builder
	stopped        bool
}

// bedrockCall is one toolUse block.
type bedrockCall struct {
	id, name string
	server   bool
	args     strings.Builder
}

// add folds one event.
func (a *bedrockAcc) add(ev types.ConverseStreamOutput) error {
	switch e := ev.(type) {
	case *types.ConverseStreamOutputMemberContentBlockStart:
		tu, ok := e.Value.Start.(*types.ContentBlockStartMemberToolUse)
		if !ok {
			return nil
		}
		i := aws.ToInt32(e.Value.ContentBlockIndex)
		if a.byIndex[i] != nil {
			return fmt.Errorf("bedrock: block %d started twice", i)
		}
		if a.byIndex == nil {
			a.byIndex = map[int32]*bedrockCall{}
		}
		c := &bedrockCall{id: aws.ToString(tu.Value.ToolUseId), name: aws.ToString(tu.Value.Name), server: tu.Value.Type == types.ToolUseTypeServerToolUse}
		a.byIndex[i] = c
		a.calls = append(a.calls, c)
	case *types.ConverseStreamOutputMemberContentBlockDelta:
		switch d := e.Value.Delta.(type) {
		case *types.ContentBlockDeltaMemberToolUse:
			i := aws.ToInt32(e.Value.ContentBlockIndex)
			c := a.byIndex[i]
			if c == nil {
				return fmt.Errorf("bedrock: toolUse delta for block %d, which did not start as a toolUse", i)
			}
			c.args.WriteString(aws.ToString(d.Value.Input))
		case *types.ContentBlockDeltaMemberText:
			a.text.WriteString(d.Value)
		case *types.ContentBlockDeltaMemberReasoningContent:
			if t, ok := d.Value.(*types.ReasoningContentBlockDeltaMemberText); ok {
				a.thinking.WriteString(t.Value)
			}
		}
	case *types.ConverseStreamOutputMemberMessageStop:
		a.stopped = true
	}
	return nil
}

// result returns what the stream holds.
func (a *bedrockAcc) result() (result, error) {
	var r result
	for _, c := range a.calls {
		if c.server {
			continue
		}
		args := c.args.String()
		if args == "" {
			args = "{}"
		}
		r.calls = append(r.calls, workload.Call{ID: c.id, Name: c.name, Args: args})
	}
	r.text, r.thinking = a.text.String(), a.thinking.String()
	return r, nil
}

// isBedrockInvoke reports whether raw is an InvokeModelWithResponseStream
// stream: binary event-stream whose first message's :event-type header is
// "chunk" (ConverseStream's are messageStart, contentBlockDelta, ...).
func isBedrockInvoke(raw []byte) bool {
	if len(raw) < 12 {
		return false
	}
	hlen := int(binary.BigEndian.Uint32(raw[4:8]))
	if hlen > len(raw)-12 {
		return false
	}
	h := raw[12 : 12+hlen]
	for len(h) > 0 {
		n := int(h[0])
		if len(h) < 1+n+1 {
			return false
		}
		name, typ := string(h[1:1+n]), h[1+n]
		h = h[1+n+1:]
		if typ != 7 || len(h) < 2 { // only string headers are expected
			return false
		}
		vlen := int(binary.BigEndian.Uint16(h))
		if len(h) < 2+vlen {
			return false
		}
		if name == ":event-type" {
			return string(h[2:2+vlen]) == "chunk"
		}
		h = h[2+vlen:]
	}
	return false
}
