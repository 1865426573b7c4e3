package conformance

import (
	"slices"

	"github.com/toolspec/toolspec"
	"github.com/toolspec/toolspec/spectest"
)

// Note explains failures that are not a library's bug: a departure from a
// rule that the library's documentation or source states on purpose
// (KindByDesign), or a failure that comes from the kit's comparison rather
// than from the library (KindKit). A failure a note covers is listed as
// noted, with the note, not as a failure.
type Note struct {
	Library string
	// Rules are the rules whose failures the note covers; none covers a
	// failure of any rule (or of none) in its cases.
	Rules []toolspec.RuleID
	// Cases are the cases the note covers, named as a bug report's
	// (caseMatches: a scenario, random/<format>, or "random/<format> seed
	// N"); none covers every case of its rules.
	Cases  []string
	Kind   string
	Text   string
	Source string // a link to what the note rests on
}

// Kinds of note.
const (
	KindByDesign = "by design"
	KindKit      = "kit"
)

// Notes is the notes table of the report.
var Notes = []Note{
	{
		Library: "eino", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{"completion/chat-finish-reasons-choices", "identity/chat-choices-same-index", "ordering/chat-choices-out-of-order"},
		Kind:  KindByDesign,
		Text: "The OpenAI component reads choice 0 of every chunk only (its source: \"take 0 index as response\"): " +
			"a request for n > 1 choices is not supported, so the other choices' calls are not returned.",
		Source: "https://github.com/cloudwego/eino-ext/blob/libs/acl/openai/v0.1.11/libs/acl/openai/chat_model.go",
	},
	{
		Library: "eino", Rules: []toolspec.RuleID{toolspec.OrdMerge},
		Cases:  []string{"completion/chat-finish-reasons-choices", "completion/chat-finish-error", "ordering/chat-text-merging"},
		Kind:   KindByDesign,
		Text:   "As above: the text of choices other than 0 is not read.",
		Source: "https://github.com/cloudwego/eino-ext/blob/libs/acl/openai/v0.1.11/libs/acl/openai/chat_model.go",
	},
}

// Ollama's server ends a response at done:true: a done line repeated after
// it never reaches the converter. (Streams of several responses, which no
// library reads as one stream, are the scenarios tagged several-responses,
// not applicable to a library that does not claim them.)
func init() {
	Notes = append(Notes, Note{
		Library: "ollama-anthropic",
		Cases:   []string{"completion/ollama-repeated-done"},
		Kind:    KindKit,
		Text: "The stream repeats its done line; the middleware makes one converter per request and Ollama's server " +
			"ends a response at done:true, so no line after it reaches the converter. Every failure of this case " +
			"follows from the message_stop it writes at the first done.",
		Source: "https://github.com/ollama/ollama/blob/v0.34.4/middleware/anthropic.go",
	})
}

// noteFor returns the index in Notes of the note that covers failure f of
// library lib on the stream of seed (0 for a scenario), or -1.
func noteFor(lib string, seed uint64, f spectest.Failure) int {
	for i, n := range Notes {
		if n.Library == lib && (len(n.Rules) == 0 || slices.Contains(n.Rules, f.Rule)) && (len(n.Cases) == 0 || slices.ContainsFunc(n.Cases, func(c string) bool { return caseMatches(c, seed, f) })) {
			return i
		}
	}
	return -1
}
