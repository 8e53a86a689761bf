package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

func (rules) TypedNilError() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: defcheck.RuleTypedNilError, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "a nil concrete error pointer is returned as a non-nil error",
		Run:   typedNilError,
	}, (*kinds).handlerBodies)
}

// typedNilError: a nil pointer of a concrete error type is returned through an error result
// on some path, so the error is non-nil and every success is reported as a failure (go-sdk
// calls its Error method, which may panic on the nil receiver). The engine follows the
// pointer along each path to each return: a helper declared to return *T that returns nil, a
// local `var verr *T` assigned on some paths only, a field. One finding per returned value:
// at the call of the helper (whose declaration is what to change), else at the value.
func typedNilError(p *rule.Pass, _ *mcpdefs.Result, _ []*handler) {
	res, _ := p.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
	if res == nil {
		return
	}
	info := p.TypesInfo
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range p.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	type site struct {
		expr  ast.Node
		label string      // the value as the message names it
		fn    *types.Func // the helper whose nil it is, if any
		typ   types.Type
	}
	var sites []site
	seen := map[ast.Node]bool{}
	direct := map[*types.Func]int{} // calls of a helper returned directly through an error result
	for _, node := range funcNodes(p.Files) {
		fn := res.Function(node)
		if fn == nil {
			continue
		}
		results := fn.Signature.Results()
		for _, path := range res.Paths(fn) {
			stmt := flow.ReturnStmt(node, path.Return.Pos())
			if stmt == nil {
				continue
			}
			for i, o := range path.Results {
				if !o.TypedNil || o.Operand == nil || i >= results.Len() || !isErrorInterface(results.At(i).Type()) {
					continue
				}
				var expr ast.Node
				label := ""
				if o.Call != nil {
					// A helper's nil: the finding is at its call, wherever the result goes after.
					if call := flow.CallExprAt(node, o.Call.Pos()); call != nil {
						expr = call
					}
				}
				if expr == nil {
					if e := returnedExpr(stmt, i, results.Len()); e != nil {
						expr = e
					} else {
						// A bare return of a named result.
						expr, label = stmt, results.At(i).Name()
					}
				}
				if seen[expr] {
					continue
				}
				seen[expr] = true
				s := site{expr: expr, typ: o.Dynamic, label: label}
				if o.Call != nil {
					s.fn = res.CalleeOf(o.Call)
				}
				if s.fn != nil {
					// Only a call that is itself the returned value may have its callee's type
					// changed: one held in a variable first may be used as the pointer.
					if call, ok := expr.(*ast.CallExpr); ok && typeutil.Callee(info, call) == s.fn && returnedExpr(stmt, i, results.Len()) == ast.Expr(call) {
						direct[s.fn]++
					}
				}
				sites = append(sites, s)
			}
		}
	}
	qualify := func(pkg *types.Package) string {
		if pkg == p.Pkg {
			return ""
		}
		return pkg.Name()
	}
	fixed := map[*types.Func]bool{}
	for _, s := range sites {
		typ := types.TypeString(s.typ, qualify)
		if s.fn == nil {
			label := s.label
			if label == "" {
				label = render(p, s.expr)
			}
			p.Report(s.expr, label+" can be a nil "+typ+", a non-nil error; return literal nil on that path")
			continue
		}
		name := s.fn.Name()
		var fixes []analysis.SuggestedFix
		if !fixed[s.fn] {
			// The fix edits the callee's declaration: offer it once, at its first site.
			fixed[s.fn] = true
			if fix, ok := typedNilFix(info, decls[s.fn], s.fn, direct[s.fn]); ok {
				fixes = append(fixes, fix)
			}
		}
		p.Report(s.expr, name+"'s nil "+typ+" becomes a non-nil error, so success fails; declare "+name+" to return error", fixes...)
	}
}

// funcNodes lists every function declaration and literal of the files, in source order.
func funcNodes(files []*ast.File) []ast.Node {
	var out []ast.Node
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				out = append(out, n)
			}
			return true
		})
	}
	return out
}

// returnedExpr is the expression of stmt that gives result i of n: the i-th result, the one
// call whose results are spread over all of them, or the statement itself for a bare return.
func returnedExpr(stmt *ast.ReturnStmt, i, n int) ast.Expr {
	switch {
	case len(stmt.Results) == n:
		return stmt.Results[i]
	case len(stmt.Results) == 1:
		return stmt.Results[0]
	}
	return nil
}

// isErrorInterface reports whether t is the error interface itself.
func isErrorInterface(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// typedNilFix changes the callee's result type to error when that cannot break the package:
// fn is an unexported plain function (no interface to satisfy, no caller elsewhere) with a
// single unnamed result, and every use of it in the package is a call returned directly
// through an error result (direct counts those).
func typedNilFix(info *types.Info, fd *ast.FuncDecl, fn *types.Func, direct int) (analysis.SuggestedFix, bool) {
	if fd == nil || fd.Recv != nil || fn.Exported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
		return analysis.SuggestedFix{}, false
	}
	field := fd.Type.Results.List[0]
	if len(field.Names) > 0 {
		return analysis.SuggestedFix{}, false
	}
	uses := 0
	for _, obj := range info.Uses {
		if obj == fn {
			uses++
		}
	}
	if uses != direct {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Declare " + fn.Name() + " to return error",
		TextEdits: []analysis.TextEdit{{Pos: field.Type.Pos(), End: field.Type.End(), NewText: []byte("error")}},
	}, true
}
