package metamorphic

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strconv"
	"unicode"

	"golang.org/x/tools/go/ast/astutil"
)

// A Rewrite turns a package into one that means the same: each of its applications changes
// one function, or one statement of a function, into an equivalent form.
type Rewrite struct {
	Name string // the column of the matrix
	Doc  string // one line for the docs
	// apply rewrites every site of u where the rewrite applies.
	apply func(u *unit)
	// driver: the column's findings come from mcplint's driver over all the copy's packages
	// (the module graph), not from each rule's run over its fixture directory.
	driver bool
}

// span is a range of original positions that a rewrite changed.
type span struct{ pos, end token.Pos }

// unit is one package being rewritten: copies of its files, changed in place, with the type
// information of the originals reachable through orig.
type unit struct {
	fset          *token.FileSet
	pkg           *types.Package
	info          *types.Info
	files         []*ast.File
	names         []string                // the files' paths, relative to the fixture module
	orig          map[ast.Node]ast.Node   // copy → original
	cl            *cloner                 // makes further copies that lead to the same originals
	used          map[string]bool         // identifiers in use, for fresh names
	declared      map[string]bool         // identifiers of the original package, which an import name must not shadow
	touched       []span                  // original ranges that a rewrite changed
	origin        map[ast.Node]ast.Node   // a function node a rewrite made → the original function it holds
	alias         map[ast.Node][]ast.Node // node → other nodes where what is reported at it may be reported
	imports       map[*ast.File][]string  // import paths a rewrite added to a file
	extra         []*ast.File             // files of a package a rewrite made
	extraAt       []string                // their paths
	helperImports map[string]string       // the imports of the helper package: path → name
	usedElsewhere map[string]bool         // functions (by full name) that packages of the fixture use from another
	raw           []rawFile               // files a rewrite wrote as text (a layer package)
}

// rawFile is a file of a package a rewrite made, written as text: it holds nothing of the
// fixture.
type rawFile struct {
	rel string // relative to the fixture module
	src string
}

func newUnit(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File, names []string) *unit {
	u := &unit{
		fset: fset, pkg: pkg, info: info, names: names,
		orig:          map[ast.Node]ast.Node{},
		used:          map[string]bool{},
		declared:      map[string]bool{},
		origin:        map[ast.Node]ast.Node{},
		alias:         map[ast.Node][]ast.Node{},
		imports:       map[*ast.File][]string{},
		helperImports: map[string]string{},
	}
	u.cl = newCloner(u.orig)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				u.used[id.Name] = true
				u.declared[id.Name] = true
				u.declared[id.Name] = true
			}
			return true
		})
		u.files = append(u.files, u.cl.node(f).(*ast.File))
	}
	return u
}

// copyOf makes a further copy of a node of the rewritten tree, for a rewrite that needs it
// twice (a function type as the type of a method and of a variable).
func (u *unit) copyOf(n ast.Node) ast.Node {
	c := newCloner(u.orig)
	return c.node(n)
}

// object is what an identifier of the rewritten tree denotes in the original.
func (u *unit) object(id *ast.Ident) types.Object {
	o, ok := u.orig[id].(*ast.Ident)
	if !ok {
		return nil
	}
	if obj := u.info.Uses[o]; obj != nil {
		return obj
	}
	return u.info.Defs[o]
}

// typeOf is the type of an expression of the rewritten tree in the original, nil for new
// expressions.
func (u *unit) typeOf(e ast.Expr) types.Type {
	o, ok := u.orig[e].(ast.Expr)
	if !ok {
		return nil
	}
	return u.info.TypeOf(o)
}

// fresh returns a name not yet used in the package, starting from base.
func (u *unit) fresh(base string) string {
	name := base
	for i := 2; u.used[name] || token.IsKeyword(name) || types.Universe.Lookup(name) != nil; i++ {
		name = base + strconv.Itoa(i)
	}
	u.used[name] = true
	return name
}

// touch records that a rewrite changed the given nodes, still at their original positions.
func (u *unit) touch(nodes ...ast.Node) {
	for _, n := range nodes {
		if n != nil && n.Pos().IsValid() {
			u.touched = append(u.touched, span{n.Pos(), n.End()})
		}
	}
}

// eachList calls fn on every statement list inside a function, innermost first, and puts
// back what fn returns. fun is the innermost function around the list.
func (u *unit) eachList(fn func(list []ast.Stmt, fun ast.Node) []ast.Stmt) {
	for _, f := range u.files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n != nil {
				stack = append(stack, n)
				return true
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			fun := innermostFunc(stack)
			if fun == nil {
				return false
			}
			switch b := top.(type) {
			case *ast.BlockStmt:
				b.List = fn(b.List, fun)
			case *ast.CaseClause:
				b.Body = fn(b.Body, fun)
			case *ast.CommClause:
				b.Body = fn(b.Body, fun)
			}
			return false
		})
	}
}

func innermostFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}

// funcSite is a function a function-level rewrite may change: a declaration, or a literal
// with the cursor that replaces it.
type funcSite struct {
	file *ast.File
	decl *ast.FuncDecl
	lit  *ast.FuncLit
	cur  *astutil.Cursor // for lit
	name string          // the declaration's name, or the enclosing declaration's for a literal
}

func (s funcSite) typ() *ast.FuncType {
	if s.decl != nil {
		return s.decl.Type
	}
	return s.lit.Type
}

func (s funcSite) body() *ast.BlockStmt {
	if s.decl != nil {
		return s.decl.Body
	}
	return s.lit.Body
}

func (s funcSite) node() ast.Node {
	if s.decl != nil {
		return s.decl
	}
	return s.lit
}

// eachFunc calls fn on every function declaration with a body and every function literal,
// literals before the declaration that holds them. fn returns declarations to put after the
// site's declaration (new helpers).
func (u *unit) eachFunc(fn func(s funcSite) []ast.Decl) {
	for _, f := range u.files {
		var decls []ast.Decl
		for _, d := range f.Decls {
			name := "lit"
			switch d := d.(type) {
			case *ast.FuncDecl:
				name = d.Name.Name
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok && vs.Names[0].Name != "_" {
						name = vs.Names[0].Name
						break
					}
				}
			}
			var added []ast.Decl
			d = astutil.Apply(d, nil, func(c *astutil.Cursor) bool {
				if lit, ok := c.Node().(*ast.FuncLit); ok {
					added = append(added, fn(funcSite{file: f, lit: lit, cur: c, name: name})...)
				}
				return true
			}).(ast.Decl)
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				site := funcSite{file: f, decl: fd, name: fd.Name.Name}
				more := fn(site)
				// A rewrite may replace the declaration by others (a variable and a method):
				// it then returns them with a nil first element.
				if len(more) > 0 && more[0] == nil {
					decls = append(decls, more[1:]...)
					decls = append(decls, added...)
					continue
				}
				added = append(added, more...)
			}
			decls = append(decls, d)
			decls = append(decls, added...)
		}
		f.Decls = decls
	}
}

// captures reports whether a function literal refers to a variable, type or label declared
// around it (it could not move to the package level).
func (u *unit) captures(lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(lit, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := u.object(id)
		if obj == nil || obj.Pkg() != u.pkg || obj.Parent() == nil {
			return true
		}
		if v, ok := obj.(*types.Var); ok && v.IsField() {
			return true
		}
		if obj.Parent() == u.pkg.Scope() || obj.Parent() == types.Universe {
			return true
		}
		if obj.Pos() < lit.Pos() || obj.Pos() >= lit.End() {
			found = true
		}
		return true
	})
	return found
}

// usesPackageLevel reports whether n refers to anything declared at the package's top level
// (it could not move to another package).
func (u *unit) usesPackageLevel(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if obj := u.object(id); obj != nil && obj.Pkg() == u.pkg && obj.Parent() == u.pkg.Scope() {
				found = true
			}
		}
		return !found
	})
	return found
}

// refersTo reports whether n mentions the object obj.
func (u *unit) refersTo(n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && u.object(id) == obj && obj != nil {
			found = true
		}
		return !found
	})
	return found
}

// packagesUsed lists the imports n refers to, as path → the name it is referred to by.
func (u *unit) packagesUsed(n ast.Node) map[string]string {
	out := map[string]string{}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if pn, ok := u.object(id).(*types.PkgName); ok {
				out[pn.Imported().Path()] = pn.Name()
			}
		}
		return true
	})
	return out
}

// fixImports drops the imports a rewritten file no longer uses and adds those a rewrite
// asked for.
func (u *unit) fixImports(f *ast.File) {
	used := map[string]bool{}
	for _, p := range u.imports[f] {
		used[p] = true
	}
	for path := range u.packagesUsed(f) {
		used[path] = true
	}
	var kept []*ast.ImportSpec
	var decls []ast.Decl
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			decls = append(decls, d)
			continue
		}
		var specs []ast.Spec
		for _, s := range gd.Specs {
			is := s.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			if used[p] || (is.Name != nil && (is.Name.Name == "_" || is.Name.Name == ".")) {
				specs = append(specs, is)
				kept = append(kept, is)
				delete(used, p)
			}
		}
		if len(specs) > 0 {
			gd.Specs = specs
			decls = append(decls, gd)
		}
	}
	var added []string
	for p := range used {
		added = append(added, p)
	}
	sort.Strings(added)
	if len(added) > 0 {
		gd := &ast.GenDecl{Tok: token.IMPORT}
		for _, p := range added {
			is := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(p)}}
			gd.Specs = append(gd.Specs, is)
			kept = append(kept, is)
		}
		decls = append([]ast.Decl{gd}, decls...)
	}
	f.Decls = decls
	f.Imports = kept
}

// importSpecs writes the import declaration of a new file from path → name.
func importSpecs(paths map[string]string) *ast.GenDecl {
	var ps []string
	for p := range paths {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	gd := &ast.GenDecl{Tok: token.IMPORT}
	for _, p := range ps {
		is := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(p)}}
		if path.Base(p) != paths[p] {
			is.Name = ast.NewIdent(paths[p])
		}
		gd.Specs = append(gd.Specs, is)
	}
	return gd
}

// helperFile is the file of the package next to u's that holds helpers moved out of u,
// made on first use.
func (u *unit) helperFile() (*ast.File, string) {
	if len(u.extra) > 0 {
		return u.extra[0], u.pkg.Path() + "/mmhelp"
	}
	f := &ast.File{Name: ast.NewIdent("mmhelp")}
	u.extra = append(u.extra, f)
	u.extraAt = append(u.extraAt, path.Join(path.Dir(u.names[0]), "mmhelp", "mmhelp.go"))
	return f, u.pkg.Path() + "/mmhelp"
}

func exported(name string) string {
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// nameParams gives every parameter of a function a name, so that a call can pass them on:
// blank and unnamed ones get fresh names. It returns the arguments of that call and whether
// the last one is variadic.
func (u *unit) nameParams(ft *ast.FuncType) ([]ast.Expr, bool) {
	var args []ast.Expr
	variadic := false
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			f.Names = []*ast.Ident{ast.NewIdent(u.fresh("p"))}
		}
		for i, n := range f.Names {
			if n.Name == "_" {
				f.Names[i] = ast.NewIdent(u.fresh("p"))
			}
			args = append(args, ast.NewIdent(f.Names[i].Name))
		}
		if _, ok := f.Type.(*ast.Ellipsis); ok {
			variadic = true
		}
	}
	return args, variadic
}

// delegate is the body `return call(args...)` (or the bare call when there are no results).
func delegate(ft *ast.FuncType, fun ast.Expr, args []ast.Expr, variadic bool) *ast.BlockStmt {
	call := &ast.CallExpr{Fun: fun, Args: args}
	if variadic {
		call.Ellipsis = 1
	}
	if ft.Results == nil || len(ft.Results.List) == 0 {
		return &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: call}}}
	}
	return &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{call}}}}
}

// finish completes the rewritten package after its rewrite: the helper package gets its
// imports, the files lose the imports they no longer use. It returns every file to print with
// its path relative to the fixture module.
func (u *unit) finish() ([]*ast.File, []string) {
	if len(u.extra) > 0 {
		u.extra[0].Decls = append([]ast.Decl{importSpecs(u.helperImports)}, u.extra[0].Decls...)
	}
	for _, f := range u.files {
		u.fixImports(f)
	}
	return append(append([]*ast.File{}, u.files...), u.extra...), append(append([]string{}, u.names...), u.extraAt...)
}

// hasTypeParams reports whether a function declaration is generic or a method of a generic
// type.
func hasTypeParams(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return true
	}
	if fd.Recv != nil && len(fd.Recv.List) > 0 {
		t := fd.Recv.List[0].Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		switch t.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true
		}
	}
	return false
}
