// Package owntypes reads the module's own definition types: struct types a converter copies
// field by field into an SDK definition (see mcpdefs/owndefs.go), and the option slices a
// converter spreads into mark3labs' NewTool.
package owntypes

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Type is how a converter copies a module struct type into SDK definitions: what a driver
// that sees the whole module tells the packages holding the type's literals.
type Type struct {
	SDK sdkapi.SDK `json:"sdk"`
	// Fields maps an SDK field to the own field copied into it unchanged; Converted are the
	// SDK fields built from the own value otherwise.
	Fields    map[string]string `json:"fields"`
	Converted map[string]bool   `json:"converted,omitempty"`
}

// FieldOf reads e as `X.F` where X has a named struct type of the module (not an SDK
// type): it returns that type, the field, and X's text (which identifies the own value).
func FieldOf(info *types.Info, e ast.Expr) (*types.Named, string, string) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, "", ""
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, "", ""
	}
	t := s.Recv()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || sdkapi.KnownPackage(n.Obj().Pkg().Path()) {
		return nil, "", ""
	}
	// A generic own type (chip's Tool[In, Out]) is one type whatever its instance.
	n = n.Origin()
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return nil, "", ""
	}
	return n, sel.Sel.Name, types.ExprString(sel.X)
}

// SpreadOptions reads the slice spread into a NewTool call, `opts...`, in file: the elements
// of the literals assigned to it and the values appended to it. complete is false when the
// slice is anything else, or is assigned or appended to in a way not read here.
func SpreadOptions(info *types.Info, file *ast.File, spread ast.Expr) (elems []ast.Expr, complete bool) {
	id, ok := ast.Unparen(spread).(*ast.Ident)
	if !ok {
		return nil, false
	}
	obj := info.ObjectOf(id)
	if obj == nil {
		return nil, false
	}
	complete = true
	add := func(rhs ast.Expr) {
		switch v := ast.Unparen(rhs).(type) {
		case *ast.CompositeLit:
			elems = append(elems, v.Elts...)
		case *ast.CallExpr:
			b, isBuiltin := info.Uses[astutil.NameIdent(v.Fun)].(*types.Builtin)
			if !isBuiltin || b.Name() != "append" || v.Ellipsis.IsValid() || len(v.Args) == 0 {
				complete = false
				return
			}
			if first, ok := ast.Unparen(v.Args[0]).(*ast.Ident); !ok || info.ObjectOf(first) != obj {
				complete = false
				return
			}
			elems = append(elems, v.Args[1:]...)
		default:
			complete = false
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if l, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(l) == obj {
					if len(n.Rhs) != len(n.Lhs) {
						complete = false
						continue
					}
					add(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.ObjectOf(name) == obj && i < len(n.Values) {
					add(n.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(x) == obj {
				complete = false
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if x, ok := ast.Unparen(a).(*ast.Ident); ok && info.ObjectOf(x) == obj && a != spread {
					if b, ok := info.Uses[astutil.NameIdent(n.Fun)].(*types.Builtin); !ok || b.Name() != "append" {
						complete = false // handed to a function that may change it
					}
				}
			}
		}
		return true
	})
	return elems, complete
}

// InReach finds the types of own, keyed by sdkapi.Key of their names, that pkg can write
// literals of: its own and its imports'.
func InReach(pkg *types.Package, own map[string]Type) map[*types.TypeName]Type {
	out := map[*types.TypeName]Type{}
	if len(own) == 0 {
		return out
	}
	for _, p := range append([]*types.Package{pkg}, pkg.Imports()...) {
		for _, name := range p.Scope().Names() {
			if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
				if spec, ok := own[sdkapi.Key(tn)]; ok {
					out[tn] = spec
				}
			}
		}
	}
	return out
}
