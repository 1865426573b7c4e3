package rootfuzz

import (
	"testing"

	"github.com/toolspec/toolspec"
)

// FuzzDetect checks that Detect never panics and names only real formats.
func FuzzDetect(f *testing.F) {
	f.Add([]byte("data: {\"choices\":[]}\n\n"))
	f.Add([]byte("{\"done\":true,\"model\":\"m\"}\n"))
	f.Add([]byte("\x00\x00\x00\x10\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := toolspec.Detect(data)
		if err == nil && !got.Valid() {
			t.Fatalf("Detect = %q, not a format", got)
		}
		if err != nil && got != "" {
			t.Fatalf("Detect = %q with error %v", got, err)
		}
	})
}
