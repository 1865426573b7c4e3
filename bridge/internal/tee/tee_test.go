package tee

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/toolspec/toolspec"
)

const whole = `data: {"id":"c","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n"

func respond(status int, body string, err error) func(*http.Request) (*http.Response, error) {
	return func(*http.Request) (*http.Response, error) {
		if err != nil {
			return nil, err
		}
		return &http.Response{StatusCode: status, Body: io.NopCloser(strings.NewReader(body))}, nil
	}
}

// TestPassThrough: failed requests and responses that are not a success
// reach the caller untouched, and leave the tee without an outcome.
func TestPassThrough(t *testing.T) {
	tee := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	boom := errors.New("boom")
	if _, err := tee.Middleware(nil, respond(0, "", boom)); err != boom {
		t.Errorf("a failed request: %v", err)
	}
	for _, status := range []int{199, 300, 429, 500} {
		body := io.NopCloser(strings.NewReader("x"))
		res, err := tee.Middleware(nil, func(*http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: status, Body: body}, nil
		})
		if err != nil || res.Body != body {
			t.Errorf("status %d: the body was replaced (%v)", status, err)
		}
	}
	if _, err := tee.Outcome(); !errors.Is(err, ErrNoResponse) || tee.Responses() != 0 {
		t.Errorf("Outcome: %v, %d responses", err, tee.Responses())
	}
}

// TestLastResponse: the outcome is the last successful response's, read
// to its end; the earlier one ends where it was left.
func TestLastResponse(t *testing.T) {
	tee := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	first, _ := tee.Middleware(nil, respond(200, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n", nil))
	second, _ := tee.Middleware(nil, respond(200, whole, nil))
	if _, err := io.ReadAll(second.Body); err != nil {
		t.Fatal(err)
	}
	// Reading the discarded first body changes nothing.
	_, _ = io.ReadAll(first.Body)
	out, err := tee.Outcome()
	if err != nil || tee.Responses() != 2 {
		t.Fatalf("Outcome: %v, %d responses", err, tee.Responses())
	}
	want := toolspec.Reassemble(toolspec.FormatOpenAIChat, []byte(whole), toolspec.Limits{})
	if out.String() != want.String() || out.Err() != nil {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestConcurrent: reads, closes and outcomes from several goroutines (run
// with -race).
func TestConcurrent(t *testing.T) {
	tee := New(toolspec.FormatOpenAIChat, toolspec.Limits{})
	res, _ := tee.Middleware(nil, respond(200, strings.Repeat(whole[:len(whole)-len("data: [DONE]\n\n")], 200), nil))
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			buf := make([]byte, 17)
			for j := 0; j < 50; j++ {
				switch i {
				case 0:
					_, _ = res.Body.Read(buf)
				case 1:
					_, _ = tee.Outcome()
				case 2:
					tee.Responses()
				case 3:
					if j == 25 {
						_ = res.Body.Close()
					}
				}
			}
		}(i)
	}
	wg.Wait()
	a, _ := tee.Outcome()
	b, _ := tee.Outcome()
	if a.String() != b.String() {
		t.Error("the outcome changed after the stream ended")
	}
}
