package flow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// ErrorAsText marks a function of the module that uses some of its error parameters only for
// their text: it calls their Error method, prints them with fmt, compares them with nil, or
// hands them to a function that does the same. Wrapping an error with %w before giving it to
// such a function changes nothing it does: `to.Error(fmt.Errorf("[id] %v", err))` where
// to.Error builds a tool result from err.Error().
type ErrorAsText struct {
	// Params are the indexes of those parameters, the receiver first.
	Params []int
}

func (*ErrorAsText) AFact()         {}
func (*ErrorAsText) String() string { return "uses an error only as text" }

// maxTextDepth bounds how far the question follows an error through the package's calls.
const maxTextDepth = 4

// computeErrorText exports ErrorAsText for the package's declared functions.
func (r *Result) computeErrorText() {
	for _, f := range r.funcs {
		obj, ok := f.Object().(*types.Func)
		if !ok || obj.Pkg() != r.pass.Pkg {
			continue
		}
		if params := r.textParams(f); len(params) > 0 {
			r.pass.ExportObjectFact(obj, &ErrorAsText{Params: params})
		}
	}
	// Exported variables that hold one function for the whole run (`var Error =
	// (&results{}).Error`, a factory's closure): callers in other packages call through them.
	for _, m := range r.pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || g.Object() == nil || !g.Object().Exported() {
			continue
		}
		if _, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Signature); !ok {
			continue
		}
		if f := r.globalHolds(g, 1); f != nil {
			if params := r.textParams(f); len(params) > 0 {
				r.pass.ExportObjectFact(g.Object(), &ErrorAsText{Params: params})
			}
		}
	}
}

// textParams are the indexes of f's error parameters that f uses only as text.
func (r *Result) textParams(f *ssa.Function) []int {
	var params []int
	for i, p := range f.Params {
		if isError(p.Type()) && r.textOnly(p, 0) {
			params = append(params, i)
		}
	}
	return params
}

// TextOnly reports whether every use of v, an error, takes only its text (ErrorAsText): then
// whether v wraps its cause changes nothing.
func (r *Result) TextOnly(v ssa.Value) bool {
	if r == nil || v == nil {
		return false
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false // a value nothing uses is not a question about text
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.textOnly(v, 0)
}

func (r *Result) textOnly(v ssa.Value, depth int) bool {
	if depth > maxTextDepth {
		return false
	}
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch x := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if (x.Op != token.EQL && x.Op != token.NEQ) || !isNilConst(x.X) && !isNilConst(x.Y) {
				return false
			}
		case *ssa.ChangeInterface:
			if !r.textOnly(x, depth+1) {
				return false
			}
		case *ssa.MakeInterface:
			if !r.textOnly(x, depth+1) {
				return false
			}
		case *ssa.Store:
			if x.Val != v || !printedVararg(x.Addr) {
				return false
			}
		case *ssa.Call:
			if !r.callUsesText(x, v, depth) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// callUsesText reports whether call uses v only for its text: v.Error(), or v given to a
// parameter that is text only.
func (r *Result) callUsesText(call *ssa.Call, v ssa.Value, depth int) bool {
	c := call.Common()
	if c.IsInvoke() {
		return c.Value == v && c.Method.Name() == "Error" && len(c.Args) == 0
	}
	if c.Value == v {
		return false // called, not formatted
	}
	callee := r.calledFunction(call)
	var fact *ErrorAsText // what another package says of the function or variable called
	switch {
	case callee == nil:
		// Another package's variable that holds one function carries the fact.
		g := loadedGlobal(c.Value)
		if g == nil || g.Object() == nil || g.Object().Pkg() == r.pass.Pkg {
			return false
		}
		fact = new(ErrorAsText)
		if !r.pass.ImportObjectFact(g.Object(), fact) {
			return false
		}
	case callee.Blocks != nil && (callee.Pkg == r.pkg || callee.Pkg == nil):
		// The package's own function, or a bound method wrapper.
	default:
		if callee.Origin() != nil {
			callee = callee.Origin()
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj.Pkg() == nil || obj.Pkg() == r.pass.Pkg {
			return false
		}
		fact = new(ErrorAsText)
		if !r.pass.ImportObjectFact(obj, fact) {
			return false
		}
	}
	for i, arg := range c.Args {
		switch {
		case arg != v:
		case fact != nil:
			if !slices.Contains(fact.Params, i) {
				return false
			}
		case i >= len(callee.Params) || !r.textOnly(callee.Params[i], depth+1):
			return false
		}
	}
	return true
}

// printedVararg reports whether addr is an element of a variadic argument that only fmt's
// printing functions receive (fmt.Sprintf("%v", err)): the error becomes text there.
func printedVararg(addr ssa.Value) bool {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	alloc, ok := ia.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return false
	}
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.IndexAddr, *ssa.DebugRef:
		case *ssa.Slice:
			if x.Referrers() == nil {
				return false
			}
			for _, use := range *x.Referrers() {
				call, ok := use.(*ssa.Call)
				if !ok || !printsText(Callee(call)) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// printsText reports whether fn is one of fmt's functions that turn their operands into text
// (Errorf is not: %w keeps the error).
func printsText(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" {
		return false
	}
	switch fn.Name() {
	case "Sprint", "Sprintf", "Sprintln", "Print", "Printf", "Println", "Fprint", "Fprintf", "Fprintln", "Append", "Appendf", "Appendln":
		return true
	}
	return false
}
