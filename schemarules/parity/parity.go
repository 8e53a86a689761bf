// Package parity is the format-parity engine of the schema rules: statically, which leaves of
// a tool's output (as typewalk lists them) reach the text its content shows. The rules
// (schemarules' format-parity and format-parity-Unchecked) find where an output is rendered
// and ask the engine; the engine knows nothing of rules.
//
// The engine follows data backwards from the content (the sinks): through local variables and
// every statement that writes them (assignments, builders, fmt.Fprintf into a buffer), the
// conditions that guard those statements, range loops and Aliases over the output, and helper
// functions of the package. A leaf is shown when a read of it (or a whole-value use of a value
// above it, such as json.Marshal(out) or %v) lies on that path. It over-approximates flow on
// purpose: a field the engine cannot connect to the content is really Missing from it, while
// a value handed to code it cannot see (another package, a template) makes the leaves below it
// Unchecked rather than Missing.
//
// It reads recognition's result (mcpdefs), the def-use index (flow/defuse) and typewalk. It
// must not import a rule family, the rule framework, the registry or the driver;
// internal/layers' test pins it.
package parity

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow/defuse"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// Result is what the engine found for one rendering.
type Result struct {
	// Missing are the leaves the rendering does not show.
	Missing []*typewalk.Leaf
	// Unchecked holds why some leaves could not be followed ("" when all could).
	Unchecked string
}

type Engine struct {
	info *types.Info
	res  *mcpdefs.Result
	flow *defuse.Index
	walk *typewalk.Result
	// names maps a struct field (its origin) to its JSON property name.
	names map[*types.Var]string
	// reads are covering reads: a leaf at or above one of them, or below a whole read, is
	// shown.
	reads, wholes, unknown []typewalk.Path
	reason                 string
	helpers                map[string]bool
	depth                  int
	// variadic marks variadic parameters of helpers: ranging over or indexing them yields the
	// output values passed, not their elements.
	variadic map[types.Object]bool
}

func NewEngine(info *types.Info, res *mcpdefs.Result, flow *defuse.Index, walk *typewalk.Result) *Engine {
	e := &Engine{info: info, res: res, flow: flow, walk: walk, names: map[*types.Var]string{}, helpers: map[string]bool{}, variadic: map[types.Object]bool{}}
	for _, f := range walk.Fields {
		if f.Var != nil {
			e.names[f.Var] = f.Name
		}
	}
	return e
}

// Aliases map local variables to the output paths they hold (a variable may hold several:
// a variadic parameter, a variable assigned in two branches).
type Aliases map[types.Object][]typewalk.Path

func (a Aliases) Add(obj types.Object, p typewalk.Path) {
	for _, q := range a[obj] {
		if pathEqual(p, q) {
			return
		}
	}
	a[obj] = append(a[obj], p)
}

func pathEqual(a, b typewalk.Path) bool { return len(a) == len(b) && a.HasPrefix(b) }

// result decides each leaf.
func (e *Engine) Result() Result {
	var out Result
	out.Unchecked = e.reason
leaves:
	for _, l := range e.walk.Leaves {
		for _, u := range e.unknown {
			if l.Path.HasPrefix(u) {
				continue leaves
			}
		}
		for _, w := range e.wholes {
			if l.Path.HasPrefix(w) {
				continue leaves
			}
		}
		for _, r := range e.reads {
			if r.HasPrefix(l.Path) || l.Path.HasPrefix(r) && e.isLeafPath(r) {
				continue leaves
			}
		}
		out.Missing = append(out.Missing, l)
	}
	return out
}

// isLeafPath reports whether p is a leaf or below one (so reading it shows the leaf).
func (e *Engine) isLeafPath(p typewalk.Path) bool {
	for _, l := range e.walk.Leaves {
		if p.HasPrefix(l.Path) {
			return true
		}
	}
	return false
}

// isScalars reports whether everything below p is a leaf reached through array items or map
// values only (a []string, a map[string]int): handing such a value to any function shows
// its elements, as strings.Join does.
func (e *Engine) isScalars(p typewalk.Path) bool {
	found := false
	for _, l := range e.walk.Leaves {
		if !l.Path.HasPrefix(p) {
			continue
		}
		found = true
		for _, st := range l.Path[len(p):] {
			if st.Kind == typewalk.Property {
				return false
			}
		}
	}
	return found
}

// Func is a function under analysis, from the shared def-use index.
type Func struct{ *defuse.Func }

func (e *Engine) FuncOf(n ast.Node) *Func {
	if f := e.flow.Func(n); f != nil {
		return &Func{f}
	}
	return nil
}

// local reports whether obj is a variable declared inside f (parameters included).
func (f *Func) local(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && !v.IsField() && v.Pos() >= f.Node.Pos() && v.Pos() < f.Node.End()
}

// run analyses f with roots, following data back from sinks (nil: every expression of the
// body counts, as for helpers that receive output values).
func (e *Engine) Run(f *Func, roots Aliases, sinks []ast.Expr) {
	al := Aliases{}
	for k, v := range roots {
		for _, p := range v {
			al.Add(k, p)
		}
	}
	e.extendAliases(f, al)
	var exprs []ast.Expr
	if sinks == nil {
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if s, ok := n.(ast.Stmt); ok {
				exprs = append(exprs, stmtExprs(s)...)
			}
			return true
		})
	} else {
		exprs = e.backwardSlice(f, al, sinks)
	}
	for _, x := range exprs {
		e.scan(f, al, x)
	}
}

// extendAliases adds variables that take output paths inside f: range variables, plain
// assignments of a path, and variables assigned into the output's fields.
func (e *Engine) extendAliases(f *Func, al Aliases) {
	defs := e.flow.DefsIn(f.Body)
	for changed, rounds := true, 0; changed && rounds < 8; rounds++ {
		changed = false
		// x := out.Items, var x = out.Items: x holds what the value holds.
		for _, d := range defs {
			if d.Kind != defuse.DefAssign || d.Index >= 0 || !f.local(d.Obj) || len(al[d.Obj]) > 0 {
				continue
			}
			if paths := e.pathsOf(al, d.Rhs); len(paths) > 0 {
				al.Add(d.Obj, paths[0])
				changed = true
			}
		}
		ast.Inspect(f.Body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.RangeStmt:
				for _, base := range e.pathsOf(al, s.X) {
					t := e.info.TypeOf(s.X)
					if t == nil {
						continue
					}
					var step typewalk.Step
					if e.isVariadic(s.X) {
						if id, ok := s.Value.(*ast.Ident); ok {
							if obj := e.obj(id); obj != nil && len(al[obj]) == 0 {
								al.Add(obj, base)
								changed = true
							}
						}
						continue
					}
					switch under(t).(type) {
					case *types.Slice, *types.Array:
						step = typewalk.Step{Kind: typewalk.Items}
					case *types.Map:
						step = typewalk.Step{Kind: typewalk.Values}
					case *types.Pointer:
						step = typewalk.Step{Kind: typewalk.Items}
					default:
						continue
					}
					if id, ok := s.Value.(*ast.Ident); ok {
						if obj := e.obj(id); obj != nil && len(al[obj]) == 0 {
							al.Add(obj, base.With(step))
							changed = true
						}
					}
				}
			case *ast.AssignStmt:
				if len(s.Lhs) != len(s.Rhs) {
					return true
				}
				for i, rhs := range s.Rhs {
					lhs := s.Lhs[i]
					if _, ok := lhs.(*ast.Ident); ok {
						continue // a definition, followed above
					}
					// out.Count = n: n holds the output's count.
					if targets := e.pathsOf(al, lhs); len(targets) > 0 {
						if id, ok := ast.Unparen(rhs).(*ast.Ident); ok {
							if obj := e.obj(id); obj != nil && f.local(obj) && len(al[obj]) == 0 {
								for _, p := range targets {
									al.Add(obj, p)
								}
								changed = true
							}
						}
					}
				}
			}
			return true
		})
	}
}

func under(t types.Type) types.Type {
	u := t.Underlying()
	if p, ok := u.(*types.Pointer); ok {
		if a, ok := p.Elem().Underlying().(*types.Array); ok {
			return a
		}
	}
	return u
}

// isVariadic reports whether x names a variadic parameter holding output values.
func (e *Engine) isVariadic(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && e.variadic[e.obj(id)]
}

func (e *Engine) obj(id *ast.Ident) types.Object {
	if o := e.info.Defs[id]; o != nil {
		return o
	}
	return e.info.Uses[id]
}

// pathsOf returns the output paths an expression denotes: an alias, followed by field
// selections, indexes, dereferences and parentheses. Selecting a field outside the schema
// (unexported, json:"-") yields nothing.
func (e *Engine) pathsOf(al Aliases, x ast.Expr) []typewalk.Path {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.pathsOf(al, x.X)
	case *ast.StarExpr:
		return e.pathsOf(al, x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return e.pathsOf(al, x.X)
		}
	case *ast.Ident:
		if obj := e.obj(x); obj != nil {
			return al[obj]
		}
	case *ast.SelectorExpr:
		sel := e.info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal {
			return nil
		}
		base := e.pathsOf(al, x.X)
		if len(base) == 0 {
			return nil
		}
		v := sel.Obj().(*types.Var).Origin()
		if v.Anonymous() {
			return base
		}
		name, ok := e.names[v]
		if !ok {
			return nil
		}
		var out []typewalk.Path
		for _, b := range base {
			out = append(out, b.With(typewalk.Step{Kind: typewalk.Property, Name: name}))
		}
		return out
	case *ast.IndexExpr:
		base := e.pathsOf(al, x.X)
		t := e.info.TypeOf(x.X)
		if len(base) == 0 || t == nil {
			return nil
		}
		if e.isVariadic(x.X) {
			return base
		}
		var step typewalk.Step
		switch under(t).(type) {
		case *types.Slice, *types.Array:
			step = typewalk.Step{Kind: typewalk.Items}
		case *types.Map:
			step = typewalk.Step{Kind: typewalk.Values}
		default:
			// Indexing a string: still the same leaf.
			return base
		}
		var out []typewalk.Path
		for _, b := range base {
			out = append(out, b.With(step))
		}
		return out
	}
	return nil
}

// stmtExprs lists a simple statement's expressions (not those of nested blocks).
func stmtExprs(s ast.Stmt) []ast.Expr {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return append(append([]ast.Expr(nil), s.Rhs...), s.Lhs...)
	case *ast.ExprStmt:
		return []ast.Expr{s.X}
	case *ast.IncDecStmt:
		return []ast.Expr{s.X}
	case *ast.SendStmt:
		return []ast.Expr{s.Chan, s.Value}
	case *ast.ReturnStmt:
		return s.Results
	case *ast.DeclStmt:
		var out []ast.Expr
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					out = append(out, vs.Values...)
				}
			}
		}
		return out
	case *ast.IfStmt:
		return []ast.Expr{s.Cond}
	case *ast.SwitchStmt:
		if s.Tag != nil {
			return []ast.Expr{s.Tag}
		}
	case *ast.CaseClause:
		return s.List
	case *ast.ForStmt:
		if s.Cond != nil {
			return []ast.Expr{s.Cond}
		}
	case *ast.RangeStmt:
		return []ast.Expr{s.X}
	}
	return nil
}

// stmtInfo is a simple statement with the local variables it may write and the conditions
// that guard it.
type stmtInfo struct {
	exprs  []ast.Expr
	writes []types.Object
	guards []ast.Expr
}

// backwardSlice follows data backwards from the sinks through f's body (a program slice):
// every statement that may write a variable the sinks (transitively) use joins, with the
// conditions around it.
func (e *Engine) backwardSlice(f *Func, al Aliases, sinks []ast.Expr) []ast.Expr {
	byVar := map[types.Object][]*stmtInfo{}
	var guards []ast.Expr
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.FuncLit:
				// A closure's body writes variables too; walk it as part of f.
				return true
			case *ast.IfStmt:
				if s.Init != nil {
					visit(s.Init)
				}
				guards = append(guards, s.Cond)
				visit(s.Body)
				guards = guards[:len(guards)-1]
				if s.Else != nil {
					guards = append(guards, s.Cond)
					visit(s.Else)
					guards = guards[:len(guards)-1]
				}
				return false
			case *ast.ForStmt:
				if s.Init != nil {
					visit(s.Init)
				}
				if s.Cond != nil {
					guards = append(guards, s.Cond)
				}
				if s.Post != nil {
					visit(s.Post)
				}
				visit(s.Body)
				if s.Cond != nil {
					guards = guards[:len(guards)-1]
				}
				return false
			case *ast.RangeStmt:
				info := &stmtInfo{exprs: []ast.Expr{s.X}, guards: append([]ast.Expr(nil), guards...)}
				for _, kv := range []ast.Expr{s.Key, s.Value} {
					if id, ok := kv.(*ast.Ident); ok {
						if obj := e.obj(id); obj != nil {
							info.writes = append(info.writes, obj)
						}
					}
				}
				for _, w := range info.writes {
					byVar[w] = append(byVar[w], info)
				}
				guards = append(guards, s.X)
				visit(s.Body)
				guards = guards[:len(guards)-1]
				return false
			case *ast.SwitchStmt:
				if s.Init != nil {
					visit(s.Init)
				}
				for _, c := range s.Body.List {
					cc := c.(*ast.CaseClause)
					pushed := 0
					if s.Tag != nil {
						guards = append(guards, s.Tag)
						pushed++
					}
					guards = append(guards, cc.List...)
					pushed += len(cc.List)
					for _, st := range cc.Body {
						visit(st)
					}
					guards = guards[:len(guards)-pushed]
				}
				return false
			case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.DeclStmt, *ast.SendStmt:
				st := s.(ast.Stmt)
				info := &stmtInfo{exprs: stmtExprs(st), guards: append([]ast.Expr(nil), guards...)}
				info.writes = e.writes(f, st)
				for _, w := range info.writes {
					byVar[w] = append(byVar[w], info)
				}
				// Closures inside the statement are walked for their own statements.
				return true
			}
			return true
		})
	}
	visit(f.Body)

	var out []ast.Expr
	seenVar := map[types.Object]bool{}
	seenStmt := map[*stmtInfo]bool{}
	work := append([]ast.Expr(nil), sinks...)
	for len(work) > 0 {
		x := work[0]
		work = work[1:]
		if x == nil {
			continue
		}
		out = append(out, x)
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := e.obj(id)
			if obj == nil || seenVar[obj] || !f.local(obj) {
				return true
			}
			seenVar[obj] = true
			if len(al[obj]) > 0 {
				// The output itself (or an alias of it): what writes it is not shown.
				return true
			}
			for _, st := range byVar[obj] {
				if seenStmt[st] {
					continue
				}
				seenStmt[st] = true
				work = append(work, st.exprs...)
				work = append(work, st.guards...)
			}
			return true
		})
	}
	return out
}

// writes lists the local variables a simple statement may write: assignment targets (their
// root variable for t.x = ..., t[i] = ...), declared names, and variables a call may change
// (a method's receiver, &v arguments, arguments of reference type such as a *strings.Builder
// or an io.Writer).
func (e *Engine) writes(f *Func, s ast.Stmt) []types.Object {
	var out []types.Object
	addRoot := func(x ast.Expr) {
		x = astutil.ChainRoot(x)
		for u, ok := x.(*ast.UnaryExpr); ok; u, ok = x.(*ast.UnaryExpr) {
			x = astutil.ChainRoot(u.X) // &t.a, or an operand
		}
		if id, ok := x.(*ast.Ident); ok {
			if obj := e.obj(id); obj != nil && f.local(obj) {
				out = append(out, obj)
			}
		}
	}
	calls := func(x ast.Node) {
		ast.Inspect(x, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if s := e.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
					addRoot(sel.X)
				}
			}
			for _, a := range call.Args {
				if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
					addRoot(u.X)
					continue
				}
				if t := e.info.TypeOf(a); t != nil {
					switch t.Underlying().(type) {
					case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan:
						addRoot(a)
					}
				}
			}
			return true
		})
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			addRoot(l)
		}
		for _, r := range s.Rhs {
			calls(r)
		}
	case *ast.IncDecStmt:
		addRoot(s.X)
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						if obj := e.obj(n); obj != nil {
							out = append(out, obj)
						}
					}
					for _, v := range vs.Values {
						calls(v)
					}
				}
			}
		}
	case *ast.ExprStmt:
		calls(s.X)
	case *ast.SendStmt:
		addRoot(s.Chan)
	}
	return out
}

// scan records the output reads in x, classified by how each is used.
func (e *Engine) scan(f *Func, al Aliases, x ast.Expr) {
	astutil.InspectAncestors(x, func(n ast.Node, ancestors []ast.Node) bool {
		ex, isExpr := n.(ast.Expr)
		if !isExpr {
			return true
		}
		paths := e.pathsOf(al, ex)
		if len(paths) == 0 {
			return true
		}
		// Grow to the largest expression that still denotes output paths.
		node, above := ex, len(ancestors)
		for above > 0 {
			parent, ok := ancestors[above-1].(ast.Expr)
			if !ok || len(e.pathsOf(al, parent)) == 0 {
				break
			}
			node, above = parent, above-1
		}
		var parent ast.Node
		if above > 0 {
			parent = ancestors[above-1]
		}
		e.use(f, al, node, e.pathsOf(al, node), parent)
		// Do not descend into the path expression again.
		return false
	})
}

// use classifies one use of an output value.
func (e *Engine) use(f *Func, al Aliases, node ast.Expr, paths []typewalk.Path, parent ast.Node) {
	covering := func() {
		for _, p := range paths {
			if e.isLeafPath(p) {
				e.reads = append(e.reads, p)
			}
		}
	}
	whole := func() { e.wholes = append(e.wholes, paths...) }
	opaque := func(why string) {
		simple := true
		for _, p := range paths {
			if !e.isLeafPath(p) && !e.isScalars(p) {
				simple = false
			}
		}
		if simple {
			covering()
			whole()
			return
		}
		e.unknown = append(e.unknown, paths...)
		if e.reason == "" {
			e.reason = why
		}
	}
	switch p := parent.(type) {
	case *ast.CallExpr:
		if p.Fun == node {
			return
		}
		e.call(f, al, p, node, paths, covering, whole, opaque)
	case *ast.SelectorExpr:
		// A method called on the value.
		if sel := e.info.Selections[p]; sel != nil && sel.Kind() == types.MethodVal {
			m := sel.Obj().(*types.Func)
			if decl := e.res.Decl(m); decl != nil {
				e.helper(decl, func(h *Func) types.Object {
					// A nil *types.Var returned as types.Object would pass helper's nil check.
					if recv := h.Sig.Recv(); recv != nil {
						return recv
					}
					return nil
				}, paths)
				return
			}
			opaque(fmt.Sprintf("calls method %s of a value outside this package", m.FullName()))
		}
	case *ast.BinaryExpr:
		covering()
	case *ast.RangeStmt, *ast.AssignStmt, *ast.ValueSpec:
		// Aliases were taken; their reads count where they happen. A plain assignment to a
		// non-alias (a field of another struct) carries the value on.
		if as, ok := p.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if l == node {
					return
				}
			}
			for i, r := range as.Rhs {
				if r == node && i < len(as.Lhs) {
					if id, ok := as.Lhs[i].(*ast.Ident); ok && len(al[e.obj(id)]) > 0 {
						return
					}
				}
			}
			whole()
		}
	case *ast.KeyValueExpr, *ast.CompositeLit:
		// Copied into another value that flows to the content.
		whole()
	case *ast.ReturnStmt:
		whole()
	default:
		covering()
	}
}

// call classifies an output value passed to a call.
func (e *Engine) call(f *Func, al Aliases, call *ast.CallExpr, arg ast.Expr, paths []typewalk.Path, covering, whole func(), opaque func(string)) {
	if tv, ok := e.info.Types[call.Fun]; ok && tv.IsType() {
		// A conversion: string(out.Raw), float64(out.N).
		covering()
		return
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := e.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap":
				// A count shows none of the values.
			case "append", "copy":
				whole()
			default:
				covering()
			}
			return
		}
	}
	callee, _ := typeutil.Callee(e.info, call).(*types.Func)
	if callee != nil && callee.Pkg() != nil {
		switch callee.Pkg().Path() {
		case "fmt":
			whole()
			return
		case "encoding/json":
			switch callee.Name() {
			case "Marshal", "MarshalIndent", "Encode":
				whole()
				return
			}
		}
	}
	// A function or closure of this package: follow the argument into it.
	if target := e.res.FuncNode(call.Fun); target != nil {
		idx := -1
		for i, a := range call.Args {
			if a == arg {
				idx = i
			}
		}
		if idx >= 0 {
			e.helper(target, func(h *Func) types.Object {
				n := h.Sig.Params().Len()
				if n == 0 {
					return nil
				}
				if idx >= n-1 && h.Sig.Variadic() {
					return h.Sig.Params().At(n - 1)
				}
				if idx < n {
					return h.Sig.Params().At(idx)
				}
				return nil
			}, paths)
			return
		}
	}
	name := "a function"
	if callee != nil {
		name = callee.FullName()
	}
	opaque("passes output values to " + name)
}

// helper analyses a function of the package that receives output paths in one parameter:
// every read of that parameter in its body counts.
func (e *Engine) helper(node ast.Node, param func(*Func) types.Object, paths []typewalk.Path) {
	h := e.FuncOf(node)
	if h == nil {
		return
	}
	p := param(h)
	if p == nil {
		return
	}
	key := fmt.Sprintf("%p/%d", node, len(paths))
	for _, q := range paths {
		key += "/" + q.String()
	}
	if e.helpers[key] || e.depth > 4 {
		return
	}
	e.helpers[key] = true
	e.depth++
	defer func() { e.depth-- }()
	roots := Aliases{}
	for _, q := range paths {
		roots.Add(p, q)
	}
	if h.Sig.Variadic() && p == h.Sig.Params().At(h.Sig.Params().Len()-1) {
		e.variadic[p] = true
	}
	e.Run(h, roots, nil)
}

// SourceRoots maps the variables that hold a returned output value to output paths: the
// variable itself, and the variables given to its fields in a composite literal.
func (e *Engine) SourceRoots(f *Func, x ast.Expr) Aliases {
	roots := Aliases{}
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	var lits []*ast.CompositeLit
	switch v := x.(type) {
	case *ast.Ident:
		obj := e.obj(v)
		if obj == nil || !f.local(obj) {
			return roots
		}
		roots.Add(obj, nil)
		for _, d := range e.flow.Defs(obj) {
			if d.Kind != defuse.DefAssign || d.Index >= 0 {
				continue
			}
			r := ast.Unparen(d.Rhs)
			if u, ok := r.(*ast.UnaryExpr); ok {
				r = ast.Unparen(u.X)
			}
			if lit, ok := r.(*ast.CompositeLit); ok {
				lits = append(lits, lit)
			}
		}
	case *ast.CompositeLit:
		lits = append(lits, v)
	}
	for _, lit := range lits {
		st, ok := under(e.info.TypeOf(lit)).(*types.Struct)
		if !ok {
			continue
		}
		for i, elt := range lit.Elts {
			var field *types.Var
			value := elt
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if j := astutil.FieldIndex(st, id.Name); j >= 0 {
						field = st.Field(j)
					}
				}
				value = kv.Value
			} else if i < st.NumFields() {
				field = st.Field(i)
			}
			if field == nil {
				continue
			}
			name, ok := e.names[field.Origin()]
			if !ok {
				continue
			}
			if id, ok := ast.Unparen(value).(*ast.Ident); ok {
				if obj := e.obj(id); obj != nil && f.local(obj) {
					roots.Add(obj, typewalk.Path{{Kind: typewalk.Property, Name: name}})
				}
			}
		}
	}
	return roots
}
