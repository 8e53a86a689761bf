package flow

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// The bridge between the engine's answers and the syntax the rules report on: an SSA value
// carries the position of the syntax it came from, and these find that syntax again.

// syntaxAt returns the first node of type T in node for which at holds, or the zero T.
func syntaxAt[T ast.Node](node ast.Node, at func(T) bool) T {
	var found T
	done := false
	ast.Inspect(node, func(n ast.Node) bool {
		if x, ok := n.(T); ok && !done && at(x) {
			found, done = x, true
		}
		return !done
	})
	return found
}

// CallExprAt returns the call expression of node whose left parenthesis is at lparen (an
// ssa.Call's position), or nil.
func CallExprAt(node ast.Node, lparen token.Pos) *ast.CallExpr {
	return syntaxAt(node, func(c *ast.CallExpr) bool { return c.Lparen == lparen })
}

// CompositeLitAt returns the composite literal of node whose left brace is at lbrace (the
// position of the ssa.Alloc of &T{...}), or nil.
func CompositeLitAt(node ast.Node, lbrace token.Pos) *ast.CompositeLit {
	return syntaxAt(node, func(l *ast.CompositeLit) bool { return l.Lbrace == lbrace })
}

// CallSyntax returns the call expression of the package whose left parenthesis is at lparen
// (an SSA call's position), or nil: one index of the package's calls, built on first use.
func (r *Result) CallSyntax(lparen token.Pos) *ast.CallExpr {
	if r == nil || !lparen.IsValid() {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.calls == nil {
		r.calls = map[token.Pos]*ast.CallExpr{}
		for _, f := range r.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					r.calls[c.Lparen] = c
				}
				return true
			})
		}
	}
	return r.calls[lparen]
}

// Outermost is the function fn is written in: fn itself, or the declaration (or package
// initialiser) around a function literal, at any depth.
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// CallIn returns the call of fn whose position is lparen (an *ast.CallExpr's Lparen), and
// the block it is in; nil when fn has none there.
func CallIn(fn *ssa.Function, lparen token.Pos) (*ssa.Call, *ssa.BasicBlock) {
	if fn == nil || !lparen.IsValid() {
		return nil, nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Pos() == lparen {
				return c, b
			}
		}
	}
	return nil, nil
}

// AssertedIn is the value of the type assertion written at lparen in fn: the asserted value
// itself, or of a comma-ok assertion its first result (`err, _ := out[1].Interface().(error)`).
func AssertedIn(fn *ssa.Function, lparen token.Pos) ssa.Value {
	if fn == nil || !lparen.IsValid() {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ta, ok := instr.(*ssa.TypeAssert)
			if !ok || ta.Pos() != lparen {
				continue
			}
			if !ta.CommaOk {
				return ta
			}
			for _, ref := range *ta.Referrers() {
				if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 {
					return e
				}
			}
		}
	}
	return nil
}

// NodeStart maps the position SSA gives a call (its left parenthesis) or a keyed field of a
// composite literal (the colon) to the start of the syntax to report: the call, the value.
func NodeStart(fn *ssa.Function, pos token.Pos) token.Pos {
	syntax := fn.Syntax()
	if syntax == nil {
		return pos
	}
	if call := CallExprAt(syntax, pos); call != nil {
		return call.Pos()
	}
	out := pos
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil || out != pos || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if kv, ok := n.(*ast.KeyValueExpr); ok && kv.Colon == pos {
			out = kv.Value.Pos()
		}
		return true
	})
	return out
}
