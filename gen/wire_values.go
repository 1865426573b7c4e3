package gen

import (
	"strconv"

	"pgregory.net/rapid"
)

var nameWords = []string{
	"get_weather", "read_file", "search", "list_dir", "write_file", "bash", "add", "multiply",
	"getWeather", "web_search", "multi_tool_use.parallel", "functions.lookup", "f", "run-query", "save",
}

// genName draws a function name.
func genName(t *rapid.T) string {
	if rapid.IntRange(0, 4).Draw(t, "nameFresh") == 0 {
		return rapid.StringMatching(`[a-z][a-z0-9_]{0,14}`).Draw(t, "name")
	}
	return rapid.SampledFrom(nameWords).Draw(t, "name")
}

// textRunes are the runes text is drawn from: ASCII, characters JSON must
// escape, and multi-byte UTF-8 of every length.
var textRunes = []rune("abcdefghij klmnopqrstuvwxyz ABC.,:;!?'\"\\/\n\t<>&{}[]é日本😀ß\u2028\u00a0\x01\x7f")

// genText draws a text; nonEmpty forbids the empty string.
func genText(t *rapid.T, label string, nonEmpty bool) string {
	lo := 0
	if nonEmpty {
		lo = 1
	}
	return rapid.StringOfN(rapid.SampledFrom(textRunes), lo, 24, -1).Draw(t, label)
}

// genSig draws an opaque signature (base64-like).
func genSig(t *rapid.T) string {
	return rapid.StringMatching(`[A-Za-z0-9+/]{4,40}={0,2}`).Draw(t, "sig")
}

// genToken draws a short alphanumeric token for ids.
func genToken(t *rapid.T, label string) string {
	return rapid.StringMatching(`[A-Za-z0-9]{4,12}`).Draw(t, label)
}

// idSource draws call ids that are distinct within one message and choice
// (ID-7 makes a repeated id a violation). Ids may recur across messages
// and choices (ID-1).
type idSource struct {
	style int
	used  map[string]bool
	n     int
}

// idPrefixes are realistic id shapes: OpenAI, Anthropic, Bedrock, Kimi
// (per-turn ordinals that recur across turns), Mistral (9 characters),
// DeepSeek, Gemini.
var idPrefixes = []string{"call_", "toolu_", "tooluse_", "functions.f:", "", "call_00_", "fc-"}

func newIDSource(t *rapid.T) *idSource {
	return &idSource{style: rapid.IntRange(0, len(idPrefixes)-1).Draw(t, "idStyle"), used: map[string]bool{}}
}

// reset starts a new message or choice: ids used before may recur.
func (s *idSource) reset() { s.used = map[string]bool{}; s.n = 0 }

func (s *idSource) next(t *rapid.T) string {
	for {
		var id string
		switch p := idPrefixes[s.style]; p {
		case "functions.f:":
			id = "functions.f:" + strconv.Itoa(s.n)
		case "":
			id = rapid.StringMatching(`[A-Za-z0-9]{9}`).Draw(t, "id")
		default:
			id = p + genToken(t, "id")
		}
		s.n++
		if !s.used[id] {
			s.used[id] = true
			return id
		}
	}
}

// genArgs draws an arguments object. pathSafe restricts it to what Vertex
// partialArgs can express: simple member names and no empty containers
// below the root.
func genArgs(t *rapid.T, pathSafe bool) *jObj {
	return genObject(t, pathSafe, 0, true)
}

var keyWords = []string{"path", "query", "city", "limit", "a", "b", "location", "days", "items", "content", "tags", "x"}

func genKey(t *rapid.T, pathSafe bool) string {
	if pathSafe {
		if rapid.IntRange(0, 6).Draw(t, "oddKey") == 0 {
			return rapid.StringMatching(`[a-z][a-z0-9 _-]{0,6}`).Draw(t, "key")
		}
		return rapid.SampledFrom(keyWords).Draw(t, "key")
	}
	if rapid.IntRange(0, 6).Draw(t, "oddKey") == 0 {
		return genText(t, "key", false)
	}
	return rapid.SampledFrom(keyWords).Draw(t, "key")
}

func genObject(t *rapid.T, pathSafe bool, depth int, root bool) *jObj {
	lo := 0
	if pathSafe && !root {
		lo = 1
	}
	n := rapid.IntRange(lo, 4-depth).Draw(t, "members")
	o := &jObj{}
	for i := 0; i < n; i++ {
		k := genKey(t, pathSafe)
		if _, dup := o.get(k); dup {
			continue
		}
		o.set(k, genValue(t, pathSafe, depth+1))
	}
	if len(o.k) < lo {
		o.set("k", genLeaf(t))
	}
	return o
}

func genValue(t *rapid.T, pathSafe bool, depth int) any {
	if depth >= 3 {
		return genLeaf(t)
	}
	switch rapid.IntRange(0, 7).Draw(t, "valueKind") {
	case 0:
		return genObject(t, pathSafe, depth, false)
	case 1:
		lo := 0
		if pathSafe {
			lo = 1
		}
		n := rapid.IntRange(lo, 3).Draw(t, "elems")
		a := make([]any, n)
		for i := range a {
			a[i] = genValue(t, pathSafe, depth+1)
		}
		return a
	default:
		return genLeaf(t)
	}
}

var numberLits = []string{"0", "1", "3", "-2", "10", "2.5", "-0.25", "1e3", "100000000000", "7"}

func genLeaf(t *rapid.T) any {
	switch rapid.IntRange(0, 9).Draw(t, "leafKind") {
	case 0, 1:
		return jNum(rapid.SampledFrom(numberLits).Draw(t, "number"))
	case 2:
		return rapid.Bool().Draw(t, "bool")
	case 3:
		return nil
	default:
		return genText(t, "string", false)
	}
}
