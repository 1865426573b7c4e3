package fuzz

import (
	"flag"
	"os"
	"testing"

	"github.com/toolspec/toolspec/internal/rapidcheck"
)

// TestMain sets rapid's default number of checks for this package's cheap
// properties (10000, 1000 under -short) and the repeatable seed of the
// mutation check.
func TestMain(m *testing.M) {
	flag.Parse()
	rapidcheck.Defaults(10000, 1000)
	os.Exit(m.Run())
}
