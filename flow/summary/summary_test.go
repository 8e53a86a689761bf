package summary_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow/summary"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// TestSummaries: the summary of every function that returns a tool result or an error says
// what it returns on all of its paths.
func TestSummaries(t *testing.T) {
	sums := mcpdefs.NewSummaries(nil)
	report := &analysis.Analyzer{
		Name:       "describesummaries",
		Doc:        "test-only: reports the summary of each function",
		Requires:   []*analysis.Analyzer{sums},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[sums].(*summary.Result)
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					if gd, ok := d.(*ast.GenDecl); ok {
						// Package variables that hold one function.
						for _, spec := range gd.Specs {
							if vs, ok := spec.(*ast.ValueSpec); ok {
								for _, name := range vs.Names {
									if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
										if s := res.Held(v); s != nil {
											pass.Reportf(name.Pos(), "%s", s)
										}
									}
								}
							}
						}
					}
					decl, ok := d.(*ast.FuncDecl)
					if !ok {
						continue
					}
					fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
					if s := res.Func(fn); s != nil {
						pass.Reportf(decl.Name.Pos(), "%s", s)
					}
				}
			}
			return true, nil
		},
	}
	pkgs, err := fixtures.Load("./recognition/summaries")
	if err != nil {
		t.Fatal(err)
	}
	fixtures.Run(t, pkgs, report).Check(t, "recognition/summaries")
}
