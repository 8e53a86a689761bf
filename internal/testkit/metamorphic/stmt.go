package metamorphic

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The statement-level rewrites: guards, branches, switches and variables.

var negateGuard = Rewrite{
	Name: "negate-guard",
	Doc:  "`if c {A} else {B}` → `if !c {B} else {A}`; `if c { …; return X }; rest` → `if !c { rest }; …; return X` when rest ends in a return",
	apply: func(u *unit) {
		u.eachList(func(list []ast.Stmt, _ ast.Node) []ast.Stmt { return u.negateList(list) })
	},
}

func (u *unit) negateList(list []ast.Stmt) []ast.Stmt {
	for i, s := range list {
		ifs, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		if ifs.Else != nil {
			u.touch(ifs)
			ifs.Cond = u.negate(ifs.Cond)
			ifs.Body, ifs.Else = asBlock(ifs.Else), ifs.Body
			continue
		}
		rest := list[i+1:]
		if !endsInReturn(ifs.Body.List) || len(rest) == 0 || !terminates(rest[len(rest)-1]) || declares(ifs.Body.List) {
			continue
		}
		u.touch(ifs)
		for _, r := range rest {
			u.touch(r)
		}
		rest = u.negateList(rest)
		then := ifs.Body
		ifs.Cond = u.negate(ifs.Cond)
		ifs.Body = &ast.BlockStmt{List: rest}
		out := append(list[:i:i], ifs)
		if ifs.Init != nil {
			// The variables of the init statement are not in scope after the if.
			ifs.Else = then
			return out
		}
		return append(out, then.List...)
	}
	return list
}

// negate is the condition that holds when c does not: comparisons are turned around (except
// on floats, where NaN makes `!(a < b)` differ from `a >= b`), `!x` loses its `!`.
func (u *unit) negate(c ast.Expr) ast.Expr {
	switch e := c.(type) {
	case *ast.BinaryExpr:
		inverse := map[token.Token]token.Token{
			token.EQL: token.NEQ, token.NEQ: token.EQL,
			token.LSS: token.GEQ, token.GEQ: token.LSS,
			token.GTR: token.LEQ, token.LEQ: token.GTR,
		}
		if op, ok := inverse[e.Op]; ok && (e.Op == token.EQL || e.Op == token.NEQ || !u.isFloat(e.X)) {
			return &ast.BinaryExpr{X: e.X, Op: op, Y: e.Y}
		}
		return &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: e}}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return e.X
		}
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr, *ast.ParenExpr:
		return &ast.UnaryExpr{Op: token.NOT, X: e}
	}
	return &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: c}}
}

func (u *unit) isFloat(e ast.Expr) bool {
	t := u.typeOf(e)
	if t == nil {
		return true // unknown: assume the worst
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsFloat|types.IsComplex) != 0
}

func asBlock(s ast.Stmt) *ast.BlockStmt {
	if b, ok := s.(*ast.BlockStmt); ok {
		return b
	}
	return &ast.BlockStmt{List: []ast.Stmt{s}}
}

func endsInReturn(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok
}

// terminates is the spec's terminating statement, for the forms handlers use.
func terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(s.List[len(s.List)-1])
	case *ast.IfStmt:
		return s.Else != nil && terminates(s.Body) && terminates(s.Else)
	}
	return false
}

// declares reports whether a statement list declares anything at its top level (it could
// not move into another block unchanged).
func declares(list []ast.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.DeclStmt, *ast.LabeledStmt:
			return true
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return true
			}
		}
	}
	return false
}

var elseBranch = Rewrite{
	Name: "else-branch",
	Doc:  "`if c { …; return X }; rest` → `if c { …; return X } else { rest }`, and an else after a return → the statements after the if",
	apply: func(u *unit) {
		u.eachList(func(list []ast.Stmt, _ ast.Node) []ast.Stmt { return u.elseList(list) })
	},
}

func (u *unit) elseList(list []ast.Stmt) []ast.Stmt {
	for i, s := range list {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || !endsInReturn(ifs.Body.List) {
			continue
		}
		if ifs.Else != nil {
			b, ok := ifs.Else.(*ast.BlockStmt)
			if !ok || ifs.Init != nil || declares(b.List) {
				continue
			}
			u.touch(ifs)
			ifs.Else = nil
			out := append(list[:i:i], ifs)
			out = append(out, b.List...)
			return append(out, u.elseList(list[i+1:])...)
		}
		rest := list[i+1:]
		if len(rest) == 0 {
			continue
		}
		u.touch(ifs)
		for _, r := range rest {
			u.touch(r)
		}
		rest = u.elseList(rest)
		if len(rest) == 1 {
			if inner, ok := rest[0].(*ast.IfStmt); ok {
				ifs.Else = inner
				return append(list[:i:i], ifs)
			}
		}
		ifs.Else = &ast.BlockStmt{List: rest}
		return append(list[:i:i], ifs)
	}
	return list
}

var ifSwitch = Rewrite{
	Name: "switch",
	Doc:  "an if, an else-if chain, or a run of guards that return → a tagless `switch`; a switch without fallthrough or break → an if chain",
	apply: func(u *unit) {
		u.eachList(func(list []ast.Stmt, _ ast.Node) []ast.Stmt { return u.switchList(list) })
	},
}

func (u *unit) switchList(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(list); i++ {
		switch s := list[i].(type) {
		case *ast.IfStmt:
			if breaks(s.Body) || (s.Else != nil && breaks(s.Else)) {
				out = append(out, s)
				continue
			}
			u.touch(s)
			sw := &ast.SwitchStmt{Init: s.Init, Body: &ast.BlockStmt{}}
			open := u.chain(sw, s)
			// A run of guards that return becomes one switch.
			for open && s.Init == nil && i+1 < len(list) {
				next, ok := list[i+1].(*ast.IfStmt)
				if !ok || next.Init != nil || breaks(next.Body) || (next.Else != nil && breaks(next.Else)) {
					break
				}
				u.touch(next)
				open = u.chain(sw, next)
				i++
			}
			out = append(out, sw)
		case *ast.SwitchStmt:
			if st := u.unswitch(s); st != nil {
				u.touch(s)
				out = append(out, st)
				continue
			}
			out = append(out, s)
		default:
			out = append(out, s)
		}
	}
	return out
}

// chain adds the cases of an if-else chain to sw. It reports whether the switch may take
// more cases: every case returns and there is no default.
func (u *unit) chain(sw *ast.SwitchStmt, s *ast.IfStmt) bool {
	for {
		sw.Body.List = append(sw.Body.List, &ast.CaseClause{List: []ast.Expr{s.Cond}, Body: s.Body.List})
		if !endsInReturn(s.Body.List) {
			if s.Else != nil {
				sw.Body.List = append(sw.Body.List, &ast.CaseClause{Body: asBlock(s.Else).List})
			}
			return false
		}
		switch e := s.Else.(type) {
		case nil:
			return true
		case *ast.IfStmt:
			if e.Init == nil {
				s = e
				continue
			}
		}
		sw.Body.List = append(sw.Body.List, &ast.CaseClause{Body: asBlock(s.Else).List})
		return false
	}
}

// unswitch turns a switch (tagless, or on a variable or field) whose cases neither fall
// through nor break into an if chain, nil where it cannot.
func (u *unit) unswitch(s *ast.SwitchStmt) ast.Stmt {
	if s.Tag != nil && !plainOperand(s.Tag) {
		return nil
	}
	var cases, dflt []*ast.CaseClause
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if breaks(&ast.BlockStmt{List: cc.Body}) || fallsThrough(cc.Body) {
			return nil
		}
		if cc.List == nil {
			dflt = append(dflt, cc)
		} else {
			cases = append(cases, cc)
		}
	}
	if len(cases) == 0 {
		return nil
	}
	var first, last *ast.IfStmt
	for _, cc := range cases {
		var cond ast.Expr
		for _, e := range cc.List {
			if s.Tag != nil {
				e = &ast.BinaryExpr{X: u.copyOf(s.Tag).(ast.Expr), Op: token.EQL, Y: e}
			}
			if cond == nil {
				cond = e
			} else {
				cond = &ast.BinaryExpr{X: paren(cond), Op: token.LOR, Y: paren(e)}
			}
		}
		ifs := &ast.IfStmt{Cond: cond, Body: &ast.BlockStmt{List: cc.Body}}
		if first == nil {
			first, ifs.Init = ifs, s.Init
		} else {
			last.Else = ifs
		}
		last = ifs
	}
	if len(dflt) == 1 {
		last.Else = &ast.BlockStmt{List: dflt[0].Body}
	}
	if s.Tag != nil && first.Init == nil {
		return first
	}
	if s.Tag != nil {
		return nil // the tag would be evaluated in the init's scope: left alone
	}
	return first
}

func paren(e ast.Expr) ast.Expr {
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return &ast.ParenExpr{X: e}
	}
	return e
}

// plainOperand is an expression that can be evaluated again without changing anything: a
// variable or a field of one.
func plainOperand(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plainOperand(e.X)
	}
	return false
}

// breaks reports whether a statement holds a break that belongs to a statement around it:
// inside a switch that break would end the switch instead.
func breaks(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.BREAK && n.Label == nil {
				found = true
			}
		}
		return !found
	})
	return found
}

func fallsThrough(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	b, ok := list[len(list)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.FALLTHROUGH
}

var throughVariable = Rewrite{
	Name: "via-variable",
	Doc:  "`return nil, f(…)` → `e := f(…); return nil, e` (every call or literal returned), and `v := f(…); return v` → `return f(…)`",
	apply: func(u *unit) {
		u.eachList(func(list []ast.Stmt, fun ast.Node) []ast.Stmt { return u.variableList(list, fun) })
	},
}

func (u *unit) variableList(list []ast.Stmt, fun ast.Node) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(list); i++ {
		// Through a variable → inline: `v := x; return …, v, …` with v used once.
		if as, ok := list[i].(*ast.AssignStmt); ok && i+1 < len(list) {
			if ret, ok := list[i+1].(*ast.ReturnStmt); ok && u.inline(as, ret, fun) {
				u.touch(as, ret)
				out = append(out, ret)
				i++
				continue
			}
		}
		ret, ok := list[i].(*ast.ReturnStmt)
		if !ok {
			out = append(out, list[i])
			continue
		}
		out = append(out, u.throughVariables(ret)...)
	}
	return out
}

// inline folds `v := x` into the return that follows when the return is v's only use: a
// single value, or `a, b := f()` returned as `return a, b`.
func (u *unit) inline(as *ast.AssignStmt, ret *ast.ReturnStmt, fun ast.Node) bool {
	if as.Tok != token.DEFINE || len(as.Rhs) != 1 {
		return false
	}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || u.uses(fun, u.object(id)) != 1 {
			return false
		}
	}
	if len(as.Lhs) > 1 {
		if len(ret.Results) != len(as.Lhs) {
			return false
		}
		for i, r := range ret.Results {
			id, ok := r.(*ast.Ident)
			if !ok || u.object(id) != u.object(as.Lhs[i].(*ast.Ident)) {
				return false
			}
		}
		ret.Results = []ast.Expr{as.Rhs[0]}
		return true
	}
	obj := u.object(as.Lhs[0].(*ast.Ident))
	if t := u.typeOf(as.Rhs[0]); t == nil || !types.Identical(t, obj.Type()) {
		return false // `var`-like typing: inlining would change the value's type
	}
	for i, r := range ret.Results {
		if id, ok := r.(*ast.Ident); ok && u.object(id) == obj {
			ret.Results[i] = as.Rhs[0]
			return true
		}
	}
	return false
}

// uses counts the identifiers in fun that refer to obj (its definition not counted).
func (u *unit) uses(fun ast.Node, obj types.Object) int {
	n := 0
	ast.Inspect(fun, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && obj != nil {
			if o, ok := u.orig[id].(*ast.Ident); ok && u.info.Uses[o] == obj {
				n++
			}
		}
		return true
	})
	return n
}

// throughVariables moves every call or literal a return statement returns into a variable
// declared just before it.
func (u *unit) throughVariables(ret *ast.ReturnStmt) []ast.Stmt {
	var pre []ast.Stmt
	if len(ret.Results) == 1 {
		if call, ok := ret.Results[0].(*ast.CallExpr); ok {
			if tup, ok := u.typeOf(call).(*types.Tuple); ok && tup.Len() > 1 {
				var names []ast.Expr
				for range tup.Len() {
					names = append(names, ast.NewIdent(u.fresh("v")))
				}
				u.touch(ret)
				pre = append(pre, &ast.AssignStmt{Lhs: names, Tok: token.DEFINE, Rhs: []ast.Expr{call}})
				ret.Results = copyIdents(names)
				return append(pre, ret)
			}
		}
	}
	for i, r := range ret.Results {
		if !u.movable(r) {
			continue
		}
		name := u.fresh(varName(u.typeOf(r)))
		u.touch(ret)
		pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{r}})
		ret.Results[i] = ast.NewIdent(name)
	}
	return append(pre, ret)
}

// movable is a returned expression worth a variable: a call, a literal, an operation; with a
// type of its own (an untyped constant would change type in a variable).
func (u *unit) movable(e ast.Expr) bool {
	switch e.(type) {
	case *ast.CallExpr, *ast.CompositeLit, *ast.UnaryExpr, *ast.BinaryExpr:
	default:
		return false
	}
	t := u.typeOf(e)
	if t == nil {
		return false
	}
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return false
	}
	if _, ok := t.(*types.Tuple); ok {
		return false
	}
	if o, ok := u.orig[e].(ast.Expr); ok && u.info.Types[o].Value != nil {
		return false // a constant
	}
	return true
}

func varName(t types.Type) string {
	if t == nil {
		return "v"
	}
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return "e"
	}
	return "res"
}

func copyIdents(es []ast.Expr) []ast.Expr {
	var out []ast.Expr
	for _, e := range es {
		out = append(out, ast.NewIdent(e.(*ast.Ident).Name))
	}
	return out
}
