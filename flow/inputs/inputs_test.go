package inputs_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcplint-go/mcplint/flow/inputs"
)

// code's Request.Args is the input; every line with a "panics" comment must be found, and no
// other.
const code = `package p

import "encoding/json"

type Request struct {
	Args map[string]any
	Raw  []byte
}

func (r Request) Get() map[string]any { return r.Args }

func direct(r Request) string {
	return r.Args["a"].(string) // panics
}

func method(r Request) string {
	return r.Get()["a"].(string) // panics
}

func nested(r Request) float64 {
	return r.Args["o"].(map[string]any)["n"].(float64) // panics twice
}

func commaOk(r Request) string {
	s, _ := r.Args["a"].(string)
	return s
}

func typeSwitch(r Request) string {
	switch v := r.Args["a"].(type) {
	case string:
		return v
	}
	return ""
}

func own() string {
	m := map[string]any{"a": "b"}
	return m["a"].(string)
}

func decoded(r Request) string {
	var m map[string]any
	_ = json.Unmarshal(r.Raw, &m)
	return m["a"].(string) // panics
}

func viaHelper(r Request) string { return helper(r.Args) }

func helper(m map[string]any) string {
	return m["a"].(string) // panics
}

func ranged(r Request) (out string) {
	for _, v := range r.Args {
		out += v.(string) // panics
	}
	return out
}

func closure(r Request) string {
	f := func() string { return r.Args["a"].(string) } // panics
	return f()
}

func first(r Request) any {
	xs, _ := r.Args["xs"].([]any)
	return xs[0] // panics
}

func firstTested(r Request) any {
	xs, _ := r.Args["xs"].([]any)
	if len(xs) == 0 {
		return nil
	}
	return xs[0]
}

func rawItself(r Request) map[string]any {
	var a any = r.Get()
	return a.(map[string]any)
}

func loopChecked(r Request) string {
	for _, k := range []string{"a", "b"} {
		if v, ok := r.Args[k].(string); !ok || v == "" {
			return ""
		}
	}
	a := r.Args["a"].(string) // checked by the loop
	return a + r.Args["c"].(string) // panics
}

func loopCheckedParam(m map[string]any) string {
	required := []string{"a", "b"}
	for _, k := range required {
		if _, ok := m[k].(string); !ok {
			return ""
		}
	}
	return m["b"].(string)
}

func recovered(r Request) (s string) {
	defer func() { _ = recover() }()
	return r.Args["a"].(string)
}
`

func build(t *testing.T) (*ssa.Package, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", code, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, fset
}

func TestPanics(t *testing.T) {
	pkg, fset := build(t)
	src := inputs.Sources{
		Field:  func(f *types.Var) bool { return f.Name() == "Args" || f.Name() == "Raw" },
		Method: func(fn *types.Func) bool { return fn.Name() == "Get" },
	}
	got := map[int]int{}
	var recovered []string
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || fn.Name() == "Get" {
			continue
		}
		if inputs.RecoversItself(fn) {
			recovered = append(recovered, fn.Name())
			continue
		}
		for _, s := range inputs.Panics(fn, src) {
			got[fset.Position(s.Pos).Line]++
		}
	}
	want := map[int]int{}
	for i, line := range strings.Split(code, "\n") {
		switch {
		case strings.HasSuffix(line, "// panics"):
			want[i+1] = 1
		case strings.HasSuffix(line, "// panics twice"):
			want[i+1] = 2
		}
	}
	// A helper is reached from its caller and is also a function of its own: its line may be
	// found twice, once from each.
	for line, n := range got {
		if want[line] == 0 {
			t.Errorf("line %d: %d sites found, none expected", line, n)
		} else if n < want[line] {
			t.Errorf("line %d: %d sites found, want %d", line, n, want[line])
		}
	}
	for line := range want {
		if got[line] == 0 {
			t.Errorf("line %d: no site found", line)
		}
	}
	sort.Strings(recovered)
	if strings.Join(recovered, ",") != "recovered" {
		t.Errorf("functions that recover themselves: %v, want [recovered]", recovered)
	}
}
