package toolspec

import (
	_ "github.com/toolspec/toolspec/internal/golden"
	"os/exec"
	"strings"
	"testing"
)

// TestImportRules enforces the package layering: spec and model depend on
// the standard library (and model on spec) only, and the shared decoder
// cases on the standard library and spec, never on the decoders they
// check.
func TestImportRules(t *testing.T) {
	const mod = "github.com/toolspec/toolspec"
	allowed := map[string][]string{
		"./spec":  {mod + "/spec"},
		"./model": {mod + "/model", mod + "/spec"},
		// impl never imports model or gen.
		"./impl": {mod + "/impl", mod + "/spec"},
		// gen never asks model what is valid.
		"./gen": {mod + "/gen", mod + "/spec", "pgregory.net/rapid"},
		// The shared decoder cases lean on neither decoder.
		"./internal/decodetest": {mod + "/internal/decodetest", mod + "/spec"},
	}
	for pkg, ok := range allowed {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if !strings.Contains(strings.SplitN(dep, "/", 2)[0], ".") {
				continue // standard library
			}
			found := false
			for _, a := range ok {
				found = found || dep == a
			}
			if !found {
				t.Errorf("%s depends on %s; only the standard library and %v are allowed", pkg, dep, ok)
			}
		}
	}
}
