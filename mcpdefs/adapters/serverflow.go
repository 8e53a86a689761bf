package adapters

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// serverFlow answers, on SSA, whether the server a registration registers on is one whose
// middleware turns handler errors into results: the constructor's value followed through
// locals, phis, captured variables and the parameters of the functions the package calls
// with it, however those functions are written (declared, a method value or a factory's
// closure held in a package variable, a literal).
type serverFlow struct {
	fl *flow.Result
	// converting are the SSA calls of the package's constructors of converting servers.
	converting map[*ssa.Call]bool
	// sites are the calls of each function of the package: direct, through a package
	// variable that holds it, and a bound method's wrapper's call of the method.
	sites map[*ssa.Function][]*ssa.Call
	memo  map[ssa.Value]bool
}

// newServerFlow indexes the package's server constructor calls and call sites; nil when the
// package has no SSA or no converting server.
func (r *Finder) newServerFlow() *serverFlow {
	if r.flow.Package() == nil {
		return nil
	}
	sf := &serverFlow{fl: r.flow, converting: map[*ssa.Call]bool{}, memo: map[ssa.Value]bool{}}
	for _, s := range r.Servers() {
		call, ok := s.Node.(*ast.CallExpr)
		if !ok {
			continue
		}
		if c := r.flow.CallAt(call.Lparen); c != nil && s.ToolErrorsAsResults {
			sf.converting[c] = true
		}
	}
	if len(sf.converting) == 0 {
		return nil
	}
	sf.sites = map[*ssa.Function][]*ssa.Call{}
	wrappers := map[*ssa.Function]bool{}
	var note func(instr ssa.Instruction)
	note = func(instr ssa.Instruction) {
		c, ok := instr.(*ssa.Call)
		if !ok || c.Call.IsInvoke() {
			return
		}
		callee := sf.fl.Called(c)
		if callee == nil {
			return
		}
		sf.sites[callee] = append(sf.sites[callee], c)
		if callee.Synthetic != "" && !wrappers[callee] {
			// A bound method's wrapper calls the method.
			wrappers[callee] = true
			for _, b := range callee.Blocks {
				for _, instr := range b.Instrs {
					note(instr)
				}
			}
		}
	}
	for instr := range r.flow.Instructions() {
		note(instr)
	}
	return sf
}

// registeredOnConverting reports whether the registering call reg registers on a converting
// server: the receiver of s.AddTool(...), or the first argument of mcp.AddTool(s, ...).
func (sf *serverFlow) registeredOnConverting(r *Finder, reg *ast.CallExpr) bool {
	if sf == nil || reg == nil {
		return false
	}
	c := r.flow.CallAt(reg.Lparen)
	if c == nil {
		return false
	}
	if c.Call.IsInvoke() {
		return sf.isConverting(c.Call.Value, 0)
	}
	if len(c.Call.Args) == 0 {
		return false
	}
	return sf.isConverting(c.Call.Args[0], 0)
}

// argConverting reports whether parameter i of the function call calls is given a converting
// server (a layer's `AddTools(s, ...)` called with a registrar's parameter).
func (sf *serverFlow) argConverting(r *Finder, call *ast.CallExpr, i int) bool {
	if sf == nil {
		return false
	}
	c := r.flow.CallAt(call.Lparen)
	if c == nil || c.Call.IsInvoke() {
		return false
	}
	if c.Call.Signature().Recv() != nil {
		i++ // a static method call's receiver is its first argument
	}
	return i < len(c.Call.Args) && sf.isConverting(c.Call.Args[i], 0)
}

// isConverting reports whether v is always a converting server: every value it can be is
// the result of a converting constructor.
func (sf *serverFlow) isConverting(v ssa.Value, depth int) bool {
	if v == nil || depth > mcpmodel.MaxDepth {
		return false
	}
	v = flow.Core(v)
	if got, ok := sf.memo[v]; ok {
		return got
	}
	sf.memo[v] = false // a cycle answers no until an answer is known
	got := sf.converts(v, depth)
	sf.memo[v] = got
	return got
}

func (sf *serverFlow) converts(v ssa.Value, depth int) bool {
	switch x := v.(type) {
	case *ssa.Call:
		return sf.converting[x]
	case *ssa.Phi:
		return sf.allConverting(x.Edges, depth)
	case *ssa.UnOp:
		// A local the server is stored in, in the function or in a cell a closure captures.
		if x.Op != token.MUL {
			return false
		}
		switch addr := x.X.(type) {
		case *ssa.Alloc:
			return sf.allConverting(flow.Stored(addr), depth)
		case *ssa.FreeVar:
			return sf.isConverting(addr, depth+1)
		}
		return false
	case *ssa.Parameter:
		// Every call of the function passes a converting server.
		fn := x.Parent()
		i := slices.Index(fn.Params, x)
		calls := sf.sites[fn]
		if i < 0 || len(calls) == 0 {
			return false
		}
		for _, c := range calls {
			if i >= len(c.Call.Args) || !sf.isConverting(c.Call.Args[i], depth+1) {
				return false
			}
		}
		return true
	case *ssa.FreeVar:
		// Every closure of the literal binds a converting server (or a cell that holds one).
		fn := x.Parent()
		k := slices.Index(fn.FreeVars, x)
		refs := fn.Referrers()
		if k < 0 || refs == nil {
			return false
		}
		var bound []ssa.Value
		for _, ref := range *refs {
			mc, ok := ref.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || k >= len(mc.Bindings) {
				return false
			}
			bound = append(bound, mc.Bindings[k])
		}
		return sf.allConverting(bound, depth)
	case *ssa.Alloc:
		// A captured cell: what the enclosing function stores in it.
		return sf.allConverting(flow.Stored(x), depth)
	}
	return false
}

func (sf *serverFlow) allConverting(vs []ssa.Value, depth int) bool {
	return flow.Every(vs, func(v ssa.Value) bool { return sf.isConverting(v, depth+1) })
}
