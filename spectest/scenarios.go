package spectest

import (
	"embed"
	"io/fs"
)

//go:embed testdata/scenarios
var embedded embed.FS

// scenarioRoot is the directory of the corpus within embedded.
const scenarioRoot = "testdata/scenarios"

// Scenarios is the golden scenario corpus, a read-only tree of
// "<area>/<name>.txtar" files (areas: budgets, completion, framing,
// identity, names, ordering, pairing, thinking). A file's path without
// ".txtar" is the scenario's name, as SPEC.md's pattern table and the
// subtests of the reference model's scenario test call it. Read the files
// with [fs.ReadFile] or [fs.WalkDir] and parse each with scenario.Parse.
// The tree also implements [fs.ReadDirFS], [fs.ReadFileFS] and [fs.GlobFS].
var Scenarios fs.FS = sub(embedded, scenarioRoot)

// sub returns the tree of fsys under dir. dir is a constant that go:embed
// has already required to exist, so fs.Sub cannot fail on it.
func sub(fsys fs.FS, dir string) fs.FS {
	f, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("spectest: " + err.Error())
	}
	return f
}

//go:embed testdata/histories
var embeddedHistories embed.FS

// historyRoot is the directory of the history corpus within
// embeddedHistories.
const historyRoot = "testdata/histories"

// Histories is the corpus of conversation-history scenarios (SPEC.md
// section 11), a read-only tree of "<area>/<name>.txtar" files (areas:
// calls, pairing, shape, translation). Each holds a request body in one
// format (history.json) and what the reference model makes of it: the
// pairing checker's report, or a translation and its losses. Parse a file
// with scenario.ParseHistory. [CheckHistoryTranslator] runs a translator on
// the scenarios whose document is in its source format.
var Histories fs.FS = sub(embeddedHistories, historyRoot)
