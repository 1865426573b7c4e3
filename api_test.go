package toolspec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/impl/history"
	"github.com/toolspec/toolspec/spec"
)

// TestAPIDocumented checks the root package's API: every exported
// identifier has a doc comment (its own or its group's), and every
// exported function and method has a runnable example, named as go doc
// shows it: ExampleNew, ExampleAssembler_Write, ExampleEvents_truncated.
func TestAPIDocumented(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return true }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var entry []string            // Func or Type_Method
	examples := map[string]bool{} // the names examples are for
	for name, pkg := range pkgs {
		for fname, f := range pkg.Files {
			if strings.HasSuffix(fname, "_test.go") {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "Example") && fd.Recv == nil {
						if !hasOutput(f, fd) {
							t.Errorf("%s: %s has no // Output: block, so go test does not run it", fset.Position(fd.Pos()), fd.Name.Name)
						}
						examples[exampleFor(fd.Name.Name)] = true
					}
				}
				continue
			}
			if name != "toolspec" {
				t.Fatalf("%s: package %s", fname, name)
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					key := d.Name.Name
					if d.Recv != nil {
						recv := recvName(d.Recv.List[0].Type)
						if !ast.IsExported(recv) {
							continue
						}
						key = recv + "_" + key
					}
					entry = append(entry, key)
					if d.Doc == nil {
						t.Errorf("%s: %s has no doc comment", fset.Position(d.Pos()), key)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						var names []*ast.Ident
						var doc, comment *ast.CommentGroup
						switch s := s.(type) {
						case *ast.TypeSpec:
							names, doc, comment = []*ast.Ident{s.Name}, s.Doc, s.Comment
						case *ast.ValueSpec:
							names, doc, comment = s.Names, s.Doc, s.Comment
						default:
							continue
						}
						for _, n := range names {
							if n.IsExported() && doc == nil && comment == nil && d.Doc == nil {
								t.Errorf("%s: %s has no doc comment", fset.Position(n.Pos()), n.Name)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(entry)
	if len(entry) < 10 {
		t.Fatalf("found only %d exported functions and methods: %v", len(entry), entry)
	}
	for _, e := range entry {
		if !examples[e] {
			t.Errorf("%s has no runnable example (Example%s)", strings.Replace(e, "_", ".", 1), e)
		}
	}
}

// exampleFor is what an example's name says it is for: ExampleNew is for
// New, ExampleAssembler_Write_chunks for Assembler_Write.
func exampleFor(name string) string {
	s := strings.TrimPrefix(name, "Example")
	parts := strings.Split(s, "_")
	// A lower-case part is a suffix.
	for len(parts) > 1 && !ast.IsExported(parts[len(parts)-1]) {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, "_")
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// hasOutput reports whether the example fd holds an "// Output:" comment.
func hasOutput(f *ast.File, fd *ast.FuncDecl) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > fd.Body.Lbrace && cg.End() < fd.Body.Rbrace && strings.HasPrefix(strings.TrimSpace(cg.Text()), "Output:") {
			return true
		}
	}
	return false
}

// TestOwnTypes checks that the types the root's functions take and return
// are the root's own, so that go doc shows their fields and methods
// ("go doc github.com/toolspec/toolspec Outcome"), and that each has every
// method of the type it converts to, so that nothing spec's type offers is
// missing here.
func TestOwnTypes(t *testing.T) {
	own := map[string]reflect.Type{
		"Outcome":       reflect.TypeFor[spec.Outcome](),
		"Limits":        reflect.TypeFor[spec.Limits](),
		"History":       reflect.TypeFor[spec.History](),
		"HistoryReport": reflect.TypeFor[history.Report](),
		"TurnOptions":   reflect.TypeFor[history.TurnOptions](),
	}
	roots := map[string]reflect.Type{
		"Outcome":       reflect.TypeFor[Outcome](),
		"Limits":        reflect.TypeFor[Limits](),
		"History":       reflect.TypeFor[History](),
		"HistoryReport": reflect.TypeFor[HistoryReport](),
		"TurnOptions":   reflect.TypeFor[TurnOptions](),
	}
	for name, theirs := range own {
		ours := roots[name]
		if ours.PkgPath() != "github.com/toolspec/toolspec" || ours.Name() != name {
			t.Errorf("%s is %s.%s, an alias: go doc shows no fields or methods for it", name, ours.PkgPath(), ours.Name())
			continue
		}
		for _, ptr := range []bool{false, true} {
			th, ou := theirs, ours
			if ptr {
				th, ou = reflect.PointerTo(theirs), reflect.PointerTo(ours)
			}
			for i := range th.NumMethod() {
				m := th.Method(i).Name
				if _, ok := ou.MethodByName(m); !ok {
					t.Errorf("%s lacks method %s of %s", ou, m, th)
				}
			}
		}
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range pkgs["toolspec"].Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := own[ts.Name.Name]; !ok {
					continue
				}
				seen[ts.Name.Name] = true
				st, ok := ts.Type.(*ast.StructType)
				if ts.Assign.IsValid() || !ok {
					t.Errorf("%s: %s is not declared as a struct of its own", fset.Position(ts.Pos()), ts.Name.Name)
					continue
				}
				// Every field is named in a comment inside the struct:
				// its own, or its group's.
				var comments strings.Builder
				for _, fl := range st.Fields.List {
					comments.WriteString(fl.Doc.Text() + fl.Comment.Text())
				}
				for _, fl := range st.Fields.List {
					for _, n := range fl.Names {
						if !strings.Contains(comments.String(), n.Name) {
							t.Errorf("%s: field %s.%s is named in no comment", fset.Position(n.Pos()), ts.Name.Name, n.Name)
						}
					}
				}
			}
		}
	}
	for name := range own {
		if !seen[name] {
			t.Errorf("type %s not found", name)
		}
	}
}
