package flow_test

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/decided"
)

// controlAnalyzer reports, at every return, the branches that decide whether it runs
// (flow.Controlling: innermost first, the way each is taken), the errors in hand on its path,
// and whether a branch taken after they arose decides it on something else than their nil
// test (decided.Otherwise).
var controlAnalyzer = &analysis.Analyzer{
	Name:     "control",
	Doc:      "test: prints the engine's Controlling and decided.Otherwise",
	Requires: []*analysis.Analyzer{engine},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[engine].(*flow.Result)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn := res.Function(fd)
				if fn == nil {
					continue
				}
				done := map[*ast.ReturnStmt]bool{}
				for _, p := range res.Paths(fn) {
					ret := flow.ReturnStmt(fd, p.Return.Pos())
					if ret == nil || done[ret] {
						continue
					}
					done[ret] = true
					b := p.Return.Block()
					var ways []string
					for _, c := range flow.Controlling(b) {
						if c.Taken {
							ways = append(ways, "taken")
						} else {
							ways = append(ways, "not taken")
						}
					}
					if len(ways) == 0 {
						continue
					}
					msg := "controlled by " + strings.Join(ways, ", ")
					hand := p.InHand()
					if len(hand) > 0 {
						msg += "; in hand " + string(rune('0'+len(hand)))
						if decided.Otherwise(b, hand) {
							msg += "; decided otherwise"
						}
					}
					pass.Reportf(ret.Pos(), "%s", msg)
				}
			}
		}
		return nil, nil
	},
}

func TestControl(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), controlAnalyzer, "example.com/control")
}

func TestExclusive(t *testing.T) {
	pkg := backwardPackage(t, `package p

func f(int)

func branches(a bool, n int) {
	if a {
		f(1)
	} else {
		f(2)
	}
	if a {
		f(3)
		return
	}
	f(4)
	switch n {
	case 1:
		f(5)
		fallthrough
	case 2:
		f(6)
	case 3:
		f(7)
	}
	for i := 0; i < n; i++ {
		if a {
			f(8)
		} else {
			f(9)
		}
	}
	f(10)
	f(11)
}
`)
	calls := map[int64]ssa.Instruction{}
	for _, b := range pkg.Func("branches").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				calls[c.Call.Args[0].(*ssa.Const).Int64()] = c
			}
		}
	}
	for _, tc := range []struct {
		a, b int64
		want bool
	}{
		{1, 2, true},    // an if and its else
		{3, 4, true},    // an early return
		{6, 7, true},    // two cases
		{5, 7, true},    // a case that falls through, and another
		{5, 6, false},   // fallthrough runs both
		{8, 9, false},   // a loop's turns run both
		{10, 11, false}, // one block
		{1, 4, false},   // one after the other
	} {
		if got := flow.Exclusive(calls[tc.a], calls[tc.b]); got != tc.want {
			t.Errorf("Exclusive(f(%d), f(%d)) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := flow.Exclusive(calls[tc.b], calls[tc.a]); got != tc.want {
			t.Errorf("Exclusive(f(%d), f(%d)) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}
