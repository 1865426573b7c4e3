package geminigen

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/bridge/internal/capture"
	"google.golang.org/genai"
)

// The agent loop's one turn, written twice for the README's comparison:
// stream a response, collect the function calls, run them, and append the
// model's content and the function responses for the next request. The
// lines between the "loop:" comments are the ones counted.

// run is the tools: it records the calls it is given.
type run func(name string, args map[string]any) map[string]any

// turnSDK is the turn with genai alone, as its documentation shows: the
// parts of every response kept as the model's content (as Chat.SendStream
// records them), the calls from resp.FunctionCalls().
func turnSDK(ctx context.Context, client *genai.Client, contents []*genai.Content, tools run) ([]*genai.Content, error) {
	// loop: sdk begins
	var parts []*genai.Part
	var calls []*genai.FunctionCall
	for resp, err := range client.Models.GenerateContentStream(ctx, "gemini-3-pro-preview", contents, nil) {
		if err != nil {
			return nil, err
		}
		if len(resp.Candidates) > 0 && resp.Candidates[0].Content != nil {
			parts = append(parts, resp.Candidates[0].Content.Parts...)
		}
		calls = append(calls, resp.FunctionCalls()...)
	}
	contents = append(contents, genai.NewContentFromParts(parts, genai.RoleModel))
	var results []*genai.Part
	for _, c := range calls {
		results = append(results, &genai.Part{FunctionResponse: &genai.FunctionResponse{
			ID: c.ID, Name: c.Name, Response: tools(c.Name, c.Args)}})
	}
	contents = append(contents, genai.NewContentFromParts(results, genai.RoleUser))
	// loop: sdk ends
	return contents, nil
}

// turnBridge is the turn with the bridge: one client for every turn
// (its HTTPClient is the package's), a tee per request in its context,
// the outcome checked whole, the model's content and the responses built
// from it.
func turnBridge(ctx context.Context, client *genai.Client, contents []*genai.Content, tools run) ([]*genai.Content, error) {
	// loop: bridge begins
	tee := NewTee(toolspec.Limits{})
	for _, err := range client.Models.GenerateContentStream(tee.Context(ctx), "gemini-3-pro-preview", contents, nil) {
		if err != nil {
			return nil, err
		}
	}
	out, err := tee.Outcome()
	if err != nil {
		return nil, err
	}
	model, err := ModelContent(out, Options{})
	if err != nil {
		return nil, err
	}
	var results []Result
	for _, c := range out.Calls {
		args, _ := Args(c) // a complete call's arguments are an object
		results = append(results, Result{Call: c, Response: tools(c.Name, args)})
	}
	contents = append(contents, model, ResultContent(results...))
	// loop: bridge ends
	return contents, nil
}

// TestLoop: both turns, on the captures genai's own loop reads right, run
// the same calls and send the same function responses back.
func TestLoop(t *testing.T) {
	for _, name := range []string{"gemini-3-pro-2calls-with-ids.sse", "gemini-2.5-flash-2calls-one-chunk-nocr.sse", "gemini-2.5-flash-thought-then-call.sse"} {
		c := load(t, name)
		config := &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: "http://bridge.test/"}}
		hc := &http.Client{Transport: &capture.Transport{Body: c.Wire}}
		record := func(calls *[]string) run {
			return func(name string, args map[string]any) map[string]any {
				b, _ := json.Marshal(args)
				*calls = append(*calls, name+" "+string(b))
				return map[string]any{"output": len(*calls)}
			}
		}
		var sdkCalls, bridgeCalls []string
		cc := *config
		cc.HTTPClient = hc
		client, err := genai.NewClient(context.Background(), &cc)
		if err != nil {
			t.Fatal(err)
		}
		sdk, err := turnSDK(context.Background(), client, genai.Text("go"), record(&sdkCalls))
		if err != nil {
			t.Fatalf("%s: sdk: %v", name, err)
		}
		cc = *config
		cc.HTTPClient = HTTPClient(hc)
		teed, err := genai.NewClient(context.Background(), &cc)
		if err != nil {
			t.Fatal(err)
		}
		bridge, err := turnBridge(context.Background(), teed, genai.Text("go"), record(&bridgeCalls))
		if err != nil {
			t.Fatalf("%s: bridge: %v", name, err)
		}
		if len(sdkCalls) == 0 || !slices.Equal(sdkCalls, bridgeCalls) {
			t.Errorf("%s: calls\nsdk    %q\nbridge %q", name, sdkCalls, bridgeCalls)
		}
		last := func(cs []*genai.Content) string {
			b, _ := json.Marshal(cs[len(cs)-1])
			return string(b)
		}
		if len(sdk) != 3 || len(bridge) != 3 || last(sdk) != last(bridge) {
			t.Errorf("%s: function responses\nsdk    %s\nbridge %s", name, last(sdk), last(bridge))
		}
	}
}

// TestLoopCut: on a stream cut after its first call (between events, with
// no finishReason), genai's loop runs that call and sends its response,
// without an error; the bridge's refuses the turn, the outcome truncated.
func TestLoopCut(t *testing.T) {
	c := load(t, "gemini-3-pro-2calls-with-ids.sse")
	wire := c.Wire[:capture.Ends(c.Wire)[0]]
	config := &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: "http://bridge.test/"},
		HTTPClient: HTTPClient(&http.Client{Transport: &capture.Transport{Body: wire}})}
	client, err := genai.NewClient(context.Background(), config)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	tools := func(name string, args map[string]any) map[string]any {
		calls = append(calls, name)
		return map[string]any{"output": 1}
	}
	if _, err := turnSDK(context.Background(), client, genai.Text("go"), tools); err != nil || len(calls) != 1 {
		t.Errorf("genai's loop: %v, calls %q; want no error and the first call run", err, calls)
	}
	calls = nil
	if _, err := turnBridge(context.Background(), client, genai.Text("go"), tools); !errors.Is(err, toolspec.ErrTruncated) || len(calls) != 0 {
		t.Errorf("the bridge's loop: %v, calls %q; want ErrTruncated and no call run", err, calls)
	}
}
