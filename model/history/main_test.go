package history

import (
	"flag"
	"os"
	"testing"

	"github.com/toolspec/toolspec/internal/rapidcheck"
)

// TestMain sets rapid's default number of checks for this package's
// properties (2000, 200 under -short), as model's TestMain does, and the
// repeatable seed of the mutation check.
func TestMain(m *testing.M) {
	flag.Parse()
	rapidcheck.Defaults(2000, 200)
	os.Exit(m.Run())
}
