package model

import (
	"slices"
	"testing"

	"github.com/toolspec/toolspec/internal/decodetest"
	"github.com/toolspec/toolspec/spec"
)

// TestBedrockCaptures decodes the real Bedrock captures and checks the
// calls they announce against shared/captures/README.md.
func TestBedrockCaptures(t *testing.T) {
	abCheckCaptures(t, spec.FormatBedrock, "bedrock", map[string][]string{
		"SYNTHETIC-text-then-2tools-decoded.jsonl":         {"block weather-tool-1", "block weather-tool-2"},
		"claude-3-7-sonnet-redacted-reasoning.eventstream": nil,
		"claude-reasoning-decoded.jsonl":                   nil,
		"claude-sonnet-4-reasoning-signature.eventstream":  nil,
		"invoke-claude-opus-4-6-tool.eventstream":          {"block toolu_bdrk_01J3qB12vH7tghDJ74pNzgp8"},
		"nova-micro-text-then-tool.eventstream":            {"block tooluse_lAG_zP8QRHmSYOwZzzaCqA"},
	})
}

func TestBedrockChunking(t *testing.T) {
	abCheckChunking(t, spec.FormatBedrock, "bedrock")
}

// TestBedrockMutationsNeverPanic feeds truncated and corrupted captures
// through the decoder; any outcome but a panic is fine.
func TestBedrockMutationsNeverPanic(t *testing.T) {
	abMutate(t, spec.FormatBedrock, "bedrock")
}

// TestBedrockEventStreamOffsets checks that every event carries the offset
// of its event-stream message (the shared cases pin the events, not their
// offsets).
func TestBedrockEventStreamOffsets(t *testing.T) {
	m1 := decodetest.EventMessage("messageStart", `{"role":"assistant"}`)
	m2 := decodetest.EventMessage("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Hi"}}`)
	m3 := decodetest.EventMessage("messageStop", `{"stopReason":"end_turn"}`)
	in := m1 + m2 + m3
	evs, v := Decode(spec.FormatBedrock, []byte(in), spec.Limits{})
	if v != nil {
		t.Fatal(v)
	}
	want := []int64{0, int64(len(m1)), int64(len(m1 + m2)), int64(len(m1 + m2)), int64(len(in))}
	var got []int64
	for _, e := range evs {
		got = append(got, e.Offset)
	}
	if !slices.Equal(got, want) {
		t.Errorf("offsets %v, want %v (events %v)", got, want, evs)
	}
}
