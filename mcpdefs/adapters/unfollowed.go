package adapters

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// Unfollowed records, as unmapped, each call by which a recognised tool handler hands the
// tool's request or arguments to a function value that no adapter of this package maps: a
// map or slice element, a field of a value built elsewhere, an interface method, a function a
// call returned. The functions behind such a call are the tool's real handlers, and nothing
// checks them; the run's coverage says so instead of counting the tool as checked. Run it
// last, once every adapter phase has said which calls it follows.
func (r *Finder) Unfollowed() {
	if r.Exporting() {
		r.valueFuncs()
	}
	for _, h := range r.Handlers() {
		if h.Kind != mcpmodel.Tool || h.Body == nil {
			continue
		}
		fn := r.flow.Function(h.Node)
		if fn == nil {
			continue
		}
		r.delegateSites(h)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if ok && r.flow.Called(c) != nil {
					r.unfollowedInHelper(h, c)
				}
				if !ok || r.flow.Called(c) != nil || r.followed[c.Pos()] || !returnsError(c) {
					continue
				}
				if _, builtin := c.Call.Value.(*ssa.Builtin); builtin || r.HandlerShape(c.Call.Signature()) {
					// An SDK handler (the next one of a middleware chain, a map of SDK
					// handlers) is recognised by its type wherever it is declared.
					continue
				}
				call := flow.CallExprAt(h.Node, c.Pos())
				if call == nil || r.unmapped[call] || !r.handsArguments(h, call) {
					continue
				}
				u := mcpmodel.Unmapped{
					Adapter: r.writtenIn(h), Call: call, SDK: h.SDK,
					Reason: "the handler hands the tool's arguments to " + astutil.FuncValueText(r.pass.TypesInfo, call.Fun) + " that recognition does not follow",
				}
				site, reason, ok := r.layerSite(h, c, call)
				if ok {
					// The module graph may still resolve it (mcpdefs.Options.Layered).
					r.sites = append(r.sites, site)
					u.Site = true
				} else {
					u.Reason = reason
				}
				r.AddUnmapped(u)
			}
		}
	}
}

// unfollowedInHelper records, as unmapped, handler h's call c of a function of the package
// that is handed the tool's request or arguments and calls an interface method on one of its
// own parameters (SafeLine's handleToolCall(ctx, request, tool) calling tool.Execute): the
// implementations are the tool's real handlers, and nothing maps them.
func (r *Finder) unfollowedInHelper(h *mcpmodel.Handler, c *ssa.Call) {
	f := r.flow.Called(c)
	call := flow.CallExprAt(h.Node, c.Pos())
	if f == nil || f.Pkg != r.flow.Package() || call == nil || r.unmapped[call] || !r.handsArguments(h, call) {
		return
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			ic, ok := instr.(*ssa.Call)
			if !ok || !ic.Call.IsInvoke() || !returnsError(ic) || r.followed[ic.Pos()] {
				continue
			}
			if r.HandlerShape(ic.Call.Signature()) || !slices.ContainsFunc(ic.Call.Args, r.handsInput(h, f, c, call)) {
				continue
			}
			// The receiver is a parameter (SafeLine's tool), or a value the helper looks up
			// itself (a manager's handler found by the tool's name).
			recv := types.TypeString(ic.Call.Value.Type(), types.RelativeTo(r.pass.Pkg))
			if p, isParam := ic.Call.Value.(*ssa.Parameter); isParam && slices.Contains(f.Params, p) {
				recv = p.Name()
			}
			r.AddUnmapped(mcpmodel.Unmapped{Adapter: r.writtenIn(h), Call: call, SDK: h.SDK,
				Reason: "the handler hands the tool's arguments to " + types.ExprString(call.Fun) + ", which calls the interface method " + recv + "." + ic.Call.Method.Name() + " that recognition does not follow"})
			return
		}
	}
}

// handsInput reports, for an argument of a call in f (which h's call c calls), whether it is
// the tool's input as f has it: a parameter given h's request, arguments or typed input, or
// a variable json.Unmarshal decodes into (a service call, handed values derived from them, is
// no layer).
func (r *Finder) handsInput(h *mcpmodel.Handler, f *ssa.Function, c *ssa.Call, call *ast.CallExpr) func(ssa.Value) bool {
	offset := len(c.Call.Args) - len(call.Args) // a method's receiver
	var input func(a ssa.Value, depth int) bool
	input = func(a ssa.Value, depth int) bool {
		a = flow.Core(a)
		if ac, ok := a.(*ssa.Call); ok && depth > 0 && ac.Call.StaticCallee() != nil {
			// A copy of the input the helper made (`stripBrokerParam(params)`): a call that
			// is given the input and returns a value of the same type.
			return slices.ContainsFunc(ac.Call.Args, func(x ssa.Value) bool {
				return types.Identical(x.Type(), ac.Type()) && input(x, depth-1)
			})
		}
		if p, ok := a.(*ssa.Parameter); ok {
			i := slices.Index(f.Params, p) - offset
			return i >= 0 && i < len(call.Args) && r.args().HandsOn(h, &ast.CallExpr{Fun: call.Fun, Args: call.Args[i : i+1]}, true)
		}
		ld, ok := a.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		return slices.ContainsFunc(flow.CallsGiven(ld.X), func(u *ssa.Call) bool { return flow.CallsFunc(u, "encoding/json", "Unmarshal") })
	}
	return func(a ssa.Value) bool { return input(a, 1) }
}

// writtenIn is the declared function h is, or is written in; nil for a literal outside any.
func (r *Finder) writtenIn(h *mcpmodel.Handler) *types.Func {
	if fd, ok := h.Node.(*ast.FuncDecl); ok {
		fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		return fn
	}
	return r.declaredIn(h)
}

// follow records that an adapter phase maps call: the functions it runs are handlers.
func (r *Finder) follow(pos token.Pos) { r.followed[pos] = true }

// returnsError reports whether c's last result is an error.
func returnsError(c *ssa.Call) bool {
	res := c.Call.Signature().Results()
	return res.Len() > 0 && astutil.IsError(res.At(res.Len()-1).Type())
}

// handsArguments reports whether call hands on h's request, its raw or decoded arguments, or
// an input whose type is a type parameter (a generic layer's), rather than values the handler
// derived: what tells a tool layer's call from a service call. A typed handler's concrete
// input handed on is a service call's argument, not a layer's.
func (r *Finder) handsArguments(h *mcpmodel.Handler, call *ast.CallExpr) bool {
	_, generic := types.Unalias(inputType(h)).(*types.TypeParam)
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return r.IsArguments(a, h) }) ||
		r.args().HandsOn(h, call, generic)
}

func inputType(h *mcpmodel.Handler) types.Type {
	if h.Input == nil {
		return nil
	}
	return h.Input.Type()
}

// Layers returns the package's layer sites, the function values it takes and the method sets
// it converts to interfaces (see LayerSite).
func (r *Finder) Layers() ([]LayerSite, []ValueFunc, []MethodSet) {
	return r.sites, r.values, r.methodSets
}

// UntypedHandlers finds the calls by which a handler passes on the results of a function
// value of a typed handler's signature whose typed input it hands something other than the
// tool's arguments (planetscale's `return def.handler(ctx, request, ch)`, ch a
// *cmdutil.Helper): the functions of that signature are typed handlers by their signature
// alone, and no SDK decodes arguments into their last parameter. This package's are told
// here, before delegates copy their input; for functions elsewhere the call is a site for
// the module graph (bind). Run it before PassThroughAdapters.
func (r *Finder) UntypedHandlers() {
	done := map[*types.Signature]bool{}
	for _, h := range append([]*mcpmodel.Handler(nil), r.Handlers()...) {
		fn := r.flow.Function(h.Node)
		if h.Kind != mcpmodel.Tool || fn == nil {
			continue
		}
		for _, p := range r.flow.Paths(fn) {
			if len(p.Results) == 0 {
				continue
			}
			c, _ := flow.Extracted(p.Results[0].Value)
			if c == nil || done[c.Call.Signature()] || c.Call.IsInvoke() || r.flow.Called(c) != nil || !flow.ReturnsWhole(p, c) || !r.HandlerShape(c.Call.Signature()) {
				continue
			}
			call := flow.CallExprAt(h.Node, c.Pos())
			// Every SDK handler shape of three parameters takes a typed input last.
			if call == nil || len(call.Args) != 3 {
				continue
			}
			input := r.args().InputArg(h, call.Args)
			if input == 2 {
				continue
			}
			done[c.Call.Signature()] = true
			if r.untypeLocal(c.Call.Signature()) {
				// The module graph is asked only for functions elsewhere: it costs a second
				// round over their packages.
				continue
			}
			if site, _, ok := r.layerSite(h, c, call); ok && site.Mapping.Via == mcpmodel.ShapePassThrough {
				site.Mapping.InputArg, site.Mapping.ArgsRead = input, true
				r.sites = append(r.sites, site)
			}
		}
	}
}

// untypeLocal untypes this package's handlers of signature sig, and reports whether there
// were any.
func (r *Finder) untypeLocal(sig *types.Signature) bool {
	found := false
	for _, h := range r.Handlers() {
		if h.Shape == mcpmodel.ShapeSDK && h.In != nil && types.Identical(h.Sig, sig) {
			untype(h)
			found = true
		}
	}
	return found
}

// untype makes a handler typed by its signature alone a handler without typed input.
func untype(h *mcpmodel.Handler) {
	if h.Shape == mcpmodel.ShapeSDK {
		h.In, h.Input = nil, nil
	}
}
