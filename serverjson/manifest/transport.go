package manifest

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// This file tells which transport a piece of the program runs on, so that a variable read
// only where the program serves streamable HTTP or SSE is not demanded of a stdio install
// (and the other way round). It is answered on the flow engine's SSA. Code runs on a
// transport when it lies in a region that serves only that transport: a way out of a branch
// (the blocks that way dominates: a then or else, a case, a loop's body, what follows an
// early return), a function literal or a function whose code (through the module functions
// it refers to) starts only HTTP servers or only stdio, or the way a branch takes when a value
// equals a transport name ("http", "sse", "stdio", ...; a case of a switch is such a test, and
// `a == "sse" || a == "http"` a chain of them). A function outside any such region runs on the
// transports of the regions it is referred to from, which the main package works out from the
// edges every package exports; a function nobody in the module refers to (main, a method
// reached through an interface) runs on every transport.

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

// add adds what o does to s.
func (s *funcSummary) add(o funcSummary) {
	s.Serves |= o.Serves
	s.ReadsEnv = s.ReadsEnv || o.ReadsEnv
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
	fset     *token.FileSet
	pkg      *types.Package
	fl       *flow.Result
	imported func(*types.Package) map[string]funcSummary
	funcs    map[string]funcSummary
	serving  map[*ssa.Function]*serving
	literals map[*ssa.Function]funcSummary
	edges    map[callEdge]bool
}

func newTransports(info *types.Info, fset *token.FileSet, pkg *types.Package, fl *flow.Result) *transports {
	return &transports{info: info, fset: fset, pkg: pkg, fl: fl, funcs: map[string]funcSummary{},
		serving: map[*ssa.Function]*serving{}, literals: map[*ssa.Function]funcSummary{}, edges: map[callEdge]bool{}}
}

// referenced are the functions an instruction refers to: a function value among its
// operands (a static callee, a method value's wrapper, a function passed or stored), and the
// ServeHTTP of an http.Handler value it allocates (github-mcp-server builds its MCP handler
// per request in ServeHTTP, which a router calls). Literals are left to literalSummary.
func (t *transports) referenced(instr ssa.Instruction) []*types.Func {
	var out []*types.Func
	for _, op := range instr.Operands(nil) {
		if f, ok := (*op).(*ssa.Function); ok {
			if fn, ok := f.Object().(*types.Func); ok && fn.Pkg() != nil {
				out = append(out, fn)
			}
		}
	}
	if a, ok := instr.(*ssa.Alloc); ok {
		if fn, ok := handlerMethod(a.Type()); ok {
			out = append(out, fn)
		}
	}
	return out
}

// handlerMethod is the ServeHTTP method of the named type ptr points to, if it has one.
func handlerMethod(ptr types.Type) (*types.Func, bool) {
	p, ok := ptr.(*types.Pointer)
	if !ok {
		return nil, false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return nil, false
	}
	obj, _, _ := types.LookupFieldOrMethod(p, true, named.Obj().Pkg(), "ServeHTTP")
	fn, ok := obj.(*types.Func)
	return fn, ok && fn.Pkg() != nil
}

// summary is what fn does, as far as the module's summaries tell.
func (t *transports) summary(fn *types.Func) funcSummary {
	if fn.Pkg() == t.pkg {
		return t.funcs[funcKey(fn)]
	}
	return t.imported(fn.Pkg())[funcKey(fn)]
}

// does is what one instruction does: the transport a serving call serves, a read of a named
// variable, and what the functions and literals it refers to do.
func (t *transports) does(instr ssa.Instruction) funcSummary {
	var s funcSummary
	if c, ok := instr.(ssa.CallInstruction); ok {
		if call := t.fl.CallSyntax(c.Common().Pos()); call != nil {
			s.Serves = transportBits(sdkapi.ServedTransport(t.info, call))
			s.ReadsEnv = envReadName(t.info, call) != ""
		}
	}
	for _, fn := range t.referenced(instr) {
		s.add(t.summary(fn))
	}
	for _, op := range instr.Operands(nil) {
		if lit, ok := (*op).(*ssa.Function); ok && lit.Parent() != nil {
			s.add(t.literalSummary(lit))
		}
	}
	return s
}

// literalSummary is what a function literal does, with the literals inside it.
func (t *transports) literalSummary(lit *ssa.Function) funcSummary {
	if s, ok := t.literals[lit]; ok {
		return s
	}
	t.literals[lit] = funcSummary{} // in progress
	s := t.blocksDo(lit.Blocks)
	t.literals[lit] = s
	return s
}

func (t *transports) blocksDo(blocks []*ssa.BasicBlock) funcSummary {
	var s funcSummary
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			s.add(t.does(instr))
		}
	}
	return s
}

// declared are the package's declared functions and methods of files outside tests, with
// their SSA.
func (t *transports) declared() map[string]*ssa.Function {
	out := map[string]*ssa.Function{}
	for _, f := range t.fl.Functions() {
		fn, ok := f.Object().(*types.Func)
		if !ok || f.Parent() != nil || f.Syntax() == nil || t.inTestFile(f.Pos()) {
			continue
		}
		out[funcKey(fn)] = f
	}
	return out
}

func (t *transports) inTestFile(pos token.Pos) bool {
	return pos.IsValid() && isTestFile(t.fset.PositionFor(pos, false).Filename)
}

// summarize computes the summary of every function the package declares, to a fixpoint
// over the references inside the package: a literal's references are its function's.
func (t *transports) summarize() {
	decls := t.declared()
	keys := make([]string, 0, len(decls))
	for k := range decls {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for changed := true; changed; {
		changed = false
		clear(t.literals) // literals summarize what their callees did on the last round
		for _, k := range keys {
			s := t.blocksDo(decls[k].Blocks)
			if s != t.funcs[k] {
				t.funcs[k] = s
				changed = true
			}
		}
	}
}

// isWay reports whether d is a way out of a branch: it is reached only from the test that
// dominates it, or from a chain of tests that only compute their conditions (`a || b`, a case
// listing several values).
func isWay(d *ssa.BasicBlock) bool {
	p := d.Idom()
	if p == nil || len(d.Preds) == 0 {
		return false
	}
	for _, q := range d.Preds {
		if _, ok := q.Instrs[len(q.Instrs)-1].(*ssa.If); !ok || q != p && !(p.Dominates(q) && conditionOnly(q)) {
			return false
		}
	}
	return true
}

// namedWay is the transport a way selects when every test leading into it compares a value
// with transport names (0 if not, or if it names both).
func namedWay(d *ssa.BasicBlock) uint8 {
	var named uint8
	for _, q := range d.Preds {
		var name uint8
		if q.Succs[0] == d {
			name = comparedName(q.Instrs[len(q.Instrs)-1].(*ssa.If).Cond)
		}
		if name == 0 {
			return 0
		}
		named |= name
	}
	return regionTag(named)
}

// comparedName is the transport a condition selects by comparing a value with its name.
func comparedName(cond ssa.Value) uint8 {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL {
		return 0
	}
	return constName(bin.X) | constName(bin.Y)
}

func constName(v ssa.Value) uint8 {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return 0
	}
	return transportNames[strings.ToLower(constant.StringVal(c.Value))]
}

// serving is what the code of a function serves, by block: the block's own instructions, and
// the blocks it dominates with it.
type serving struct {
	own, dominated map[*ssa.BasicBlock]uint8
}

func (t *transports) servingOf(fn *ssa.Function) *serving {
	if s, ok := t.serving[fn]; ok {
		return s
	}
	s := &serving{own: map[*ssa.BasicBlock]uint8{}, dominated: map[*ssa.BasicBlock]uint8{}}
	var sum func(b *ssa.BasicBlock) uint8
	sum = func(b *ssa.BasicBlock) uint8 {
		own := t.blocksDo([]*ssa.BasicBlock{b}).Serves
		all := own
		for _, c := range b.Dominees() {
			all |= sum(c)
		}
		s.own[b], s.dominated[b] = own, all
		return all
	}
	if len(fn.Blocks) > 0 {
		sum(fn.Blocks[0])
	}
	t.serving[fn] = s
	return s
}

// blockTag is the tag of the innermost way out of a branch around site in its function: the
// transport the way selects by name, else what the code it dominates serves, leaving out the
// other ways of the branches between it and site (the other cases of a switch, the other
// branches of an else-if chain), which do not run with site.
func (t *transports) blockTag(site *ssa.BasicBlock) uint8 {
	sv := t.servingOf(site.Parent())
	serves := sv.dominated[site]
	for d, child := site, (*ssa.BasicBlock)(nil); d != nil; d, child = d.Idom(), d {
		if child != nil {
			serves |= sv.own[d]
			alternative := isWay(child)
			for _, k := range d.Dominees() {
				if k != child && !(alternative && isWay(k)) {
					serves |= sv.dominated[k]
				}
			}
		}
		if !isWay(d) {
			continue
		}
		if tag := namedWay(d); tag != 0 {
			return tag
		}
		if tag := regionTag(serves); tag != 0 {
			return tag
		}
	}
	return 0
}

// siteTag is the tag of the innermost deciding region around instr: the ways out of branches
// that dominate it, then its function, then, for a literal, the regions around where it is
// made.
func (t *transports) siteTag(instr ssa.Instruction) uint8 {
	fn, b := instr.Parent(), instr.Block()
	for fn != nil && !isPackageInit(fn) {
		if tag := t.blockTag(b); tag != 0 {
			return tag
		}
		if fn.Parent() == nil {
			decl, ok := fn.Object().(*types.Func)
			if !ok || isRoot(decl) {
				return 0
			}
			return regionTag(t.funcs[funcKey(decl)].Serves)
		}
		if tag := regionTag(t.literalSummary(fn).Serves); tag != 0 {
			return tag
		}
		made := flow.Referrers(fn)
		if len(made) == 0 {
			return 0
		}
		fn, b = made[0].Parent(), made[0].Block()
	}
	return 0
}

// isPackageInit reports whether fn is the package initialiser go/ssa synthesizes: package
// level, which no region decides.
func isPackageInit(fn *ssa.Function) bool {
	return fn.Synthetic != "" && fn.Parent() == nil && fn.Name() == "init"
}

// isRoot reports whether a function is where the program starts: main or an init.
func isRoot(fn *types.Func) bool {
	return fn.Signature().Recv() == nil && (fn.Name() == "init" || fn.Name() == "main")
}

// enclosingKey is the key of the declared function instr is in ("" at package level).
func enclosingKey(instr ssa.Instruction) string {
	if decl, ok := flow.Outermost(instr.Parent()).Object().(*types.Func); ok {
		return funcKey(decl)
	}
	return ""
}

// tagEdges records the edge each reference to a module function that reads the environment
// makes, outside test files.
func (t *transports) tagEdges() {
	for instr := range t.fl.Instructions() {
		top := flow.Outermost(instr.Parent())
		if isPackageInit(top) && (!instr.Pos().IsValid() || t.inTestFile(instr.Pos())) || t.inTestFile(top.Pos()) {
			continue
		}
		for _, fn := range t.referenced(instr) {
			if !t.summary(fn).ReadsEnv {
				continue
			}
			caller := enclosingKey(instr)
			if caller == funcKey(fn) {
				continue // recursion tells nothing
			}
			t.edges[callEdge{Caller: caller, Callee: funcKey(fn), Tag: t.siteTag(instr)}] = true
		}
	}
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
