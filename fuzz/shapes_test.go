package fuzz

import (
	"testing"
)

// TestGenCut: a valid stream cut inside one of its frames (gen.Cut) ends as
// truncated with the cut bytes as the outcome's tail and no violation
// (FRAME-1, FRAME-2, FRAME-3, END-3); impl gives the model's transcript.
func TestGenCut(t *testing.T) { perFormat(t, checkGenCut) }

// TestGenForeign: input that is not of the format read (another format's
// valid stream, an HTML page, a gateway's error body) ends with a terminal
// violation, never as an empty success (FRAME-7); impl gives the model's
// transcript.
func TestGenForeign(t *testing.T) { perFormat(t, checkGenForeign) }
