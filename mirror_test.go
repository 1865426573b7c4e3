package toolspec

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/spec"
)

// This file holds TestMirror, which keeps impl's state machine a named and
// cited mirror of model's, as go/types' TestGenerate keeps go/types the twin
// of types2: the two are written by hand, and the test says where they part.

// mirrorFiles are the files of the state machine, the same names in model/
// and impl/. Every function declared in one of them must have a twin of the
// same name in the other package (anywhere in it), unless it is listed
// below; a twin
// declared in one of these files must be declared in the file of the same
// name.
var mirrorFiles = []string{"step.go", "state.go", "blocks.go", "path.go", "stop.go", "run.go"}

// mirrorRenamed pairs the twins whose names differ, model's name first, each
// with its reason. A method of a type other than the state (model.State,
// impl.machine) is named Type.method.
var mirrorRenamed = map[string]string{
	// The call's type is callState in model, call in impl.
	"callState.result": "call.result",
	// impl.New is the Assembler's constructor; it sets up the Assembler's
	// machine in place with init.
	"New": "init",
	// model's Finish is exported for callers that step a State themselves;
	// impl's is the method the Assembler ends its stream with.
	"Finish": "finish",
	// impl.RunEvents is the exported API the differential tests call.
	"Run": "RunEvents",
	// impl parses a path into the builder's reused segments (no allocation
	// per piece).
	"parsePath": "pathBuilder.parsePath",
	// impl appends to a []byte (strconv's Append idiom); model writes to a
	// strings.Builder.
	"writeJSONString": "appendJSONString",
}

// mirrorModelOnly are model's functions with no twin in impl, and why.
var mirrorModelOnly = map[string]string{
	"Step":      "the pure Step copies the state; impl only steps in place (apply)",
	"StepAll":   "folds with Step, to test Step against Run; impl has no pure step",
	"runEvents": "Run's fold; impl folds in the Assembler (applyAll, PushEvent)",
	"appendViolations": "collects call-scoped violations from a step's outputs; impl's finding " +
		"keeps each as it is reported",
	"Format":        "accessor of the exported State; impl's machine is unexported",
	"capped":        "clone shares arrays capped at their length; impl's clone copies them",
	"cappedStrings": "as capped",
}

// mirrorImplOnly are impl's functions with no twin in model, and why.
var mirrorImplOnly = map[string]string{
	"emit":         "calls the OnOutput callback; model returns its outputs in a slice",
	"pnode.member": "the member lookup of pathBuilder.apply's two walks, which model writes out twice",
}

// historyMirrorFiles are the files of the two history packages,
// model/history and impl/history, named alike: the entry points, the
// checker, repair, the assistant turn, the codecs' shared JSON reading and
// writing, the encoders' shared skeleton, the schema converters, and the
// six codecs. Every function declared in one of them must have a twin of
// the same name in the other package, declared in the file of the same
// name, unless a list below says why not; and the two packages export the
// same identifiers.
var historyMirrorFiles = []string{"history.go", "check.go", "repair.go", "turn.go", "json.go", "codec.go",
	"turns.go", "splice.go", "unbind.go", "schema.go", "anthropic.go", "bedrock.go", "gemini.go", "ollama.go", "openai_chat.go", "openai_responses.go"}

// historyIndependent are the history files whose unexported functions need
// no twin, and why; their exported ones still do.
var historyIndependent = map[string]string{
	"check.go": "the pairing checkers (HIST-1 to HIST-7) are two readings of SPEC.md section 11 " +
		"written apart on purpose, about a tenth of their lines alike: model pairs every result " +
		"with the calls before it (pairHistory, findings sorted at the end), impl in one pass " +
		"with queues of open calls (pairer), so that a misreading of the rules shared by both " +
		"is unlikely; twins by name would invite copying one into the other",
}

// historyRenamed pairs the history twins whose names differ, model's
// first, each with its reason.
var historyRenamed = map[string]string{
	// model builds each message as a tree of jsonValue nodes that it
	// writes at the end; impl writes it into its writer as it goes.
	"olMsg.json":           "olMsg.write",
	"olSplitter.json":      "olSplitter.write",
	"rsReasoningItem.item": "rsReasoningItem.write",
	// impl reads a schema through the conversion's index of its
	// containers (schemaConv.index), so its readers are the
	// conversion's methods.
	"schemaMembers": "schemaConv.members",
	"schemaArray":   "schemaConv.elems",
	"schemaStrings": "schemaConv.stringArray",
	"nullBranch":    "schemaConv.nullBranch",
}

// historyModelOnly are model/history's functions with no twin, and why.
var historyModelOnly = map[string]string{
	"parentPath": "Lookup's step up a path, which impl's Lookup takes in its loop",
	"inRun":      "model's Repair asks it of each message; impl's Repair reads the pairer's runs",
	"jstr":       "the JSON texts the chat and Anthropic encoders of model join as strings; impl's write into its writer",
	"jbool":      "as jstr", "jobj": "as jstr", "jarr": "as jstr",
	"jsonBytes":            "the tree of jsonValue nodes model's other encoders build; impl writes into its writer",
	"jsonObject.add":       "as jsonBytes",
	"jsonObject.writeJSON": "as jsonBytes", "jsonArray.writeJSON": "as jsonBytes",
	"jsonString.writeJSON": "as jsonBytes", "jsonRaw.writeJSON": "as jsonBytes",
	"jsonBool.writeJSON":     "as jsonBytes",
	"schemaObject.add":       "a converted schema's object, a jsonValue of model's tree with names written as read; impl writes names as read with writer.rawKey",
	"schemaObject.writeJSON": "as schemaObject.add",
	"readStrings":            "Gemini's list of allowed names decoded at once; impl walks it with eachElem",
	"rawArgs":                "arguments decoded as a value of their own; impl compacts them where it reads them",
	"rawSchema":              "as rawArgs, for a schema",
	"turnCalls":              "model finds a result's call by scanning the turn before it; impl asks geminiCallName and rsCallKind",
	"callOf":                 "as turnCalls",
	"encoder.resultName":     "the XLATE-5 loss of a result's name, a method in model; impl's encoders name it in place",
	"anthropicTurns": "model decodes the messages array and then reads it; impl reads one message at a time " +
		"with its element walker (anthropicMessage)",
	"anthropicMessages":      "model adds the turns' messages in one pass; impl one turn at a time (anthropicTurnMessages)",
	"anthropicUserTurn":      "as anthropicMessages",
	"anthropicResultContent": "a tool_result's content, which impl's anthropicContent reads with results false",
	"geminiResultContentPath": "the path of a result's content, which impl's geminiResponse records " +
		"as it reads the response",
	"geminiSortedKeys": "the member names of a decoded map, sorted; impl keeps them in document order (memberNames) and sorts where it needs",
	"rsCall":           "function_call and custom_tool_call items, which impl's rsItem reads in place from its lookup",
	"rsOutput":         "as rsCall, for their outputs",
}

// historyImplOnly are impl/history's functions with no twin, and why.
var historyImplOnly = map[string]string{
	"hasShapeErr": "the HIST-8 test the entry points share; model writes the loop where it needs it",
	"membersNamed": "impl's one-pass member lookup over a validated document; model decodes " +
		"objects with encoding/json",
	"eachMember": "as membersNamed", "member": "as membersNamed", "eachElem": "as membersNamed",
	"elemCount": "as membersNamed", "memberNames": "as membersNamed",
	"isNull":       "raw bytes' null test; model's is refjson.IsNull",
	"unquote":      "a string's content decoded with jsonwire; model's decoding is encoding/json's",
	"compact":      "as unquote, for compaction",
	"quote":        "a string quoted into the writer as encoding/json quotes it; model asks encoding/json",
	"writer.mark":  "impl's writer, which its encoders write into in place of model's texts and trees",
	"writer.reset": "as writer.mark", "writer.sep": "as writer.mark", "writer.open": "as writer.mark",
	"writer.close": "as writer.mark", "writer.key": "as writer.mark", "writer.elem": "as writer.mark",
	"writer.str": "as writer.mark", "writer.raw": "as writer.mark", "writer.boolean": "as writer.mark",
	"writer.strMember": "as writer.mark", "writer.strMemberIf": "as writer.mark",
	"writer.rawKey": "as writer.mark: a member name written as read, for a converted schema (model's schemaObject)",
	"schemaConv.index": "the index of a schema's containers, which makes a conversion linear in the schema's size; " +
		"model scans each level again (encoding/json), quadratic in the depth",
	"schemaConv.skip":       "as schemaConv.index: a value's end from the index",
	"anthropicMessage":      "one message of the array, read with impl's element walker (model's anthropicTurns)",
	"anthropicTurnMessages": "one turn's messages (model's anthropicMessages and anthropicUserTurn)",
	"chatMessage":           "one message of the array, read with impl's element walker; model's decodeChat loops in place",
	"chatTool":              "one tool of the array, read with impl's element walker; model's tools decoder loops in place",
	"brTool":                "as chatTool", "geminiTool": "as chatTool", "olTool": "as chatTool", "rsTool": "as chatTool",
	"geminiHasMedia": "a part's media test over raw members; model's geminiPart tests the decoded map",
	"geminiCallName": "the name of a result's call in the turn before it (model's callOf)",
	"rsCallKind":     "the kind of a result's call in the turn before it (model's callOf)",
}

// ruleRef matches a rule ID in a comment; ruleRange the text between the two
// ends of a range ("ID-3…ID-7", "ID-3 .. ID-6").
var (
	ruleRef   = regexp.MustCompile(`\b(FRAME|ID|NAME|ORD|BUD|PAIR|END|THINK|EVENT)-([0-9]+)\b`)
	ruleRange = regexp.MustCompile(`^\s*(…|\.\.\.?)\s*$`)
)

// mirrorFunc is one function of the state machine.
type mirrorFunc struct {
	pkg, key, file string
	pos            token.Position
	cites          map[string]bool // rule IDs cited in its body: comments and spec constants
	docCites       map[string]bool // rule IDs cited in its doc comment
	header         string          // the first sentence of its doc comment
	calls          []string        // the keys of the functions it calls by name
}

func (f *mirrorFunc) String() string { return f.pkg + "." + f.key }

// TestMirror checks that impl's state machine mirrors model's:
//   - every function of model's state-machine files has a twin in impl, and
//     the other way round, or is on an allow-list above;
//   - each pair cites the same rules in its body, in comments ("// ID-5") or
//     as spec's RuleID constants (spec.IDDuplicate);
//   - impl's twin starts its doc comment with "X mirrors model's Y", then
//     the rules it cites, those the state-machine functions it calls cite,
//     directly or not, and those model's twin cites in its doc: no more, no
//     fewer;
//   - the twins of each of mirrorFiles come in the same order in model's
//     file and impl's;
//   - impl's handler table sends every kind to the handler model's sends it
//     to.
//
// Rule IDs must be rules of spec.Rules; a range "ID-3…ID-7" cites every
// rule in it.
func TestMirror(t *testing.T) {
	consts := ruleConsts(t)
	model := mirrorFuncs(t, "model", "State", consts)
	impl := mirrorFuncs(t, "impl", "machine", consts)

	checkAllowList(t, "mirrorModelOnly", mirrorModelOnly, model)
	checkAllowList(t, "mirrorImplOnly", mirrorImplOnly, impl)
	twinOf := map[string]string{} // impl key → model key
	for mk, ik := range mirrorRenamed {
		if model[mk] == nil || impl[ik] == nil {
			t.Errorf("mirrorRenamed pairs model.%s with impl.%s, but one of them does not exist", mk, ik)
		}
		if f := model[ik]; f != nil && mirrored(f) {
			t.Errorf("mirrorRenamed pairs model.%s with impl.%s, but %s (%s) has impl's name", mk, ik, f, f.pos)
		}
		if f := impl[mk]; f != nil && mirrored(f) {
			t.Errorf("mirrorRenamed pairs model.%s with impl.%s, but %s (%s) has model's name", mk, ik, f, f.pos)
		}
		twinOf[ik] = mk
	}

	pairs := 0
	for _, k := range sortedKeys(model) {
		mf := model[k]
		ik := k
		if r, ok := mirrorRenamed[k]; ok {
			ik = r
		}
		inf := impl[ik]
		if !mirrored(mf) && (inf == nil || !mirrored(inf)) {
			continue // a decoder's helper, say: not the state machine
		}
		switch {
		case inf == nil && mirrorModelOnly[k] != "":
			continue
		case inf == nil:
			t.Errorf("%s (%s) has no twin in impl; name impl's twin %s, or add it to mirrorModelOnly with the reason", mf, mf.pos, ik)
			continue
		case mirrorModelOnly[k] != "":
			t.Errorf("%s is in mirrorModelOnly but has a twin, %s (%s)", mf, inf, inf.pos)
		}
		comparePair(t, mf, inf, impl)
		pairs++
	}
	if pairs == 0 {
		t.Fatalf("no twins found in %v", mirrorFiles)
	}
	checkOrder(t, model, impl, twinOf)
	for _, k := range sortedKeys(impl) {
		inf := impl[k]
		mk := k
		if r, ok := twinOf[k]; ok {
			mk = r
		}
		switch {
		case model[mk] == nil && mirrorImplOnly[k] != "":
		case model[mk] == nil && mirrored(inf):
			t.Errorf("%s (%s) has no twin in model; name it as model's twin, or add it to mirrorImplOnly with the reason", inf, inf.pos)
		case model[mk] != nil && mirrorImplOnly[k] != "":
			t.Errorf("%s is in mirrorImplOnly but has a twin, %s (%s)", inf, model[mk], model[mk].pos)
		}
	}

	t.Run("history", func(t *testing.T) { testHistoryMirror(t, consts) })

	mh, ih := handlerTable(t, "model"), handlerTable(t, "impl")
	for _, kind := range sortedKeys(mh) {
		if ih[kind] != mh[kind] {
			t.Errorf("model's handlers send %s to %s; impl's to %q", kind, mh[kind], ih[kind])
		}
	}
	for _, kind := range sortedKeys(ih) {
		if mh[kind] == "" {
			t.Errorf("impl's handlers send %s to %s; model's have no handler for it", kind, ih[kind])
		}
	}
}

// testHistoryMirror checks that model/history and impl/history are twins by
// name: every function of historyMirrorFiles has one in the other package,
// in the file of the same name, or is on an allow-list above; and the two
// export the same identifiers.
func testHistoryMirror(t *testing.T, consts map[string]string) {
	model := mirrorFuncs(t, "model/history", "", consts)
	impl := mirrorFuncs(t, "impl/history", "", consts)
	for file := range historyIndependent {
		if !slices.Contains(historyMirrorFiles, file) {
			t.Errorf("historyIndependent lists %s, which is not in historyMirrorFiles", file)
		}
	}
	checkAllowList(t, "historyModelOnly", historyModelOnly, model)
	checkAllowList(t, "historyImplOnly", historyImplOnly, impl)
	twinOf := map[string]string{} // impl key → model key
	for mk, ik := range historyRenamed {
		if model[mk] == nil || impl[ik] == nil {
			t.Errorf("historyRenamed pairs model/history.%s with impl/history.%s, but one of them does not exist", mk, ik)
		}
		twinOf[ik] = mk
	}
	pairs := 0
	for _, k := range sortedKeys(model) {
		mf := model[k]
		ik := k
		if r, ok := historyRenamed[k]; ok {
			ik = r
		}
		inf := impl[ik]
		if !historyTwinned(mf) && (inf == nil || !historyTwinned(inf)) {
			continue
		}
		switch {
		case inf == nil && historyModelOnly[k] != "":
		case inf == nil:
			t.Errorf("%s (%s) has no twin in impl/history; name impl's twin %s, or add it to historyModelOnly with the reason", mf, mf.pos, ik)
		case historyModelOnly[k] != "":
			t.Errorf("%s is in historyModelOnly but has a twin, %s (%s)", mf, inf, inf.pos)
		case mf.file != inf.file:
			t.Errorf("%s is in model/history/%s but its twin %s in impl/history/%s", mf, mf.file, inf, inf.file)
		default:
			pairs++
		}
	}
	for _, k := range sortedKeys(impl) {
		inf := impl[k]
		mk := k
		if r, ok := twinOf[k]; ok {
			mk = r
		}
		switch {
		case model[mk] == nil && historyImplOnly[k] != "":
		case model[mk] == nil && historyTwinned(inf):
			t.Errorf("%s (%s) has no twin in model/history; name it as model's twin, or add it to historyImplOnly with the reason", inf, inf.pos)
		case model[mk] != nil && historyImplOnly[k] != "":
			t.Errorf("%s is in historyImplOnly but has a twin, %s (%s)", inf, model[mk], model[mk].pos)
		}
	}
	if pairs < 100 {
		t.Errorf("only %d history twins found in %v", pairs, historyMirrorFiles)
	}
	me, ie := exportedNames(t, "model/history"), exportedNames(t, "impl/history")
	for _, n := range sortedKeys(me) {
		if ie[n] == "" {
			t.Errorf("model/history exports %s (%s); impl/history does not", n, me[n])
		}
	}
	for _, n := range sortedKeys(ie) {
		if me[n] == "" {
			t.Errorf("impl/history exports %s (%s); model/history does not", n, ie[n])
		}
	}
}

// historyTwinned reports whether the history function f needs a twin: it
// is declared in one of historyMirrorFiles and, in a file of
// historyIndependent, exported.
func historyTwinned(f *mirrorFunc) bool {
	if !slices.Contains(historyMirrorFiles, f.file) {
		return false
	}
	if historyIndependent[f.file] == "" {
		return true
	}
	for _, part := range strings.Split(f.key, ".") {
		if !ast.IsExported(part) {
			return false
		}
	}
	return true
}

// exportedNames returns the exported identifiers the non-test files of
// package dir declare (methods as Type.Method), each with its file.
func exportedNames(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	names := map[string]string{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				name := d.Name.Name
				if r := recvType(d); r != "" {
					name = r + "." + name
				}
				if ast.IsExported(d.Name.Name) && (d.Recv == nil || ast.IsExported(recvType(d))) {
					names[name] = p
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if sp.Name.IsExported() {
							names[sp.Name.Name] = p
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								names[n.Name] = p
							}
						}
					}
				}
			}
		}
	}
	return names
}

// checkOrder checks that the twins of each file of mirrorFiles come in the
// same order in model's and impl's, so that the two read side by side.
func checkOrder(t *testing.T, model, impl map[string]*mirrorFunc, twinOf map[string]string) {
	t.Helper()
	for _, file := range mirrorFiles {
		var ms, is []*mirrorFunc
		for _, ik := range sortedKeys(impl) {
			mk := ik
			if r, ok := twinOf[ik]; ok {
				mk = r
			}
			if inf, mf := impl[ik], model[mk]; mf != nil && inf.file == file && mf.file == file {
				ms, is = append(ms, mf), append(is, inf)
			}
		}
		byLine := func(fs []*mirrorFunc) {
			sort.Slice(fs, func(i, j int) bool { return fs[i].pos.Line < fs[j].pos.Line })
		}
		byLine(ms)
		byLine(is)
		twin := func(inf *mirrorFunc) string {
			if r, ok := twinOf[inf.key]; ok {
				return r
			}
			return inf.key
		}
		for i := range is {
			if twin(is[i]) != ms[i].key {
				t.Errorf("impl/%s declares %s (%s) where model/%s declares %s's twin (%s): keep the twins in model's order", file, is[i], is[i].pos, file, ms[i], ms[i].pos)
				break
			}
		}
	}
}

// mirrored reports whether f is declared in one of mirrorFiles, so that it
// needs a twin.
func mirrored(f *mirrorFunc) bool { return slices.Contains(mirrorFiles, f.file) }

// comparePair reports where impl's twin inf departs from model's mf.
func comparePair(t *testing.T, mf, inf *mirrorFunc, impl map[string]*mirrorFunc) {
	t.Helper()
	if mirrored(mf) && mirrored(inf) && mf.file != inf.file {
		t.Errorf("%s is in model/%s but its twin %s in impl/%s", mf, mf.file, inf, inf.file)
	}
	for _, id := range sortedKeys(mf.cites) {
		if !inf.cites[id] {
			t.Errorf("%s cites %s; %s does not (%s, %s)", mf, id, inf, mf.pos, inf.pos)
		}
	}
	for _, id := range sortedKeys(inf.cites) {
		if !mf.cites[id] {
			t.Errorf("%s cites %s; %s does not (%s, %s)", inf, id, mf, inf.pos, mf.pos)
		}
	}
	prefix := fmt.Sprintf("%s mirrors model's %s", funcName(inf.key), funcName(mf.key))
	if !strings.HasPrefix(inf.header, prefix) {
		t.Errorf("%s (%s): its doc comment starts %q, want %q", inf, inf.pos, inf.header, prefix+"[: rules]")
		return
	}
	listed := rulesIn(t, inf.header[len(prefix):], inf.pos)
	want := map[string]string{} // rule → who cites it
	for id := range inf.cites {
		want[id] = "it cites it"
	}
	for id, by := range reached(inf, impl) {
		if want[id] == "" {
			want[id] = "it calls " + by.String() + ", which cites it"
		}
	}
	for id := range union(mf.cites, mf.docCites) {
		if want[id] == "" {
			want[id] = mf.String() + " cites it"
		}
	}
	for _, id := range sortedKeys(want) {
		if !listed[id] {
			t.Errorf("%s (%s): its header does not list %s; %s", inf, inf.pos, id, want[id])
		}
	}
	for _, id := range sortedKeys(listed) {
		if want[id] == "" {
			t.Errorf("%s (%s): its header lists %s, which neither it, the state-machine functions it calls, nor %s cite", inf, inf.pos, id, mf)
		}
	}
}

// reached returns the rules cited by the state-machine functions f calls
// by name, directly or not (not through the handler table), each with the
// first function found to cite it.
func reached(f *mirrorFunc, fs map[string]*mirrorFunc) map[string]*mirrorFunc {
	ids, seen := map[string]*mirrorFunc{}, map[string]bool{f.key: true}
	var walk func(*mirrorFunc)
	walk = func(f *mirrorFunc) {
		for _, k := range f.calls {
			g := fs[k]
			if g == nil || seen[k] || !mirrored(g) {
				continue
			}
			seen[k] = true
			for _, id := range sortedKeys(g.cites) {
				if ids[id] == nil {
					ids[id] = g
				}
			}
			walk(g)
		}
	}
	walk(f)
	return ids
}

// funcName is the function name of a key: apply for pathBuilder.apply.
func funcName(key string) string { return key[strings.LastIndexByte(key, '.')+1:] }

// checkAllowList fails for entries of list that name no function of fs.
func checkAllowList(t *testing.T, name string, list map[string]string, fs map[string]*mirrorFunc) {
	t.Helper()
	for _, k := range sortedKeys(list) {
		if fs[k] == nil {
			t.Errorf("%s lists %s, which does not exist", name, k)
		}
	}
}

// ruleConsts maps each RuleID constant declared in spec/rules.go to its ID,
// and checks the map against spec.Rules.
func ruleConsts(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("spec", "rules.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "RuleID" || len(vs.Names) != len(vs.Values) {
				continue
			}
			for i, n := range vs.Names {
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("spec/rules.go: %s is not a string literal", n.Name)
				}
				consts[n.Name], _ = strconv.Unquote(lit.Value)
			}
		}
	}
	if len(consts) != len(spec.Rules) {
		t.Fatalf("spec/rules.go declares %d RuleID constants; spec.Rules holds %d rules", len(consts), len(spec.Rules))
	}
	for name, id := range consts {
		if _, ok := spec.LookupRule(spec.RuleID(id)); !ok {
			t.Fatalf("spec.%s is %q, which spec.Rules does not hold", name, id)
		}
	}
	return consts
}

// mirrorFuncs parses the non-test files of package dir and returns its
// functions by key: the name, or Type.name for a method of a type other
// than state.
func mirrorFuncs(t *testing.T, dir, state string, consts map[string]string) map[string]*mirrorFunc {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fs := map[string]*mirrorFunc{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || (fd.Recv == nil && fd.Name.Name == "init") {
				continue // a package init cannot be called: it is no handler
			}
			key := fd.Name.Name
			if r := recvType(fd); r != "" && r != state {
				key = r + "." + key
			}
			f := &mirrorFunc{pkg: dir, key: key, file: filepath.Base(p), pos: fset.Position(fd.Pos()),
				cites: map[string]bool{}, docCites: map[string]bool{}}
			if prev := fs[key]; prev != nil {
				t.Fatalf("%s: two functions named %s (%s, %s)", dir, key, prev.pos, f.pos)
			}
			for _, cg := range file.Comments {
				if cg.Pos() > fd.Body.Lbrace && cg.End() < fd.Body.Rbrace {
					addRules(t, f.cites, cg.Text(), fset.Position(cg.Pos()))
				}
			}
			states := stateVars(fd, state)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					f.calls = append(f.calls, callee(call, states))
				}
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "spec" && consts[sel.Sel.Name] != "" {
						f.cites[consts[sel.Sel.Name]] = true
					}
				}
				return true
			})
			if fd.Doc != nil {
				doc := fd.Doc.Text()
				addRules(t, f.docCites, doc, fset.Position(fd.Doc.Pos()))
				f.header = firstSentence(doc)
			}
			fs[key] = f
		}
	}
	for _, f := range fs {
		for i, k := range f.calls {
			f.calls[i] = resolveCallee(k, fs)
		}
	}
	return fs
}

// stateVars maps the receiver and parameters of fd to the key prefix of
// their methods: "" for the state (model's handlers take it as their first
// parameter, impl's are its methods), "T." for another type T.
func stateVars(fd *ast.FuncDecl, state string) map[string]string {
	vars := map[string]string{}
	var fields []*ast.Field
	if fd.Recv != nil {
		fields = append(fields, fd.Recv.List...)
	}
	fields = append(fields, fd.Type.Params.List...)
	for _, fl := range fields {
		typ := exprString(fl.Type)
		for _, n := range fl.Names {
			if typ == state {
				vars[n.Name] = ""
			} else if !strings.Contains(typ, ".") {
				vars[n.Name] = typ + "."
			}
		}
	}
	return vars
}

// callee is the key of the function call calls, as far as the syntax says:
// X for X(...), the method's key for v.X(...) on a receiver or parameter,
// and "?.X" for a method of some other value (c.path.apply(...)), which
// resolveCallee settles.
func callee(call *ast.CallExpr, vars map[string]string) string {
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return fn.Name
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok {
			if prefix, ok := vars[x.Name]; ok {
				return prefix + fn.Sel.Name
			}
		}
		return "?." + fn.Sel.Name
	}
	return ""
}

// resolveCallee settles "?.X" as the one method X of a type other than the
// state, if there is exactly one; anything else is left as it is (a call of
// the standard library, say) and is not followed.
func resolveCallee(k string, fs map[string]*mirrorFunc) string {
	name, ok := strings.CutPrefix(k, "?.")
	if !ok {
		return k
	}
	found := ""
	for key := range fs {
		if strings.HasSuffix(key, "."+name) {
			if found != "" {
				return k
			}
			found = key
		}
	}
	if found == "" {
		return k
	}
	return found
}

// recvType is the name of fd's receiver type, or "".
func recvType(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	x := fd.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// firstSentence is doc up to its first period that ends a sentence, on one
// line.
func firstSentence(doc string) string {
	doc = strings.Join(strings.Fields(doc), " ")
	if i := strings.Index(doc+" ", ". "); i >= 0 {
		return doc[:i]
	}
	return doc
}

// rulesIn returns the rule IDs text cites, with ranges expanded.
func rulesIn(t *testing.T, text string, pos token.Position) map[string]bool {
	t.Helper()
	m := map[string]bool{}
	addRules(t, m, text, pos)
	return m
}

// addRules adds to m the rule IDs that text cites, a range "ID-3…ID-7" as
// every ID in it. An ID that spec.Rules does not hold fails the test.
func addRules(t *testing.T, m map[string]bool, text string, pos token.Position) {
	t.Helper()
	refs := ruleRef.FindAllStringSubmatchIndex(text, -1)
	for i, r := range refs {
		area, num := text[r[2]:r[3]], text[r[4]:r[5]]
		id := area + "-" + num
		if _, ok := spec.LookupRule(spec.RuleID(id)); !ok {
			t.Errorf("%s: %s is no rule of spec.Rules", pos, id)
		}
		m[id] = true
		if i+1 == len(refs) || !ruleRange.MatchString(text[r[1]:refs[i+1][0]]) {
			continue
		}
		next := refs[i+1]
		if text[next[2]:next[3]] != area {
			t.Errorf("%s: the range %s cuts across areas", pos, text[r[0]:next[1]])
			continue
		}
		lo, _ := strconv.Atoi(num)
		hi, _ := strconv.Atoi(text[next[4]:next[5]])
		for n := lo + 1; n < hi; n++ {
			m[area+"-"+strconv.Itoa(n)] = true
		}
	}
}

// handlerTable returns the handler table of package dir, kind → handler
// name: the composite literal of type [spec.NumKinds]handler.
func handlerTable(t *testing.T, dir string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filepath.Join(dir, "step.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]string{}
	ast.Inspect(file, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		at, ok := lit.Type.(*ast.ArrayType)
		if !ok || exprString(at.Elt) != "handler" || exprString(at.Len) != "spec.NumKinds" {
			return true
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				t.Fatalf("%s: handler table entry without a kind", fset.Position(el.Pos()))
			}
			table[exprString(kv.Key)] = funcName(exprString(kv.Value))
		}
		return false
	})
	if len(table) == 0 {
		t.Fatalf("%s/step.go: no handler table ([spec.NumKinds]handler{...})", dir)
	}
	return table
}

// exprString renders an identifier, a selector or a method expression
// ((*machine).stepText) as text.
func exprString(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.ParenExpr:
		return exprString(x.X)
	case *ast.StarExpr:
		return exprString(x.X)
	}
	return fmt.Sprintf("%T", x)
}

// union returns the IDs in a or b.
func union(a, b map[string]bool) map[string]bool {
	u := map[string]bool{}
	for k := range a {
		u[k] = true
	}
	for k := range b {
		u[k] = true
	}
	return u
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
