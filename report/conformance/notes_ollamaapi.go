package conformance

import "github.com/toolspec/toolspec"

// Notes on Ollama's api client (ollama-api).
func init() {
	Notes = append(Notes, Note{
		Library: "ollama-api", Rules: []toolspec.RuleID{toolspec.OrdFirstSeen},
		Cases: []string{"random/ollama seed 20260102"},
		Kind:  KindByDesign,
		Text: "Client.stream reads every line of the body as JSON and returns a line that is not JSON as an error whose text " +
			"is the line (errors.New(string(bts))), the way Ollama's server writes a plain-text error: the draw's blank line " +
			"(FRAME-2 skips it; Ollama's server writes one JSON object a line and no blank one) ends Chat with the error \"\", " +
			"failing the stream closed, with no call presented.",
		Source: "https://github.com/ollama/ollama/blob/v0.34.4/api/client.go#L221-L236",
	})
}
