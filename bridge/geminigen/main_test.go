package geminigen

import (
	"io"
	"log"
	"os"
	"testing"
)

// TestMain silences genai, which logs every read error of a stream with
// the standard logger.
func TestMain(m *testing.M) {
	log.SetOutput(io.Discard)
	os.Exit(m.Run())
}
