package adapters

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// BedrockRuntime returns an adapter that runs the AWS SDK for Go v2's
// Bedrock Runtime client (service/bedrockruntime) on a ConverseStream
// response: Client.ConverseStream with static credentials, a base
// endpoint and an HTTP client answered in memory, the response body the
// stream's AWS event-stream messages (application/vnd.amazon.eventstream;
// a stream in the JSON-lines form is served as the messages it records,
// EventStreamBytes), then the events of GetStream().Events() until the
// channel closes, and the stream's Err(). The SDK reads the messages with
// smithy-go's event-stream reader (transport/http.EventStreamReader), whose
// version the description gives too.
//
// The SDK decodes the messages into typed events and leaves their
// assembly to its user; the adapter assembles each toolUse block as AWS's
// ConverseStream tool-use example does (Bedrock user guide, "Converse API
// tool use examples"): a contentBlockStart whose start is a toolUse opens
// a call with its toolUseId and name, each toolUse delta appends its input
// string, and contentBlockStop ends the block, the joined input the call's
// arguments. Blocks are told apart by contentBlockIndex (the example
// streams one block at a time; the API names each event's block by its
// index). A call is finished at its block's contentBlockStop, and a toolUse
// delta for a block with no toolUse start opens a call with no id or name,
// as the example's dictionary does. It fails the stream when Err() reports
// an error (an exception message, a frame the decoder refuses). Events of
// another type (UnknownUnionMember: an InvokeModelWithResponseStream chunk,
// say) are skipped, as the SDK's union examples do. It claims the stop
// reason (the last messageStop's stopReason), the text (text deltas) and
// the thinking (reasoningContent text deltas).
func BedrockRuntime() spectest.Adapter { return bedrockRuntime{} }

type bedrockRuntime struct{}

func (bedrockRuntime) Describe() spectest.Description {
	return spectest.Description{
		Name:       "aws-sdk-go-v2 bedrockruntime ConverseStream",
		Version:    "service/bedrockruntime " + BedrockRuntimeVersion + ", smithy-go " + SmithyGoVersion,
		Formats:    []toolspec.Format{toolspec.FormatBedrock},
		StopReason: true,
		Text:       true,
		Thinking:   true,
	}
}

// eventStreamTransport answers every request with body as an event-stream
// response.
type eventStreamTransport struct{ body []byte }

func (t eventStreamTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := transport(t).RoundTrip(req)
	if err == nil {
		resp.Header.Set("Content-Type", "application/vnd.amazon.eventstream")
	}
	return resp, err
}

func (bedrockRuntime) Reassemble(s spectest.Stream) (spectest.Result, error) {
	body, err := EventStreamBytes(s.Data)
	if err != nil {
		return spectest.Result{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:           "us-east-1",
		Credentials:      credentials.NewStaticCredentialsProvider("AKIDCONFORMANCE", "secret", ""),
		BaseEndpoint:     aws.String("http://conformance.invalid"),
		HTTPClient:       &http.Client{Transport: eventStreamTransport{body}, Timeout: timeout},
		RetryMaxAttempts: 1,
	})
	out, err := client.ConverseStream(ctx, &bedrockruntime.ConverseStreamInput{
		ModelId: aws.String("conformance-model"),
		Messages: []types.Message{{
			Role:    types.ConversationRoleUser,
			Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "conformance"}},
		}},
	})
	if err != nil {
		return spectest.Result{}, err
	}
	stream := out.GetStream()
	defer stream.Close()
	r := spectest.Result{StopReason: toolspec.StopNone}
	var calls []*spectest.Call
	open := map[int32]*spectest.Call{} // the open toolUse block at each index
	for ev := range stream.Events() {
		switch v := ev.(type) {
		case *types.ConverseStreamOutputMemberContentBlockStart:
			if tu, ok := v.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
				c := &spectest.Call{ID: aws.ToString(tu.Value.ToolUseId), Name: aws.ToString(tu.Value.Name)}
				calls = append(calls, c)
				open[aws.ToInt32(v.Value.ContentBlockIndex)] = c
			}
		case *types.ConverseStreamOutputMemberContentBlockDelta:
			i := aws.ToInt32(v.Value.ContentBlockIndex)
			switch d := v.Value.Delta.(type) {
			case *types.ContentBlockDeltaMemberToolUse:
				c := open[i]
				if c == nil {
					c = &spectest.Call{}
					calls = append(calls, c)
					open[i] = c
				}
				c.Arguments += aws.ToString(d.Value.Input)
			case *types.ContentBlockDeltaMemberText:
				r.Text += d.Value
			case *types.ContentBlockDeltaMemberReasoningContent:
				if t, ok := d.Value.(*types.ReasoningContentBlockDeltaMemberText); ok {
					r.Thinking += t.Value
				}
			}
		case *types.ConverseStreamOutputMemberContentBlockStop:
			i := aws.ToInt32(v.Value.ContentBlockIndex)
			if c := open[i]; c != nil {
				c.Finished = true
				delete(open, i)
			}
		case *types.ConverseStreamOutputMemberMessageStop:
			r.StopReason = stopOf(toolspec.FormatBedrock, string(v.Value.StopReason))
		}
	}
	if err := stream.Err(); err != nil {
		return spectest.Result{}, err
	}
	for _, c := range calls {
		r.Calls = append(r.Calls, *c)
	}
	return r, nil
}

// EventStreamBytes returns the AWS event-stream messages a Bedrock stream
// data stands for: data itself when it is already the binary event-stream,
// and when it is the JSON-lines form (its first non-space byte is '{':
// one {"<eventType>": payload} object a line, as vercel/ai's recorder
// writes the events it decoded, FRAME-2), one message a non-blank line, as
// Bedrock sends it: an event message (:event-type the member's name,
// :content-type application/json, the member's value its payload), or an
// exception message (:exception-type instead) when the name ends in
// "Exception". A line that is not an object of one member has no message
// it records; it is sent as an event message without an :event-type, the
// line its payload, for the SDK to refuse.
func EventStreamBytes(data []byte) ([]byte, error) {
	first := bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
	if len(first) == 0 || first[0] != '{' {
		return data, nil
	}
	enc := eventstream.NewEncoder()
	var b bytes.Buffer
	for _, line := range bytes.Split(bytes.TrimPrefix(data, bom), []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var msg eventstream.Message
		var members map[string]json.RawMessage
		if json.Unmarshal(line, &members) == nil && len(members) == 1 {
			for name, payload := range members {
				if strings.HasSuffix(name, "Exception") {
					msg.Headers.Set(":message-type", eventstream.StringValue("exception"))
					msg.Headers.Set(":exception-type", eventstream.StringValue(name))
				} else {
					msg.Headers.Set(":event-type", eventstream.StringValue(name))
					msg.Headers.Set(":message-type", eventstream.StringValue("event"))
				}
				msg.Headers.Set(":content-type", eventstream.StringValue("application/json"))
				msg.Payload = payload
			}
		} else {
			msg.Headers.Set(":message-type", eventstream.StringValue("event"))
			msg.Payload = line
		}
		if err := enc.Encode(&b, msg); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}
