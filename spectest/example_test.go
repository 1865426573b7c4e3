package spectest_test

import (
	"fmt"
	"io/fs"
	"log"
	"strings"

	"github.com/toolspec/toolspec/scenario"
	"github.com/toolspec/toolspec/spectest"
)

// Read the areas of the corpus, then one scenario, and parse it with
// package scenario.
func ExampleScenarios() {
	areas, err := fs.ReadDir(spectest.Scenarios, ".")
	if err != nil {
		log.Fatal(err)
	}
	var names []string
	for _, a := range areas {
		names = append(names, a.Name())
	}
	fmt.Println(strings.Join(names, " "))

	const name = "identity/ollama-same-index.txtar"
	data, err := fs.ReadFile(spectest.Scenarios, name)
	if err != nil {
		log.Fatal(err)
	}
	sc, err := scenario.Parse(name, data)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("format:", sc.Format)
	fmt.Println("rules:", sc.Rules)
	fmt.Print(sc.Want)
	// Output:
	// budgets completion framing identity names ordering pairing thinking
	// format: ollama
	// rules: [ID-8 ORD-1 ID-1]
	// format ollama
	// messages 1
	// msg 0 choice 0 call 0 complete id="PpZ8JqRmm" name="read_file" args="{\"path\":\"/etc/hostname\"}"
	// msg 0 choice 0 call 1 complete id="DDe4wZqkx" name="read_file" args="{\"path\":\"/etc/os-release\"}"
	// stop msg 0 choice 0 tool_use raw="stop"
}
