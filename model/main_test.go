package model

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises rapid's default number of checks: the properties of this
// package are cheap. -short lowers it; an explicit -rapid.checks wins.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		n := "2000"
		if testing.Short() {
			n = "200"
		}
		if err := flag.Set("rapid.checks", n); err != nil {
			panic(err)
		}
	}
	// TOOLSPEC_RAPID_SEED makes the property runs repeatable (the
	// mutation check sets it), unless -rapid.seed is given.
	if seed := os.Getenv("TOOLSPEC_RAPID_SEED"); seed != "" {
		given := false
		flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.seed" })
		if !given {
			if err := flag.Set("rapid.seed", seed); err != nil {
				panic(err)
			}
		}
	}
	os.Exit(m.Run())
}
