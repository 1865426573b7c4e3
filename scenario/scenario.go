package scenario

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/spec"
	"golang.org/x/tools/txtar"
)

// Scenario is one golden scenario.
type Scenario struct {
	Name        string // file name, for messages
	Description string
	Rules       []spec.RuleID
	Patterns    []int
	// Tags say what the scenario's stream is, beyond its rules: see
	// [TagSeveralResponses], the one tag.
	Tags []string
	// Seen lists where the scenario's shape was seen in real traffic
	// (the "seen:" line, sources separated by ", "): a capture as
	// "captures/<format>/<file>", relative to the shared captures folder
	// that lives beside the repository; a provider's document as its URL;
	// an issue or pull request as "owner/repo#number"; a library's own
	// test as "owner/repo:path". A source shows the shape the scenario
	// pins, not merely its format. Exactly one of Seen and Synthetic is
	// set.
	Seen []string
	// Synthetic says why no provider is known to send the scenario's
	// shape (the "synthetic:" line): a robustness case, whose bytes are
	// made up to exercise a rule, e.g. "a robustness case: no provider is
	// known to cut a frame here; the bytes are hand-written". Exactly one
	// of Seen and Synthetic is set.
	Synthetic string
	Format    spec.Format
	Limits    spec.Limits
	Input     []byte
	HexInput  bool // Input is stored as input.hex
	Want      string
}

// TagSeveralResponses tags a scenario whose stream holds several responses
// (the model's outcome has more than one message: several Anthropic
// message_start events, several Responses response.created events, OpenAI
// chunks of several response ids or [DONE]s, several Ollama done lines,
// Gemini or Bedrock responses back to back). A provider sends one response
// a stream, and an SDK reads a stream as one by design; the conformance
// kit judges such a scenario only for an adapter that claims it.
const TagSeveralResponses = "several-responses"

// tags are the tags a scenario may carry.
var tags = []string{TagSeveralResponses}

// sourceForms are the forms a source of a "seen:" line may take: a
// capture, a URL, an issue or pull request, a library's own test.
var sourceForms = []*regexp.Regexp{
	regexp.MustCompile(`^captures/[a-z-]+/[^/\s]+$`),
	regexp.MustCompile(`^https?://[^\s,]+$`),
	regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+#[0-9]+$`),
	regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+:[^\s,]+$`),
}

// validSource reports whether src has one of the forms of a source; a
// capture's folder is a format.
func validSource(src string) bool {
	if rest, ok := strings.CutPrefix(src, "captures/"); ok {
		f, _, _ := strings.Cut(rest, "/")
		if !spec.Format(f).Valid() {
			return false
		}
	}
	for _, re := range sourceForms {
		if re.MatchString(src) {
			return true
		}
	}
	return false
}

// parseSeen parses the value of a "seen:" line.
func parseSeen(val string) ([]string, error) {
	val = strings.TrimSpace(val)
	if val == "" {
		return nil, fmt.Errorf("empty seen: line (name a source, or write synthetic: and why)")
	}
	var out []string
	for _, src := range strings.Split(val, ", ") {
		src = strings.TrimSpace(src)
		if !validSource(src) {
			return nil, fmt.Errorf("bad source %q on the seen: line (want captures/<format>/<file>, a URL, owner/repo#number or owner/repo:path, separated by \", \")", src)
		}
		if slices.Contains(out, src) {
			return nil, fmt.Errorf("source %q twice on the seen: line", src)
		}
		out = append(out, src)
	}
	return out, nil
}

// limitKeys maps the limits keywords to fields of spec.Limits.
var limitKeys = map[string]func(*spec.Limits) *int{
	"max-calls":          func(l *spec.Limits) *int { return &l.MaxCalls },
	"max-arg-bytes":      func(l *spec.Limits) *int { return &l.MaxArgBytes },
	"max-response-bytes": func(l *spec.Limits) *int { return &l.MaxResponseBytes },
	"max-id-bytes":       func(l *spec.Limits) *int { return &l.MaxIDBytes },
	"max-name-bytes":     func(l *spec.Limits) *int { return &l.MaxNameBytes },
	"max-frame-bytes":    func(l *spec.Limits) *int { return &l.MaxFrameBytes },
	"max-items":          func(l *spec.Limits) *int { return &l.MaxItems },
	"max-messages":       func(l *spec.Limits) *int { return &l.MaxMessages },
	"max-choices":        func(l *spec.Limits) *int { return &l.MaxChoices },
}

// Parse parses a scenario archive.
func Parse(name string, data []byte) (*Scenario, error) {
	a := txtar.Parse(data)
	s := &Scenario{Name: name}
	var desc []string
	for _, line := range strings.Split(string(a.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		switch {
		case ok && key == "rules":
			for _, f := range strings.Fields(val) {
				s.Rules = append(s.Rules, spec.RuleID(f))
			}
		case ok && key == "patterns":
			for _, f := range strings.Fields(val) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return nil, fmt.Errorf("%s: bad pattern number %q", name, f)
				}
				s.Patterns = append(s.Patterns, n)
			}
		case ok && key == "tags":
			for _, f := range strings.Fields(val) {
				if !slices.Contains(tags, f) {
					return nil, fmt.Errorf("%s: unknown tag %q (the tags are %s)", name, f, strings.Join(tags, ", "))
				}
				s.Tags = append(s.Tags, f)
			}
		case ok && key == "seen":
			if s.Seen != nil {
				return nil, fmt.Errorf("%s: two seen: lines (list every source on one, separated by \", \")", name)
			}
			srcs, err := parseSeen(val)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			s.Seen = srcs
		case ok && key == "synthetic":
			if s.Synthetic != "" {
				return nil, fmt.Errorf("%s: two synthetic: lines", name)
			}
			s.Synthetic = strings.TrimSpace(val)
			if s.Synthetic == "" {
				return nil, fmt.Errorf("%s: empty synthetic: line (say why no provider is known to send this shape)", name)
			}
		case ok && key == "format":
			s.Format = spec.Format(strings.TrimSpace(val))
		case ok && key == "limits":
			if err := parseLimits(val, &s.Limits); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
		default:
			desc = append(desc, line)
		}
	}
	s.Description = strings.TrimSpace(strings.Join(desc, "\n"))
	if !s.Format.Valid() {
		return nil, fmt.Errorf("%s: unknown or missing format %q", name, s.Format)
	}
	if len(s.Rules) == 0 {
		return nil, fmt.Errorf("%s: no rules: line", name)
	}
	switch {
	case s.Seen != nil && s.Synthetic != "":
		return nil, fmt.Errorf("%s: both a seen: and a synthetic: line; a scenario's shape was seen in real traffic or it was not: keep one", name)
	case s.Seen == nil && s.Synthetic == "":
		return nil, fmt.Errorf("%s: neither a seen: nor a synthetic: line; say where its shape was seen (seen: captures/<format>/<file>, a URL, owner/repo#number or owner/repo:path) or why no provider is known to send it (synthetic: ...)", name)
	}
	seen := map[string]bool{}
	for _, f := range a.Files {
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: file %q twice", name, f.Name)
		}
		seen[f.Name] = true
		switch f.Name {
		case "input":
			s.Input = f.Data
		case "input.hex":
			b, err := hex.DecodeString(strings.Join(strings.Fields(string(f.Data)), ""))
			if err != nil {
				return nil, fmt.Errorf("%s: input.hex: %v", name, err)
			}
			s.Input, s.HexInput = b, true
		case "want":
			s.Want = string(f.Data)
		default:
			return nil, fmt.Errorf("%s: unknown file %q", name, f.Name)
		}
	}
	if seen["input"] == seen["input.hex"] {
		return nil, fmt.Errorf("%s: want exactly one of input and input.hex", name)
	}
	return s, nil
}

func parseLimits(val string, l *spec.Limits) error {
	for _, f := range strings.Fields(val) {
		if f == "no-parallel" {
			l.NoParallel = true
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		field := limitKeys[k]
		if !ok || field == nil {
			return fmt.Errorf("bad limit %q", f)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("bad limit value %q", f)
		}
		*field(l) = n
	}
	return nil
}

// formatLimits renders l in the limits: syntax; "" when l is the zero value.
func formatLimits(l spec.Limits) string {
	var parts []string
	keys := make([]string, 0, len(limitKeys))
	for k := range limitKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := *limitKeys[k](&l); v > 0 {
			parts = append(parts, k+"="+strconv.Itoa(v))
		}
	}
	if l.NoParallel {
		parts = append(parts, "no-parallel")
	}
	return strings.Join(parts, " ")
}

// HasTag reports whether s carries tag.
func (s *Scenario) HasTag(tag string) bool { return slices.Contains(s.Tags, tag) }

// IsSeen reports whether s's shape was seen in real traffic (it has a
// seen: line), rather than made up as a robustness case (synthetic:).
func (s *Scenario) IsSeen() bool { return len(s.Seen) > 0 }

// Marshal renders s as a txtar archive; Parse(s.Marshal()) gives s back.
func (s *Scenario) Marshal() []byte {
	var c bytes.Buffer
	if s.Description != "" {
		c.WriteString(s.Description + "\n")
	}
	if len(s.Seen) > 0 {
		c.WriteString("seen: " + strings.Join(s.Seen, ", ") + "\n")
	}
	if s.Synthetic != "" {
		c.WriteString("synthetic: " + s.Synthetic + "\n")
	}
	rules := make([]string, len(s.Rules))
	for i, r := range s.Rules {
		rules[i] = string(r)
	}
	c.WriteString("rules: " + strings.Join(rules, " ") + "\n")
	if len(s.Patterns) > 0 {
		ps := make([]string, len(s.Patterns))
		for i, p := range s.Patterns {
			ps[i] = strconv.Itoa(p)
		}
		c.WriteString("patterns: " + strings.Join(ps, " ") + "\n")
	}
	if len(s.Tags) > 0 {
		c.WriteString("tags: " + strings.Join(s.Tags, " ") + "\n")
	}
	c.WriteString("format: " + string(s.Format) + "\n")
	if l := formatLimits(s.Limits); l != "" {
		c.WriteString("limits: " + l + "\n")
	}
	a := &txtar.Archive{Comment: c.Bytes()}
	if s.HexInput {
		a.Files = append(a.Files, txtar.File{Name: "input.hex", Data: hexLines(s.Input)})
	} else {
		a.Files = append(a.Files, txtar.File{Name: "input", Data: s.Input})
	}
	a.Files = append(a.Files, txtar.File{Name: "want", Data: []byte(s.Want)})
	return txtar.Format(a)
}

// hexLines renders b as hex, 32 bytes a line.
func hexLines(b []byte) []byte {
	var out bytes.Buffer
	for len(b) > 0 {
		n := min(32, len(b))
		out.WriteString(hex.EncodeToString(b[:n]) + "\n")
		b = b[n:]
	}
	return out.Bytes()
}
