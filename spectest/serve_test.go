package spectest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec"
)

// fakeEnv names the fake adapter the test binary plays when it is run
// with it set (see fakeAdapter).
const fakeEnv = "SPECTEST_FAKE_ADAPTER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeAdapter(mode, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fakeCmd is the command line that runs this test binary as the fake
// adapter mode.
func fakeCmd(mode string) string {
	return fakeEnv + "=" + mode + " '" + strings.ReplaceAll(os.Args[0], "'", `'\''`) + "'"
}

// fakeAdapter plays an adapter program: a correct one (toolspec's
// reassembler behind the protocol), or one that breaks the protocol in
// the way mode says. Modes of the persistent form: good, example (good,
// named for ExampleProcess); crash-at-2, hang-at-2, seq-at-2,
// notjson-at-2, badanswer-at-2, early-at-2 (each
// misbehaves at the request of seq 2 only, which a restarted program
// never sees again); always-crash; version-2, garbage-hello, no-hello
// (exits), hang-hello, pid-name (its name differs after a restart). Modes
// of the one-shot form: oneshot-good, oneshot-crash, oneshot-notjson,
// oneshot-hang, oneshot-badanswer.
func fakeAdapter(mode string, stdin io.Reader, stdout io.Writer) int {
	if strings.HasPrefix(mode, "oneshot-") {
		return fakeOneShot(mode, stdin, stdout)
	}
	in := bufio.NewReader(stdin)
	hello, err := in.ReadString('\n')
	if err != nil || !strings.Contains(hello, `"cmd":"start"`) {
		fmt.Fprintf(os.Stderr, "fake: bad start %q %v\n", hello, err)
		return 5
	}
	name := "fake"
	switch mode {
	case "version-2":
		fmt.Fprintln(stdout, `{"version":2,"error":"this adapter speaks version 2 only"}`)
		return 0
	case "garbage-hello":
		fmt.Fprintln(stdout, `hello, kit`)
		return 0
	case "no-hello":
		fmt.Fprintln(os.Stderr, "fake: cannot initialise")
		return 4
	case "hang-hello":
		time.Sleep(time.Hour)
	case "pid-name":
		name = fmt.Sprintf("fake-%d", os.Getpid())
	case "example":
		name = "toolspec behind the protocol" // ExampleProcess's
	}
	fmt.Fprintf(stdout, `{"version":1,"adapter":{"name":%q,"version":"0.0.1","formats":["openai-chat","anthropic"],"claims":["stop-reason","text","thinking","limits","custom"]}}`+"\n", name)
	for {
		l, err := in.ReadString('\n')
		if err != nil {
			return 0
		}
		var req struct {
			Cmd    string          `json:"cmd"`
			Seq    int             `json:"seq"`
			Format toolspec.Format `json:"format"`
			Stream []byte          `json:"stream"`
			Limits map[string]any  `json:"limits"`
		}
		if err := json.Unmarshal([]byte(l), &req); err != nil {
			fmt.Fprintf(os.Stderr, "fake: bad request: %v\n", err)
			return 6
		}
		if req.Cmd == "stop" {
			return 0
		}
		at2 := req.Seq == 2
		switch {
		case mode == "always-crash", mode == "crash-at-2" && at2:
			fmt.Fprintln(os.Stderr, "fake: boom")
			return 3
		case mode == "hang-at-2" && at2:
			time.Sleep(time.Hour)
		case mode == "notjson-at-2" && at2:
			fmt.Fprintln(stdout, "reassembling...")
			continue
		case mode == "badanswer-at-2" && at2:
			fmt.Fprintf(stdout, `{"seq":%d,"calls":[{"id":7}]}`+"\n", req.Seq)
			continue
		}
		var lim toolspec.Limits
		for _, f := range limitFields(&lim) {
			if v, ok := req.Limits[f.name].(float64); ok {
				*f.v = int(v)
			}
		}
		lim.NoParallel = req.Limits["no-parallel"] == true
		out, err := json.Marshal(toolspec.Reassemble(req.Format, req.Stream, lim))
		if err != nil {
			return 7
		}
		seq := req.Seq
		if mode == "seq-at-2" && at2 {
			seq = 1
		}
		fmt.Fprintf(stdout, `{"seq":%d,%s`+"\n", seq, out[1:])
	}
}

// fakeOneShot plays a one-shot adapter.
func fakeOneShot(mode string, stdin io.Reader, stdout io.Writer) int {
	data, err := io.ReadAll(stdin)
	if err != nil {
		return 5
	}
	switch mode {
	case "oneshot-crash":
		fmt.Fprintln(os.Stderr, "fake: boom")
		return 3
	case "oneshot-notjson":
		fmt.Fprintln(stdout, "Traceback (most recent call last):")
		return 1
	case "oneshot-hang":
		if f := os.Getenv("FAKE_PID_FILE"); f != "" {
			_ = os.WriteFile(f, []byte(fmt.Sprint(os.Getpid())), 0o644)
		}
		time.Sleep(time.Hour)
	case "oneshot-badanswer":
		fmt.Fprintln(stdout, `{"calls":[{"id":"a","name":"b"}]}`)
		return 0
	}
	out, err := json.Marshal(toolspec.Reassemble(toolspec.Format(os.Getenv("TOOLSPEC_FORMAT")), data, toolspec.Limits{}))
	if err != nil {
		return 7
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return 0
}

// chatStream is a whole OpenAI chat stream with one call.
const chatStream = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

var chat = Stream{Format: toolspec.FormatOpenAIChat, Data: []byte(chatStream)}

// reassemble runs a on s and returns the *ProtocolError it panics with,
// or nil.
func reassemble(a Adapter, s Stream) (r Result, pe *ProtocolError, err error) {
	defer func() {
		if p := recover(); p != nil {
			var ok bool
			if pe, ok = p.(*ProtocolError); !ok {
				panic(p)
			}
		}
	}()
	r, err = a.Reassemble(s)
	return r, nil, err
}

// TestProcessHandshake: the handshake's description is the adapter's;
// Close stops it.
func TestProcessHandshake(t *testing.T) {
	a, err := Process(fakeCmd("good"))
	if err != nil {
		t.Fatal(err)
	}
	d := a.Describe()
	want := Description{Name: "fake", Version: "0.0.1", Formats: []toolspec.Format{toolspec.FormatOpenAIChat, toolspec.FormatAnthropic},
		StopReason: true, Text: true, Thinking: true, Limits: true, Custom: true}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Errorf("Describe() = %+v, want %+v", d, want)
	}
	for i := 0; i < 3; i++ {
		r, pe, err := reassemble(a, chat)
		if pe != nil || err != nil || len(r.Calls) != 1 || r.Calls[0].ID != "call_1" || !r.Calls[0].Finished || r.StopReason != toolspec.StopToolUse {
			t.Fatalf("request %d: %+v, %v, %v", i+1, r, err, pe)
		}
	}
	if err := a.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, pe, _ := reassemble(a, chat); pe == nil || !errors.Is(pe, ErrCrashed) {
		t.Errorf("after Close: %v, want ErrCrashed", pe)
	}
}

// TestProcessBadHandshake: an adapter that speaks another version, or
// answers the handshake with what is not a description, or exits, or
// hangs, is an error of the right kind from Process, not a failure per
// case.
func TestProcessBadHandshake(t *testing.T) {
	for _, c := range []struct {
		mode string
		kind error
		msg  string
	}{
		{"version-2", ErrVersion, "speaks version 2, this kit speaks version 1; the adapter says \"this adapter speaks version 2 only\""},
		{"garbage-hello", ErrNotJSON, `"hello, kit"`},
		{"no-hello", ErrCrashed, "fake: cannot initialise"},
		{"hang-hello", ErrTimeout, "no answer within"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// Only the hang waits for the timeout (as in TestOneShotBreaches).
			timeout := 10 * time.Second
			if c.kind == ErrTimeout {
				timeout = 500 * time.Millisecond
			}
			a, err := Process(fakeCmd(c.mode), RequestTimeout(timeout))
			var pe *ProtocolError
			if a != nil || !errors.As(err, &pe) || !errors.Is(err, c.kind) || !pe.Handshake {
				t.Fatalf("Process = %v, %v; want a handshake ProtocolError of kind %v", a, err, c.kind)
			}
			if !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "handshake") {
				t.Errorf("error %q lacks %q", err, c.msg)
			}
		})
	}
}

// TestProcessBreaches: an adapter that breaks the protocol at its second
// request breaks it with the right kind, is restarted with the handshake
// replayed, and answers the next requests.
func TestProcessBreaches(t *testing.T) {
	for _, c := range []struct {
		mode string
		kind error
		msg  string
	}{
		{"crash-at-2", ErrCrashed, "exit status 3 (stderr: fake: boom)"},
		{"hang-at-2", ErrTimeout, "no answer within 2s"},
		{"seq-at-2", ErrSeq, "the answer's seq is 1"},
		{"notjson-at-2", ErrNotJSON, `"reassembling..."`},
		{"badanswer-at-2", ErrAnswer, "cannot unmarshal number"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// The time-out bounds the restart's handshake too: a loaded
			// machine needs more than the half second of the hang tests.
			a, err := Process(fakeCmd(c.mode), RequestTimeout(2*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if _, pe, _ := reassemble(a, chat); pe != nil {
				t.Fatalf("request 1: %v", pe)
			}
			_, pe, _ := reassemble(a, chat)
			if pe == nil || !errors.Is(pe, c.kind) || pe.Seq != 2 || pe.Handshake {
				t.Fatalf("request 2: %v; want a ProtocolError of kind %v at seq 2", pe, c.kind)
			}
			if !strings.Contains(pe.Error(), c.msg) || !strings.Contains(pe.Error(), "request 2: ") {
				t.Errorf("error %q lacks %q", pe, c.msg)
			}
			for i := 3; i <= 4; i++ {
				if r, pe, _ := reassemble(a, chat); pe != nil || len(r.Calls) != 1 {
					t.Fatalf("request %d after the restart: %+v, %v", i, r, pe)
				}
			}
			if n := a.Restarts(); n != 1 {
				t.Errorf("%d restarts, want 1", n)
			}
		})
	}
}

// TestProcessGivesUp: an adapter that crashes at every request is given
// up after three: the fourth fails at once, without a restart.
func TestProcessGivesUp(t *testing.T) {
	a, err := Process(fakeCmd("always-crash"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for i := 1; i <= 5; i++ {
		_, pe, _ := reassemble(a, chat)
		if pe == nil || !errors.Is(pe, ErrCrashed) {
			t.Fatalf("request %d: %v, want ErrCrashed", i, pe)
		}
		if i >= 4 && !strings.Contains(pe.Error(), "given up after 3 requests") {
			t.Errorf("request %d: %v, want given up", i, pe)
		}
	}
	if n := a.Restarts(); n != 2 {
		t.Errorf("%d restarts, want 2 (after the first and the second crash)", n)
	}
}

// TestProcessRestartDescribesOtherwise: a restarted adapter that
// describes itself otherwise breaks the handshake.
func TestProcessRestartDescribesOtherwise(t *testing.T) {
	a, err := Process(fakeCmd("pid-name"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.mu.Lock()
	a.p.kill() // as after a breach
	a.p = nil
	a.mu.Unlock()
	_, pe, _ := reassemble(a, chat)
	if pe == nil || !errors.Is(pe, ErrHandshake) || !strings.Contains(pe.Error(), "after a restart it describes itself") {
		t.Fatalf("after a restart: %v, want ErrHandshake", pe)
	}
}

// TestOneShotBreaches: the one-shot form classifies the same way.
func TestOneShotBreaches(t *testing.T) {
	for _, c := range []struct {
		mode string
		kind error
		msg  string
	}{
		{"oneshot-crash", ErrCrashed, "no output (exit status 3) (stderr: fake: boom"},
		{"oneshot-notjson", ErrNotJSON, "Traceback"},
		{"oneshot-hang", ErrTimeout, "no answer within 500ms"},
		{"oneshot-badanswer", ErrAnswer, "want id, name and arguments"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			// Only the hang waits for the timeout; the others answer at
			// once, but a loaded machine or the race detector's build can
			// take longer than 500ms to start them.
			timeout := 10 * time.Second
			if c.kind == ErrTimeout {
				timeout = 500 * time.Millisecond
			}
			start := time.Now()
			_, pe, _ := reassemble(Command(fakeCmd(c.mode), Description{}, RequestTimeout(timeout)), chat)
			if pe == nil || !errors.Is(pe, c.kind) {
				t.Fatalf("%v; want a ProtocolError of kind %v", pe, c.kind)
			}
			if !strings.Contains(pe.Error(), c.msg) {
				t.Errorf("error %q lacks %q", pe, c.msg)
			}
			if d := time.Since(start); c.kind == ErrTimeout && d > 3*time.Second {
				t.Errorf("took %v: the hung program was not killed", d)
			}
		})
	}
	r, pe, err := reassemble(Command(fakeCmd("oneshot-good"), Description{}), chat)
	if pe != nil || err != nil || len(r.Calls) != 1 {
		t.Errorf("oneshot-good: %+v, %v, %v", r, err, pe)
	}
}

// TestCheckKeepsProtocolApart: through the kit, a correct persistent
// adapter passes every case it claims; one that crashes once has exactly
// one case with a protocol failure, reported apart from wrong answers
// (Report.Broken), and passes the rest.
func TestCheckKeepsProtocolApart(t *testing.T) {
	for _, c := range []struct {
		mode   string
		broken int
	}{{"good", 0}, {"crash-at-2", 1}} {
		t.Run(c.mode, func(t *testing.T) {
			a, err := Process(fakeCmd(c.mode))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			rep, err := Check(func() Adapter { return a }, RandomStreams(5), Seed(1))
			if err != nil {
				t.Fatal(err)
			}
			var passed, failed, na int
			for _, cr := range rep.Cases {
				switch {
				case cr.Passed():
					passed++
				case cr.Skipped != "":
					na++
				default:
					failed++
				}
			}
			broken := rep.Broken()
			if len(broken) != c.broken || failed != c.broken || passed < 50 || na == 0 {
				t.Fatalf("%d passed, %d failed, %d not applicable, %d broken; want %d broken and failed:\n%v", passed, failed, na, len(broken), c.broken, rep.Err())
			}
			for _, f := range broken {
				if f.Rule != "" || !errors.Is(f.Protocol, ErrCrashed) || !strings.Contains(f.Error(), ": -: got a protocol failure: ") {
					t.Errorf("broken case: %v", f)
				}
			}
		})
	}
}

// TestProcessLongAnswer: an answer line longer than the reader's buffer
// (a call with 300 KB of arguments) is read whole.
func TestProcessLongAnswer(t *testing.T) {
	a, err := Process(fakeCmd("good"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	long := strings.Repeat("x", 300_000)
	data := strings.Replace(chatStream, `"arguments":"{}"`, `"arguments":"{\"a\":\"`+long+`\"}"`, 1)
	r, pe, err := reassemble(a, Stream{Format: toolspec.FormatOpenAIChat, Data: []byte(data)})
	if pe != nil || err != nil || len(r.Calls) != 1 || r.Calls[0].Arguments != `{"a":"`+long+`"}` {
		t.Fatalf("%d calls, %v, %v", len(r.Calls), err, pe)
	}
}

// TestOneShotKillsChildren: a hung adapter that sh runs as its child (the
// command line is a list) is killed with sh, not left running.
func TestOneShotKillsChildren(t *testing.T) {
	pidFile := t.TempDir() + "/pid"
	t.Setenv("FAKE_PID_FILE", pidFile)
	_, pe, _ := reassemble(Command(fakeCmd("oneshot-hang")+"; true", Description{}, RequestTimeout(500*time.Millisecond)), chat)
	if !errors.Is(pe, ErrTimeout) {
		t.Fatalf("%v, want ErrTimeout", pe)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		stat, err := os.ReadFile("/proc/" + string(b) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return // gone, or a zombie waiting to be reaped
		}
		if i == 20 {
			t.Fatalf("the adapter (pid %s) still runs: %s", b, stat)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
