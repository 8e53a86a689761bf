package handlerrules

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

func (rules) PreferErrorFactory() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "prefer-error-factory", Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "mcperr.New with a code that has a factory",
		Run:   preferErrorFactory,
	}, (*kinds).handlerBodies)
}

// preferErrorFactory: mcperr.New(mcperr.CodeX, msg, ...) where the factory mcperr.X exists.
// The factory says the same in fewer words and keeps codes greppable by name.
func preferErrorFactory(p *rule.Pass, defs *mcpdefs.Result, _ []*handler) {
	for _, f := range p.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			factory, ok := defs.FactoryFor(call)
			if !ok {
				return true
			}
			fix := analysis.SuggestedFix{
				Message: "Use " + factory,
				TextEdits: []analysis.TextEdit{
					{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(factory)},
					// Drop the code argument and the separator after it.
					{Pos: call.Args[0].Pos(), End: call.Args[1].Pos(), NewText: nil},
				},
			}
			p.Report(call, "mcperr.New with a code that has a factory: write "+factory+"(msg, ...) instead", fix)
			return true
		})
	}
}
