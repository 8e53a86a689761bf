package flow_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcplint-go/mcplint/flow"
)

// backwardPackage builds SSA for src, a package p without imports (the flow tests that need no analysis pass use it).
func backwardPackage(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// returned is the value fn's only return gives back.
func returned(t *testing.T, fn *ssa.Function) ssa.Value {
	t.Helper()
	for ret := range flow.Returns(fn) {
		return ret.Results[0]
	}
	t.Fatalf("%s has no return", fn.Name())
	return nil
}

// operands walks on into every value v is made of: phis' edges and both sides of a binary
// operation; the rest is a leaf.
func operands(b *flow.Backward, v ssa.Value) {
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			b.Walk(e)
		}
	case *ssa.BinOp:
		b.Walk(x.X)
		b.Walk(x.Y)
	}
}

func TestBackward(t *testing.T) {
	pkg := backwardPackage(t, `package p

func loop(a, b int, n int) int {
	x := a
	for i := 0; i < n; i++ {
		x = x + b
	}
	return x
}

func diamond(a int) int {
	y := a + a
	return y + y
}

func long(p int) int {
	s := p
`+strings.Repeat("\ts = s*3 + 1\n", 150)+`	return s
}

func local(a, b int) [2]int {
	var arr [2]int
	arr[0] = a
	arr[1] = b
	return arr
}
`)

	t.Run("each value once, through a loop's phi", func(t *testing.T) {
		visits := map[ssa.Value]int{}
		var b flow.Backward
		b.Visit = func(v ssa.Value) { visits[v]++; operands(&b, v) }
		b.Walk(returned(t, pkg.Func("loop")))
		var params int
		for v, n := range visits {
			if n != 1 {
				t.Errorf("%s visited %d times", v.Name(), n)
			}
			if _, ok := v.(*ssa.Parameter); ok {
				params++
			}
		}
		if params != 2 { // a and b; n only decides whether the loop runs
			t.Errorf("reached %d parameters, want 2 (a, b)", params)
		}
	})

	t.Run("a value both sides share is visited once", func(t *testing.T) {
		visits := map[ssa.Value]int{}
		var b flow.Backward
		b.Visit = func(v ssa.Value) { visits[v]++; operands(&b, v) }
		b.Walk(returned(t, pkg.Func("diamond")))
		if len(visits) != 3 { // y+y, a+a, a
			t.Errorf("visited %d values, want 3", len(visits))
		}
	})

	t.Run("Chain runs from the first value to the one visited", func(t *testing.T) {
		var chain []string
		var b flow.Backward
		b.Visit = func(v ssa.Value) {
			if _, ok := v.(*ssa.Parameter); ok && chain == nil {
				for _, c := range b.Chain() {
					chain = append(chain, fmt.Sprintf("%T", c))
				}
			}
			operands(&b, v)
		}
		b.Walk(returned(t, pkg.Func("diamond")))
		if got, want := strings.Join(chain, " "), "*ssa.BinOp *ssa.BinOp *ssa.Parameter"; got != want {
			t.Errorf("chain to a: %s, want %s", got, want)
		}
	})

	t.Run("Stop ends the walk", func(t *testing.T) {
		n := 0
		var b flow.Backward
		b.Visit = func(v ssa.Value) {
			n++
			if _, ok := v.(*ssa.Parameter); ok {
				b.Stop()
			}
			operands(&b, v)
		}
		b.Walk(returned(t, pkg.Func("diamond")))
		if n != 3 {
			t.Errorf("%d visits, want 3 (y+y, a+a, a, then nothing)", n)
		}
		b.Walk(pkg.Func("loop").Params[0])
		if n != 3 {
			t.Errorf("a value walked after Stop was visited")
		}
	})

	t.Run("Forget and Mark", func(t *testing.T) {
		visits := map[ssa.Value]int{}
		var b flow.Backward
		b.Visit = func(v ssa.Value) { visits[v]++ }
		a := pkg.Func("loop").Params[0]
		b.Walk(a)
		b.Walk(a)
		b.Forget(a)
		b.Walk(a)
		if visits[a] != 2 {
			t.Errorf("a visited %d times, want 2 (once again after Forget)", visits[a])
		}
		other := pkg.Func("loop").Params[1]
		if b.Mark(other) || !b.Mark(other) {
			t.Errorf("Mark should report an unmarked value first, then a marked one")
		}
		b.Walk(other)
		if visits[other] != 0 {
			t.Errorf("a marked value was visited")
		}
	})

	t.Run("Bounded gives up on long chains", func(t *testing.T) {
		reach := func(bounded bool) bool {
			found := false
			b := flow.Backward{Bounded: bounded}
			b.Visit = func(v ssa.Value) {
				if _, ok := v.(*ssa.Parameter); ok {
					found = true
				}
				operands(&b, v)
			}
			b.Walk(returned(t, pkg.Func("long")))
			return found
		}
		if !reach(false) {
			t.Errorf("an unbounded walk should reach p through 300 operations")
		}
		if reach(true) {
			t.Errorf("a bounded walk should give up before p, 300 operations back")
		}
	})

	t.Run("Parts are a local's element addresses", func(t *testing.T) {
		var alloc *ssa.Alloc
		for _, blk := range pkg.Func("local").Blocks {
			for _, instr := range blk.Instrs {
				if a, ok := instr.(*ssa.Alloc); ok && alloc == nil {
					alloc = a
				}
			}
		}
		if alloc == nil {
			t.Fatal("no local in local")
		}
		var stored []string
		var b flow.Backward
		b.Visit = func(v ssa.Value) { stored = append(stored, v.Name()) }
		for part := range flow.Parts(alloc) {
			b.WalkStored(part)
		}
		if got := strings.Join(stored, ","); got != "a,b" {
			t.Errorf("stored into the parts: %s, want a,b", got)
		}
	})
}
