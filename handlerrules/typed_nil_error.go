package handlerrules

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

var ruleTypedNilError = check{
	ID: defcheck.RuleTypedNilError, Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "a nil concrete error pointer is returned as a non-nil error",
	Run:   typedNilError,
}

// typedNilError: a function declared to return a concrete error pointer (*mcperr.Error, or
// any *T implementing error) returns nil on some path, and its result is returned through an
// error result. The nil pointer becomes a non-nil error interface, so every success is
// reported as a failure ("Error: <nil>" on go-sdk and mark3labs). Only functions of this
// package with a literal nil return are reported: the factories never return nil.
func typedNilError(p *rule.Pass, _ *mcpdefs.Result, _ []*handler) {
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
	nilAt := map[*types.Func][]bool{} // result indexes at which the function returns nil
	canReturnNil := func(fn *types.Func, i int) bool {
		r, ok := nilAt[fn]
		if !ok {
			r = nilResults(info, decls[fn])
			nilAt[fn] = r
		}
		return i < len(r) && r[i]
	}

	type site struct {
		call *ast.CallExpr
		fn   *types.Func
		idx  int // the callee's result index
	}
	var sites []site
	direct := map[*types.Func]int{} // uses of a callee that are single-value returns through error
	eachReturn(p.Files, info, func(ret *ast.ReturnStmt, sig *types.Signature) {
		results := sig.Results()
		for i, e := range ret.Results {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				continue
			}
			fn, ok := calleeFunc(info, call)
			if !ok || decls[fn] == nil {
				continue
			}
			fres := fn.Signature().Results()
			switch {
			case len(ret.Results) == 1 && fres.Len() == results.Len() && fres.Len() > 1:
				// return f() with f's results spread over ours.
				for j := 0; j < fres.Len(); j++ {
					if isErrorInterface(results.At(j).Type()) && concreteErrorPointer(fres.At(j).Type()) && canReturnNil(fn, j) {
						sites = append(sites, site{call, fn, j})
					}
				}
			case fres.Len() == 1 && i < results.Len():
				if isErrorInterface(results.At(i).Type()) && concreteErrorPointer(fres.At(0).Type()) && canReturnNil(fn, 0) {
					sites = append(sites, site{call, fn, 0})
					direct[fn]++
				}
			}
		}
	})

	fixed := map[*types.Func]bool{}
	for _, s := range sites {
		name := s.fn.Name()
		typ := types.TypeString(s.fn.Signature().Results().At(s.idx).Type(), func(pkg *types.Package) string {
			if pkg == p.Pkg {
				return ""
			}
			return pkg.Name()
		})
		var fixes []analysis.SuggestedFix
		if !fixed[s.fn] {
			// The fix edits the callee's declaration: offer it once, at its first site.
			fixed[s.fn] = true
			if fix, ok := typedNilFix(info, decls[s.fn], s.fn, direct[s.fn]); ok {
				fixes = append(fixes, fix)
			}
		}
		p.Report(s.call, name+"'s nil "+typ+" becomes a non-nil error, so success fails; declare "+name+" to return error", fixes...)
	}
}

// eachReturn calls visit for every return statement with the signature of the function it
// returns from.
func eachReturn(files []*ast.File, info *types.Info, visit func(*ast.ReturnStmt, *types.Signature)) {
	for _, f := range files {
		var sigs []*types.Signature
		var walk func(ast.Node) bool
		walk = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body == nil {
					return false
				}
				if fn, ok := info.Defs[n.Name].(*types.Func); ok {
					sigs = append(sigs, fn.Signature())
					ast.Inspect(n.Body, walk)
					sigs = sigs[:len(sigs)-1]
				}
				return false
			case *ast.FuncLit:
				if sig, ok := info.TypeOf(n).(*types.Signature); ok {
					sigs = append(sigs, sig)
					ast.Inspect(n.Body, walk)
					sigs = sigs[:len(sigs)-1]
				}
				return false
			case *ast.ReturnStmt:
				if len(sigs) > 0 {
					visit(n, sigs[len(sigs)-1])
				}
			}
			return true
		}
		ast.Inspect(f, walk)
	}
}

// nilResults reports, per result index, whether fd returns a literal nil there (function
// literals inside are not fd's returns).
func nilResults(info *types.Info, fd *ast.FuncDecl) []bool {
	if fd == nil || fd.Body == nil {
		return nil
	}
	var out []bool
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for i, e := range n.Results {
				if astutil.IsNil(info, e) {
					for len(out) <= i {
						out = append(out, false)
					}
					out[i] = true
				}
			}
		}
		return true
	})
	return out
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isErrorInterface reports whether t is the error interface itself.
func isErrorInterface(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// concreteErrorPointer reports whether t is a pointer type that implements error.
func concreteErrorPointer(t types.Type) bool {
	_, ok := t.(*types.Pointer)
	return ok && types.Implements(t, errorIface)
}

// calleeFunc is the function or method a call statically calls.
func calleeFunc(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil, false
	}
	fn, ok := info.Uses[id].(*types.Func)
	return fn, ok
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
