package manifest

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// This file tells which transport a piece of the program runs on, so that a variable read
// only where the program serves streamable HTTP or SSE is not demanded of a stdio install
// (and the other way round). Code runs on a transport when it lies in a region that serves
// only that transport: a branch, case, function literal or function whose body (through the
// module functions it calls) starts only HTTP servers or only stdio, or an `if`/`case` that
// compares a value with a transport name ("http", "sse", "stdio", ...). A function outside
// any such region runs on the transports of the regions it is called from, which the main
// package works out from the call edges every package exports; a function nobody in the
// module calls (main, a method reached through an interface) runs on every transport.

// Transport bits. Zero on a region means it does not decide.
const (
	onStdio uint8 = 1 << iota
	onHTTP
	onOther // a custom transport, or one not known statically: decides nothing

	onEvery = onStdio | onHTTP
)

// transportBits turns what a serving call serves into a transport bit.
func transportBits(t sdkapi.Transport) uint8 {
	switch t {
	case sdkapi.TransportStdio:
		return onStdio
	case sdkapi.TransportHTTP:
		return onHTTP
	case sdkapi.TransportOther:
		return onOther
	}
	return 0
}

// regionTag is the transport a region that serves the given transports decides: one of them
// alone, or nothing.
func regionTag(serves uint8) uint8 {
	if serves == onStdio || serves == onHTTP {
		return serves
	}
	return 0
}

// transportNames are the values programs compare a transport setting with (a flag, an
// environment variable, a config field), by the transport they select.
var transportNames = map[string]uint8{
	"stdio": onStdio,
	"http":  onHTTP, "sse": onHTTP, "streamable-http": onHTTP, "streamable_http": onHTTP,
	"streamablehttp": onHTTP, "streamable": onHTTP, "http-stream": onHTTP,
}

// funcSummary is what a module function does, through everything it calls.
type funcSummary struct {
	Serves   uint8 // the transports it serves over
	ReadsEnv bool  // it reads an environment variable
}

// namedSummary is a function's summary in a fact.
type namedSummary struct {
	Func    string
	Summary funcSummary
}

// callEdge is a reference to a module function that reads the environment, from the
// function Caller ("" at package level) in a region deciding Tag (0: none).
type callEdge struct {
	Caller, Callee string
	Tag            uint8
}

// envSite is where a read lies: in the function Func ("" at package level), in a region
// deciding Tag (0: none).
type envSite struct {
	Func string
	Tag  uint8
}

func funcKey(fn *types.Func) string { return fn.Origin().FullName() }

// transports works out, for one package, the function summaries, and tags reads and edges.
type transports struct {
	info     *types.Info
	pkg      *types.Package
	imported func(*types.Package) map[string]funcSummary
	funcs    map[string]funcSummary
	regions  map[ast.Node]uint8
	edges    map[callEdge]bool
}

// funcOf is the function or method id refers to. Only module functions have summaries
// (those of this package, or of one that exported facts); others summarize to nothing.
func (t *transports) funcOf(id *ast.Ident) (*types.Func, bool) {
	fn, ok := t.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil, false
	}
	return fn, true
}

// handlerMethod is the ServeHTTP method of the type a composite literal builds, if it has
// one: a value built as an http.Handler serves what its ServeHTTP serves, which a router
// calls (github-mcp-server builds its MCP handler per request in ServeHTTP).
func (t *transports) handlerMethod(lit *ast.CompositeLit) (*types.Func, bool) {
	named, ok := types.Unalias(t.info.TypeOf(lit)).(*types.Named)
	if !ok {
		return nil, false // slices, maps and anonymous structs have no methods
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "ServeHTTP")
	fn, ok := obj.(*types.Func)
	return fn, ok && fn.Pkg() != nil
}

// refersTo is the function a node calls or refers to: an identifier naming a function
// or method, or a composite literal of an http.Handler type (its ServeHTTP).
func (t *transports) refersTo(n ast.Node) (*types.Func, bool) {
	switch x := n.(type) {
	case *ast.Ident:
		return t.funcOf(x)
	case *ast.CompositeLit:
		return t.handlerMethod(x)
	}
	return nil, false
}

// summary is what fn does, as far as the module's summaries tell.
func (t *transports) summary(fn *types.Func) funcSummary {
	if fn.Pkg() == t.pkg {
		return t.funcs[funcKey(fn)]
	}
	return t.imported(fn.Pkg())[funcKey(fn)]
}

// summarize computes the summary of every function declared in files, to a fixpoint over
// the calls inside the package.
func (t *transports) summarize(files []*ast.File) {
	type decl struct {
		key     string
		own     funcSummary
		callees []*types.Func
	}
	var decls []*decl
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := t.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			dc := &decl{key: funcKey(fn)}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					dc.own.Serves |= transportBits(sdkapi.ServedTransport(t.info, x))
					if envReadName(t.info, x) != "" {
						dc.own.ReadsEnv = true
					}
				}
				if fn, ok := t.refersTo(n); ok {
					dc.callees = append(dc.callees, fn)
				}
				return true
			})
			decls = append(decls, dc)
			t.funcs[dc.key] = dc.own
		}
	}
	for changed := true; changed; {
		changed = false
		for _, dc := range decls {
			s := t.funcs[dc.key]
			for _, c := range dc.callees {
				cs := t.summary(c)
				s.Serves |= cs.Serves
				s.ReadsEnv = s.ReadsEnv || cs.ReadsEnv
			}
			if s != t.funcs[dc.key] {
				t.funcs[dc.key] = s
				changed = true
			}
		}
	}
}

// reach is the tag of a region decided by what it serves.
func (t *transports) reach(n ast.Node) uint8 {
	if tag, ok := t.regions[n]; ok {
		return tag
	}
	var serves uint8
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			serves |= transportBits(sdkapi.ServedTransport(t.info, x))
		}
		if fn, ok := t.refersTo(n); ok {
			serves |= t.summary(fn).Serves
		}
		return true
	})
	t.regions[n] = regionTag(serves)
	return t.regions[n]
}

// siteTag is the tag of the innermost deciding region around the node at cur.
func (t *transports) siteTag(cur inspector.Cursor) uint8 {
	child := cur.Node()
	for anc := cur.Parent(); anc.Node() != nil; child, anc = anc.Node(), anc.Parent() {
		var tag uint8
		switch a := anc.Node().(type) {
		case *ast.IfStmt:
			if child == a.Body {
				if tag = t.namedTransport(a.Cond); tag == 0 {
					tag = t.reach(a.Body)
				}
			} else if child == a.Else {
				tag = t.reach(a.Else)
			}
		case *ast.CaseClause:
			if isStmt(child, a.Body) {
				if sw, ok := anc.Parent().Parent().Node().(*ast.SwitchStmt); ok {
					tag = t.caseTransport(sw, a)
				}
				if tag == 0 {
					tag = t.reach(a)
				}
			}
		case *ast.FuncLit:
			if child == a.Body {
				tag = t.reach(a.Body)
			}
		case *ast.FuncDecl:
			if child == a.Body && !isRoot(a) {
				if fn, ok := t.info.Defs[a.Name].(*types.Func); ok {
					tag = regionTag(t.funcs[funcKey(fn)].Serves)
				}
			}
		}
		if tag != 0 {
			return tag
		}
	}
	return 0
}

func isStmt(n ast.Node, list []ast.Stmt) bool {
	for _, s := range list {
		if s == n {
			return true
		}
	}
	return false
}

// isRoot reports whether a function is where the program starts: main or an init.
func isRoot(fd *ast.FuncDecl) bool {
	return fd.Recv == nil && (fd.Name.Name == "init" || fd.Name.Name == "main")
}

// namedTransport is the transport an if condition selects by comparing a value with transport
// names: `transport == "http"`, `mode == "sse" || mode == "streamable-http"`. Only the then
// branch is told: an else after "sse" may still be streamable HTTP.
func (t *transports) namedTransport(cond ast.Expr) uint8 {
	var tag uint8
	for _, c := range disjuncts(cond) {
		be, ok := ast.Unparen(c).(*ast.BinaryExpr)
		if !ok || be.Op != token.EQL {
			return 0
		}
		name := t.transportName(be.X) | t.transportName(be.Y)
		if name == 0 {
			return 0
		}
		tag |= name
	}
	return regionTag(tag)
}

// caseTransport is the transport a case of a switch on a transport setting selects.
func (t *transports) caseTransport(sw *ast.SwitchStmt, cc *ast.CaseClause) uint8 {
	if sw.Tag == nil || len(cc.List) == 0 {
		return 0
	}
	var tag uint8
	for _, e := range cc.List {
		name := t.transportName(e)
		if name == 0 {
			return 0
		}
		tag |= name
	}
	return regionTag(tag)
}

func (t *transports) transportName(e ast.Expr) uint8 {
	tv := t.info.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return 0
	}
	return transportNames[strings.ToLower(constant.StringVal(tv.Value))]
}

func disjuncts(e ast.Expr) []ast.Expr {
	if be, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && be.Op == token.LOR {
		return append(disjuncts(be.X), disjuncts(be.Y)...)
	}
	return []ast.Expr{e}
}

// enclosingFunc is the key of the function declaration around the node at cur ("" at
// package level).
func (t *transports) enclosingFunc(cur inspector.Cursor) string {
	for c := range cur.Parent().Enclosing((*ast.FuncDecl)(nil)) {
		if fn, ok := t.info.Defs[c.Node().(*ast.FuncDecl).Name].(*types.Func); ok {
			return funcKey(fn)
		}
	}
	return ""
}

// visit records the edge a reference to a module function that reads the environment makes.
func (t *transports) visit(cur inspector.Cursor) {
	fn, ok := t.refersTo(cur.Node())
	if !ok || !t.summary(fn).ReadsEnv {
		return
	}
	caller := t.enclosingFunc(cur)
	if caller == funcKey(fn) {
		return // recursion tells nothing
	}
	t.edges[callEdge{Caller: caller, Callee: funcKey(fn), Tag: t.siteTag(cur)}] = true
}

func (t *transports) sortedEdges() []callEdge {
	out := make([]callEdge, 0, len(t.edges))
	for e := range t.edges {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Caller != b.Caller {
			return a.Caller < b.Caller
		}
		if a.Callee != b.Callee {
			return a.Callee < b.Callee
		}
		return a.Tag < b.Tag
	})
	return out
}

// readTransports works out, in the main package, the transports each function runs on from
// the edges of the whole program.
func readTransports(edges []callEdge) func(fn string) uint8 {
	in := map[string][]callEdge{}
	for _, e := range edges {
		in[e.Callee] = append(in[e.Callee], e)
	}
	memo := map[string]uint8{}
	var on func(fn string) uint8
	on = func(fn string) uint8 {
		if fn == "" {
			return onEvery
		}
		if v, ok := memo[fn]; ok {
			return v
		}
		memo[fn] = 0 // in progress: a cycle adds nothing
		var tag uint8
		for _, e := range in[fn] {
			if e.Tag != 0 {
				tag |= e.Tag
			} else {
				tag |= on(e.Caller)
			}
		}
		if tag == 0 {
			tag = onEvery // called from nowhere the module shows (main, an interface)
		}
		memo[fn] = tag
		return tag
	}
	return on
}

// transportList names the transports of a tag, as serverjson.EnvRead.Transports does (nil:
// every transport).
func transportList(tag uint8) []string {
	switch tag & onEvery {
	case onStdio:
		return []string{"stdio"}
	case onHTTP:
		return []string{"http"}
	}
	return nil
}
