package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/report/adapters"
	"github.com/toolspec/toolspec/spectest"
)

// Library is one reassembler the report judges.
type Library struct {
	// Name is the report's name for it: its column, its folder under
	// docs/conformance/ and the value of cmd/conformance's -only.
	Name string
	// Module names the code under test (module paths and packages).
	Module string
	// Driven says in a few words how its adapter drives it.
	Driven string
	// Describe is its adapter's description: the exact version, the
	// formats it reads and what it claims.
	Describe spectest.Description
	// New makes a fresh adapter; nil for a translator.
	New func() spectest.Adapter
	// Check runs the kit on it.
	Check func(opts ...spectest.Option) (*spectest.Report, error)
	// Time, when set, is what the throughput times (a translator's
	// translation alone); else the adapter's Reassemble is timed.
	Time func(s spectest.Stream) error
	// External is set for an adapter program of the external list.
	External bool
}

func adapter(name, module, driven string, newAdapter func() spectest.Adapter) Library {
	return Library{
		Name: name, Module: module, Driven: driven,
		Describe: newAdapter().(spectest.Describer).Describe(),
		New:      newAdapter,
		Check: func(opts ...spectest.Option) (*spectest.Report, error) {
			return spectest.Check(newAdapter, opts...)
		},
	}
}

// Builtin returns the Go libraries of package adapters, in the report's
// order.
func Builtin() []Library {
	libs := []Library{
		adapter("openai-go", "github.com/openai/openai-go/v3",
			"streaming chat client + ChatCompletionAccumulator; calls once the stream ended without error",
			adapters.OpenAIGo),
		adapter("anthropic-sdk-go", "github.com/anthropics/anthropic-sdk-go/v2",
			"streaming Messages client + Message.Accumulate; tool_use blocks once the stream ended without error",
			adapters.AnthropicSDK),
		adapter("eino", "github.com/cloudwego/eino (schema), github.com/cloudwego/eino-ext/components/model/openai",
			"eino-ext OpenAI ChatModel.Stream + schema.ConcatMessages of its chunks",
			adapters.Eino),
		adapter("langchaingo", "github.com/tmc/langchaingo (llms/openai)",
			"OpenAI client GenerateContent with a streaming func; the response's tool calls",
			adapters.Langchaingo),
	}
	d := adapters.OllamaAnthropic().(spectest.Describer).Describe()
	d.Formats = []toolspec.Format{toolspec.FormatOllama}
	d.StopReason, d.Text, d.Thinking = true, true, true // the translation contract compares them
	tr := Library{
		Name:     "ollama-anthropic",
		Module:   "github.com/ollama/ollama (middleware, anthropic)",
		Driven:   "translator (spectest.CheckTranslator, ollama → anthropic): /api/chat NDJSON through the /v1/messages middleware",
		Describe: d,
		Check: func(opts ...spectest.Option) (*spectest.Report, error) {
			return spectest.CheckTranslator(adapters.OllamaAnthropic, toolspec.FormatOllama, toolspec.FormatAnthropic, opts...)
		},
		Time: func(s spectest.Stream) error {
			_, err := adapters.OllamaAnthropic().Translate(s)
			return err
		},
	}
	return append(libs, tr)
}

// ExternalFile is the list of external adapter programs, relative to the
// report module, and NodeFile the list of the Node adapters of report/node,
// whose commands run from the repository root.
const (
	ExternalFile = "external.txt"
	NodeFile     = "node/adapters.txt"
)

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// External reads the external adapters listed in the file at path: one per
// line, "name | version | formats | claims | command", where formats and
// claims are comma-separated (claims: stop-reason, text, thinking, limits,
// custom or all; "-" for none) and command is run by the adapter
// protocol's one-shot form (spectest.Command), with sh -c in the report
// module's folder. Blank lines and lines starting with # are skipped. A
// missing file lists none.
func External(path string) ([]Library, error) { return readList(path, false) }

// Node reads the Node adapters listed in the file at path (NodeFile), in
// External's form, with two differences: a name is free text (the report
// names the adapter node-SCRIPT, after the script its command runs) and a
// command runs from the repository root, the report module's parent. It
// fails when the list names adapters but report/node's packages are not
// installed (make report-node installs them). A missing file lists none.
func Node(path string) ([]Library, error) {
	libs, err := readList(path, true)
	if err != nil || len(libs) == 0 {
		return libs, err
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "node_modules")); err != nil {
		return nil, fmt.Errorf("%s lists %d Node adapters, but their packages are not installed: run make report-node", path, len(libs))
	}
	return libs, nil
}

var scriptRE = regexp.MustCompile(`([A-Za-z0-9_-]+)\.m?js\b`)

func readList(path string, node bool) ([]Library, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var libs []Library
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lib, err := parseExternal(line, node)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		for _, l := range libs {
			if l.Name == lib.Name {
				return nil, fmt.Errorf("%s:%d: %s is listed twice", path, n, lib.Name)
			}
		}
		libs = append(libs, lib)
	}
	return libs, sc.Err()
}

func parseExternal(line string, node bool) (Library, error) {
	f := strings.SplitN(line, "|", 5)
	if len(f) != 5 {
		return Library{}, fmt.Errorf("want name | version | formats | claims | command")
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	name, version, formats, claims, cmd := f[0], f[1], f[2], f[3], f[4]
	module, driven := "external program", "external program: "+cmd
	if node {
		m := scriptRE.FindStringSubmatch(cmd)
		if m == nil {
			return Library{}, fmt.Errorf("command %q runs no .js or .mjs script", cmd)
		}
		module, driven = name, "Node adapter: "+cmd
		name = "node-" + strings.ToLower(m[1])
		cmd = "cd .. && " + cmd
	}
	if !nameRE.MatchString(name) {
		return Library{}, fmt.Errorf("name %q: want lower-case letters, digits, '.', '_' or '-'", name)
	}
	if version == "" || cmd == "" {
		return Library{}, fmt.Errorf("want a version and a command")
	}
	d := spectest.Description{Name: name, Version: version}
	for _, s := range strings.Split(formats, ",") {
		fm, err := toolspec.ParseFormat(strings.TrimSpace(s))
		if err != nil {
			return Library{}, err
		}
		d.Formats = append(d.Formats, fm)
	}
	for _, c := range strings.Split(claims, ",") {
		if c = strings.TrimSpace(c); c == "-" || c == "" {
			continue
		}
		if err := d.SetClaims(c); err != nil {
			return Library{}, err
		}
	}
	newAdapter := func() spectest.Adapter { return spectest.Command(cmd, d) }
	return Library{
		Name: name, Module: module, Driven: driven, Describe: d, New: newAdapter,
		Check: func(opts ...spectest.Option) (*spectest.Report, error) {
			return spectest.Check(newAdapter, opts...)
		},
		External: true,
	}, nil
}

// claims lists what d claims, in the protocol's words.
func claims(d spectest.Description) string {
	c := d.ClaimNames()
	if len(c) == 0 {
		return "calls only"
	}
	return strings.Join(c, ", ")
}

func formats(d spectest.Description) string {
	var s []string
	for _, f := range d.Formats {
		s = append(s, string(f))
	}
	if len(s) == 0 {
		return "all"
	}
	return strings.Join(s, ", ")
}
