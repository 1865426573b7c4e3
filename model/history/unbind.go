package history

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/spec"
)

// Unbind returns h without what only the provider that made it accepts,
// for writing h in another format than the one it was read in (a
// translation, or a stream's assistant turn written in another format):
// every signature (a thinking block's, a Gemini thought signature on a
// text or call part, one on a result's content) and every redacted
// reasoning part (Anthropic's redacted_thinking data, a Responses
// reasoning item's encrypted_content), each named as an XLATE-1 loss at
// its canonical path in h (".signature" for a signature, the part for
// redacted reasoning). A provider checks these against its own keys:
// sent to another, they are never that provider's own (SPEC.md section
// 11, XLATE-1). h is not changed. at maps a canonical path of the
// History returned (a loss of encoding it, say) to the path of the same
// element in h, whose parts after a removed one have other indexes.
func Unbind(h spec.History) (out spec.History, losses []spec.Violation, at func(path string) string) {
	unsign := func(pt spec.Part, p string) spec.Part {
		if pt.Signature != "" {
			losses = append(losses, loss(spec.XlateThinking, p+".signature", "%s signature: a signature is bound to the provider that made it", partName(pt.Kind)))
			pt.Signature = ""
		}
		return pt
	}
	// keep returns the parts of ps that stay, unsigned, and the index in
	// ps of each; path names part j.
	keep := func(ps []spec.Part, path func(j int) string) ([]spec.Part, []int) {
		var kept []spec.Part
		var orig []int
		for j, pt := range ps {
			p := path(j)
			if pt.Kind == spec.PartRedacted {
				losses = append(losses, loss(spec.XlateThinking, p, "redacted reasoning: its data is bound to the provider that made it"))
				continue
			}
			pt = unsign(pt, p)
			if len(pt.Content) > 0 {
				content := make([]spec.Part, len(pt.Content))
				for k, c := range pt.Content {
					content[k] = unsign(c, p+".content["+fmt.Sprint(k)+"]")
				}
				pt.Content = content
			}
			kept, orig = append(kept, pt), append(orig, j)
		}
		return kept, orig
	}
	out = spec.History{Tools: h.Tools, ToolChoice: h.ToolChoice}
	var sysOrig []int
	out.System, sysOrig = keep(h.System, systemPath)
	msgOrig := make([][]int, len(h.Messages))
	for i, m := range h.Messages {
		parts, orig := keep(m.Parts, func(j int) string { return partPath(i, j) })
		if parts == nil {
			parts = []spec.Part{}
		}
		out.Messages = append(out.Messages, spec.Message{Role: m.Role, Parts: parts})
		msgOrig[i] = orig
	}
	at = func(p string) string {
		var i, j int
		if n, _ := fmt.Sscanf(p, "messages[%d].parts[%d]", &i, &j); n == 2 && i >= 0 && i < len(msgOrig) && j >= 0 && j < len(msgOrig[i]) {
			if prefix := partPath(i, j); strings.HasPrefix(p, prefix) {
				return partPath(i, msgOrig[i][j]) + p[len(prefix):]
			}
		}
		if n, _ := fmt.Sscanf(p, "system[%d]", &i); n == 1 && i >= 0 && i < len(sysOrig) {
			if prefix := systemPath(i); strings.HasPrefix(p, prefix) {
				return systemPath(sysOrig[i]) + p[len(prefix):]
			}
		}
		return p
	}
	return out, losses, at
}
