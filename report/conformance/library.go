package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

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
		adapter("go-openai", "github.com/sashabaranov/go-openai",
			"CreateChatCompletionStream, Recv until io.EOF; tool-call deltas folded by index as OpenAI's function-calling guide shows (go-openai documents no fold); calls once Recv returned io.EOF",
			adapters.GoOpenAI),
		adapter("openai-go-responses", "github.com/openai/openai-go/v3 (responses)",
			"streaming Responses client (Responses.NewStreaming); the call items of the output_item.done events (else of the terminal response), once a terminal event came and the stream ended without error",
			adapters.OpenAIGoResponses),
		adapter("genai", "google.golang.org/genai",
			"Models.GenerateContentStream (Gemini API backend); each chunk's FunctionCalls()",
			adapters.GenAI),
		adapter("bedrockruntime", "github.com/aws/aws-sdk-go-v2/service/bedrockruntime",
			"ConverseStream event stream; toolUse blocks assembled from contentBlockStart/Delta/Stop as AWS's example does",
			adapters.BedrockRuntime),
		adapter("ollama-api", "github.com/ollama/ollama/api",
			"api.Client.Chat with stream true; each response's Message.ToolCalls appended",
			adapters.OllamaAPI),
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
// report module, NodeFile the list of the Node adapters of report/node,
// PythonFile that of the Python adapters of report/python, RustFile that
// of the Rust adapters of report/rust and JavaFile that of the Java
// adapters of report/java, whose commands run from the repository root.
const (
	ExternalFile = "external.txt"
	NodeFile     = "node/adapters.txt"
	PythonFile   = "python/adapters.txt"
	RustFile     = "rust/adapters.txt"
	JavaFile     = "java/adapters.txt"
)

// The kinds of adapter list readList reads.
const (
	listExternal = iota
	listNode
	listPython
	listRust
	listJava
)

// language is what readList needs of a list of adapters in one language
// other than Go: the prefix of their names, the word the Driven column
// uses, whether the persistent form of the protocol runs them, the path,
// relative to the list's folder, whose presence says the adapters are
// installed, and the make target that installs them.
type language struct {
	prefix, word string
	persistent   bool
	installed    string
	target       string
}

var languages = map[int]language{
	listNode:   {"node-", "Node", true, "node_modules", "make report-node"},
	listPython: {"python-", "Python", true, ".venv/bin/python", "make report-python"},
	listRust:   {"rust-", "Rust", true, "target/release", "make report-rust"},
	listJava:   {"java-", "Java", true, "target/classpath.txt", "make report-java"},
}

var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// External reads the external adapters listed in the file at path: one per
// line, "name | version | formats | claims | command", where formats and
// claims are comma-separated (claims: stop-reason, text, thinking, limits,
// custom or all; "-" for none) and command is run by the adapter
// protocol's one-shot form (spectest.Command), with sh -c in the report
// module's folder. Blank lines and lines starting with # are skipped. A
// missing file lists none.
func External(path string) ([]Library, error) { return readList(path, listExternal) }

// Node reads the Node adapters listed in the file at path (NodeFile), in
// External's form, with three differences: a name is free text (the report
// names the adapter node-SCRIPT, after the script its command runs), a
// command runs from the repository root, the report module's parent, and
// each is run by the adapter protocol's persistent form (its command with
// --serve, spectest.Process), one process for all its cases, because
// starting Node and loading an SDK for every stream costs more than the
// stream; its handshake must describe it as its line does (name, version,
// formats, claims), or the kit does not run on it. It fails when the list
// names adapters but report/node's packages are not installed (make
// report-node installs them). A missing file lists none.
func Node(path string) ([]Library, error) { return installedList(path, listNode) }

// Python reads the Python adapters listed in the file at path
// (PythonFile), in Node's form: a name is free text (the report names the
// adapter python-SCRIPT, after the script its command runs, '_' written
// '-') and a command runs from the repository root. Each is run by the
// adapter protocol's persistent form (its command with --serve,
// spectest.Process), one process for all its cases, because importing a
// Python library (litellm, LangChain) takes seconds, which the one-shot
// form would spend on every stream; its handshake must describe it as its
// line does (name, version, formats, claims), or the kit does not run on
// it. It fails when the list names adapters but report/python's virtual
// environment is not there (make report-python makes it).
func Python(path string) ([]Library, error) { return installedList(path, listPython) }

// Rust reads the Rust adapters listed in the file at path (RustFile), in
// Python's form: a name is free text (the report names the adapter
// rust-PROGRAM, after the base name of the command's last word, the
// program it runs, '_' written '-'), a command runs from the repository
// root, by the persistent form. It fails when the list names adapters but
// report/rust's programs are not built (make report-rust builds them).
func Rust(path string) ([]Library, error) { return installedList(path, listRust) }

// Java reads the Java adapters listed in the file at path (JavaFile), in
// Rust's form, each named java-WORD after the base name of its command's
// last word. It fails when the list names adapters but report/java is not
// built (make report-java builds it and writes target/classpath.txt).
func Java(path string) ([]Library, error) { return installedList(path, listJava) }

// installedList reads the list at path of the given kind and, when it
// names adapters, checks that its language's packages are installed.
func installedList(path string, kind int) ([]Library, error) {
	libs, err := readList(path, kind)
	if err != nil || len(libs) == 0 {
		return libs, err
	}
	l := languages[kind]
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), filepath.FromSlash(l.installed))); err != nil {
		return nil, fmt.Errorf("%s lists %d %s adapters, but their packages are not installed: run %s", path, len(libs), l.word, l.target)
	}
	return libs, nil
}

var (
	scriptRE   = regexp.MustCompile(`([A-Za-z0-9_-]+)\.m?js\b`)
	pyScriptRE = regexp.MustCompile(`([A-Za-z0-9_-]+)\.py\b`)
)

func readList(path string, kind int) ([]Library, error) {
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
		lib, err := parseExternal(line, kind)
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

func parseExternal(line string, kind int) (Library, error) {
	f := strings.SplitN(line, "|", 5)
	if len(f) != 5 {
		return Library{}, fmt.Errorf("want name | version | formats | claims | command")
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	name, version, formats, claims, cmd := f[0], f[1], f[2], f[3], f[4]
	module, driven := "external program", "external program: "+cmd
	lang, other := languages[kind]
	if other {
		var base string
		switch kind {
		case listNode:
			m := scriptRE.FindStringSubmatch(cmd)
			if m == nil {
				return Library{}, fmt.Errorf("command %q runs no .js or .mjs script", cmd)
			}
			base = m[1]
		case listPython:
			m := pyScriptRE.FindStringSubmatch(cmd)
			if m == nil {
				return Library{}, fmt.Errorf("command %q runs no .py script", cmd)
			}
			base = m[1]
		default:
			words := strings.Fields(cmd)
			base = filepath.Base(words[len(words)-1])
			base = strings.TrimSuffix(base, filepath.Ext(base))
		}
		module, driven = name, lang.word+" adapter: "+cmd
		if lang.persistent {
			driven = lang.word + " adapter (persistent form): " + cmd
		}
		name = lang.prefix + strings.ReplaceAll(strings.ToLower(base), "_", "-")
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
	if other && lang.persistent {
		return persistentLibrary(Library{Name: name, Module: module, Driven: driven, Describe: d, External: true}, cmd, lang.target), nil
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

// PersistentTimeout bounds a persistent adapter's answer to its handshake,
// which loads the library (seconds for litellm and LangChain, or a JVM, on
// a loaded machine), and to each stream.
const PersistentTimeout = 60 * time.Second

// persistentLibrary makes lib run by the persistent form of the protocol:
// one process, started at the first run and kept for every later one (the
// process ends when the report's command does: it reads its requests
// until end of input), whose handshake must describe it as lib.Describe
// and lib.Module do; install names the command that installs it, which a
// handshake unlike the list's line suggests running.
func persistentLibrary(lib Library, cmd, install string) Library {
	var (
		mu   sync.Mutex
		proc *spectest.ProcessAdapter
		perr error
	)
	start := func() (spectest.Adapter, error) {
		mu.Lock()
		defer mu.Unlock()
		if proc == nil && perr == nil {
			proc, perr = spectest.Process(cmd+" --serve", spectest.RequestTimeout(PersistentTimeout))
			if perr == nil {
				if err := sameDescription(proc.Describe(), lib, install); err != nil {
					_ = proc.Close()
					proc, perr = nil, err
				}
			}
		}
		if perr != nil {
			return nil, perr
		}
		return proc, nil
	}
	lib.New = func() spectest.Adapter {
		a, err := start()
		if err != nil {
			panic(err)
		}
		return a
	}
	lib.Check = func(opts ...spectest.Option) (*spectest.Report, error) {
		a, err := start()
		if err != nil {
			return nil, err
		}
		opts = append(opts, spectest.Timeout(PersistentTimeout+10*time.Second))
		return spectest.Check(func() spectest.Adapter { return a }, opts...)
	}
	return lib
}

// sameDescription reports whether the handshake's description got is what
// lib's line of its list says: the name (lib.Module, the line's free
// text), the version, the formats and the claims.
func sameDescription(got spectest.Description, lib Library, install string) error {
	want := lib.Describe
	if got.Name != lib.Module || got.Version != want.Version || !slices.Equal(got.Formats, want.Formats) ||
		!slices.Equal(got.ClaimNames(), want.ClaimNames()) {
		return fmt.Errorf("%s: the adapter describes itself as %q %q, formats %v, claims %v; its list says %q %q, formats %v, claims %v: update the list (or run %s)",
			lib.Name, got.Name, got.Version, got.Formats, got.ClaimNames(), lib.Module, want.Version, want.Formats, want.ClaimNames(), install)
	}
	return nil
}
