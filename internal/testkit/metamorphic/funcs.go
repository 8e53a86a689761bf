package metamorphic

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// The function-level rewrites: the function's body moves into a helper, the function becomes
// a method value or a closure from a factory, its results get names.

var helperSamePackage = Rewrite{
	Name: "helper",
	Doc:  "the body moves into a helper of the same package with the function's signature (a method's receiver becomes its first parameter); the function returns the helper's results",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			if s.lit != nil && u.captures(s.lit) || s.decl != nil && hasTypeParams(s.decl) {
				return nil
			}
			u.touch(s.node())
			ft := s.typ()
			args, variadic := u.nameParams(ft)
			helperType := u.copyOf(ft).(*ast.FuncType)
			if s.decl != nil && s.decl.Recv != nil {
				recv := s.decl.Recv.List[0]
				if len(recv.Names) > 0 && recv.Names[0].Name != "_" {
					helperType.Params.List = append([]*ast.Field{u.copyOf(recv).(*ast.Field)}, helperType.Params.List...)
					args = append([]ast.Expr{ast.NewIdent(recv.Names[0].Name)}, args...)
				}
			}
			name := u.fresh(s.name + "Impl")
			helper := &ast.FuncDecl{Name: ast.NewIdent(name), Type: helperType, Body: s.body()}
			u.origin[helper] = u.orig[s.node()]
			setBody(s, delegate(ft, ast.NewIdent(name), args, variadic))
			return []ast.Decl{helper}
		})
	},
}

func setBody(s funcSite, b *ast.BlockStmt) {
	if s.decl != nil {
		s.decl.Body = b
	} else {
		s.lit.Body = b
	}
}

var helperOtherPackage = Rewrite{
	Name: "helper-pkg",
	Doc:  "as `helper`, the helper in another package of the fixture module (functions that use nothing of their own package's top level)",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			if s.decl != nil && (s.decl.Recv != nil || hasTypeParams(s.decl)) || s.lit != nil && u.captures(s.lit) || u.usesPackageLevel(s.typ()) || u.usesPackageLevel(s.body()) || u.declared["mmhelp"] {
				return nil
			}
			if _, testSupport := u.packagesUsed(s.typ())["testing"]; testSupport {
				return nil // test support stays in its file: moved, it would make the helper file one
			}
			u.touch(s.node())
			ft := s.typ()
			args, variadic := u.nameParams(ft)
			hf, hpath := u.helperFile()
			name := u.fresh(exported(s.name) + "Impl")
			helper := &ast.FuncDecl{Name: ast.NewIdent(name), Type: u.copyOf(ft).(*ast.FuncType), Body: s.body()}
			u.origin[helper] = u.orig[s.node()]
			for p, n := range u.packagesUsed(helper) {
				u.helperImports[p] = n
			}
			hf.Decls = append(hf.Decls, helper)
			u.imports[s.file] = append(u.imports[s.file], hpath)
			setBody(s, delegate(ft, &ast.SelectorExpr{X: ast.NewIdent("mmhelp"), Sel: ast.NewIdent(name)}, args, variadic))
			return nil
		})
	},
}

var methodValue = Rewrite{
	Name: "method-value",
	Doc:  "the function becomes a method of a new type and its name (or the literal) a method value: `var f = (&fHandler{}).f`",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			if !u.movableFunc(s) {
				return nil
			}
			u.touch(s.node())
			typeName := u.fresh(s.name + "Handler")
			method := u.fresh(s.name)
			if s.decl != nil {
				method = s.decl.Name.Name
			}
			decl := &ast.FuncDecl{
				Recv: &ast.FieldList{List: []*ast.Field{{Type: &ast.StarExpr{X: ast.NewIdent(typeName)}}}},
				Name: ast.NewIdent(method), Type: s.typ(), Body: s.body(),
			}
			u.origin[decl] = u.orig[s.node()]
			value := &ast.SelectorExpr{X: &ast.ParenExpr{X: &ast.UnaryExpr{Op: token.AND, X: &ast.CompositeLit{Type: ast.NewIdent(typeName)}}}, Sel: ast.NewIdent(method)}
			typ := &ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{&ast.TypeSpec{Name: ast.NewIdent(typeName), Type: &ast.StructType{Fields: &ast.FieldList{}}}}}
			if s.lit != nil {
				s.cur.Replace(value)
				return []ast.Decl{typ, decl}
			}
			v := &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{s.decl.Name}, Values: []ast.Expr{value}}}}
			return []ast.Decl{nil, typ, decl, v}
		})
	},
}

var factory = Rewrite{
	Name: "factory",
	Doc:  "the function becomes a closure returned by a factory: `func newF() func(…) … { return func(…) … {…} }; var f = newF()`",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			if !u.movableFunc(s) {
				return nil
			}
			u.touch(s.node())
			name := u.fresh("new" + exported(s.name))
			lit := &ast.FuncLit{Type: s.typ(), Body: s.body()}
			if s.lit != nil {
				lit = s.lit
			}
			u.origin[lit] = u.orig[s.node()]
			fact := &ast.FuncDecl{
				Name: ast.NewIdent(name),
				Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: u.copyOf(s.typ()).(*ast.FuncType)}}}},
				Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{lit}}}},
			}
			call := &ast.CallExpr{Fun: ast.NewIdent(name)}
			if s.lit != nil {
				s.cur.Replace(call)
				return []ast.Decl{fact}
			}
			v := &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{s.decl.Name}, Values: []ast.Expr{call}}}}
			return []ast.Decl{nil, fact, v}
		})
	},
}

// movableFunc is a function that can become a package-level value: a declaration that is no
// method, not generic, not init or main and not recursive (a variable referring to itself
// would be an initialisation cycle), or a literal that captures nothing.
func (u *unit) movableFunc(s funcSite) bool {
	if s.lit != nil {
		return !u.captures(s.lit)
	}
	d := s.decl
	if d.Recv != nil || hasTypeParams(d) || d.Name.Name == "init" || d.Name.Name == "main" || d.Name.Name == "_" {
		return false
	}
	return !u.refersTo(d.Body, u.object(d.Name))
}

var namedResults = Rewrite{
	Name: "named-results",
	Doc:  "unnamed results get names (`(res *T, err error)`), the returns stay explicit",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			u.nameResults(s)
			return nil
		})
	},
}

var bareReturns = Rewrite{
	Name: "named-bare",
	Doc:  "unnamed results get names and every return becomes `res, err = …; return`",
	apply: func(u *unit) {
		u.eachFunc(func(s funcSite) []ast.Decl {
			names := u.nameResults(s)
			if names == nil {
				return nil
			}
			u.eachReturn(s.body(), func(list []ast.Stmt, i int, ret *ast.ReturnStmt) []ast.Stmt {
				if len(ret.Results) == 0 {
					return nil
				}
				var lhs []ast.Expr
				for _, n := range names {
					lhs = append(lhs, ast.NewIdent(n))
				}
				as := &ast.AssignStmt{Lhs: lhs, Tok: token.ASSIGN, Rhs: ret.Results}
				for _, r := range ret.Results {
					// A finding at a returned value may now be at the bare return that
					// returns it.
					u.alias[r] = append(u.alias[r], ret)
				}
				ret.Results = nil
				u.alias[ret] = append(u.alias[ret], as)
				return []ast.Stmt{as, ret}
			})
			return nil
		})
	},
}

// nameResults names a function's results when none has a name, and returns the names.
func (u *unit) nameResults(s funcSite) []string {
	ft := s.typ()
	if ft.Results == nil || len(ft.Results.List) == 0 || len(ft.Results.List[0].Names) > 0 {
		return nil
	}
	inFunc := map[string]bool{}
	ast.Inspect(s.node(), func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			inFunc[id.Name] = true
		}
		return true
	})
	var names []string
	taken := map[string]bool{}
	for i, f := range ft.Results.List {
		base := "out"
		switch {
		case i == len(ft.Results.List)-1 && u.isError(f.Type):
			base = "err"
		case i == 0:
			base = "res"
		}
		name := base
		for n := 2; inFunc[name] || taken[name] || u.pkg.Scope().Lookup(name) != nil; n++ {
			name = base + strconv.Itoa(n)
		}
		taken[name] = true
		f.Names = []*ast.Ident{ast.NewIdent(name)}
		names = append(names, name)
	}
	u.touch(s.node())
	return names
}

func (u *unit) isError(e ast.Expr) bool {
	t := u.typeOf(e)
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// eachReturn calls fn on every return statement of a function body (not of literals inside
// it) with the list that holds it; a non-nil result replaces the statement.
func (u *unit) eachReturn(body *ast.BlockStmt, fn func(list []ast.Stmt, i int, ret *ast.ReturnStmt) []ast.Stmt) {
	var visit func(list []ast.Stmt) []ast.Stmt
	visit = func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for i, s := range list {
			if ret, ok := s.(*ast.ReturnStmt); ok {
				if repl := fn(list, i, ret); repl != nil {
					out = append(out, repl...)
					continue
				}
			}
			out = append(out, s)
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.BlockStmt:
					n.List = visit(n.List)
					return false
				case *ast.CaseClause:
					n.Body = visit(n.Body)
					return false
				case *ast.CommClause:
					n.Body = visit(n.Body)
					return false
				}
				return true
			})
		}
		return out
	}
	body.List = visit(body.List)
}

// Rewrites lists every rewrite, in the order of the matrix's columns: the layer rewrites
// last.
func Rewrites() []Rewrite {
	return append([]Rewrite{negateGuard, elseBranch, ifSwitch, throughVariable, helperSamePackage, helperOtherPackage, methodValue, factory, namedResults, bareReturns}, LayerRewrites()...)
}
