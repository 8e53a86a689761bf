package mcpdefs

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/adapters"
	"github.com/mcplint-go/mcplint/mcpdefs/jsoneval"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/revision"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// The recogniser is what mcpdefs/adapters reads the package through (adapters.Code).
var _ adapters.Code = (*recogniser)(nil)

func (r *recogniser) Containers() []ast.Node                    { return r.containers }
func (r *recogniser) Callee(call *ast.CallExpr) *types.Func     { return r.callee(call) }
func (r *recogniser) ObjectOf(id *ast.Ident) types.Object       { return r.objectOf(id) }
func (r *recogniser) SingleAssignment(e ast.Expr) ast.Expr      { return r.singleAssignment(e) }
func (r *recogniser) IsInstance(e ast.Expr) bool                { return r.isInstance(e) }
func (r *recogniser) ModulePackage(p *types.Package) bool       { return r.modulePackage(p) }
func (r *recogniser) IsErrorResult(e ast.Expr) bool             { return r.res.IsErrorResult(e) }
func (r *recogniser) Handlers() []*mcpmodel.Handler             { return r.res.Handlers }
func (r *recogniser) HandlerOf(node ast.Node) *mcpmodel.Handler { return r.res.byNode[node] }
func (r *recogniser) Servers() []*mcpmodel.Server               { return r.res.Servers }
func (r *recogniser) Definitions() []*mcpmodel.Definition       { return r.res.Definitions }

func (r *recogniser) ResolveLit(e ast.Expr, depth int) *ast.CompositeLit {
	return r.resolveLit(e, depth)
}

func (r *recogniser) IsArguments(e ast.Expr, h *mcpmodel.Handler) bool {
	return r.res.IsArguments(e, h)
}

func (r *recogniser) AddHandler(h *mcpmodel.Handler) {
	r.res.Handlers = append(r.res.Handlers, h)
	r.res.byNode[h.Node] = h
	// A typed handler found through the server's layer takes in the handler-shaped literals
	// written inside it, as one recognised by its type does (see function).
	if h.Flavour == mcpmodel.GoSDKTypedTool && h.Body != nil {
		for _, inner := range r.res.Handlers {
			if inner != h && inner.Kind == mcpmodel.Tool && !inner.Registered && inner.Node.Pos() > h.Body.Pos() && inner.Node.End() < h.Body.End() {
				inner.Errors, inner.ErrorsConverted, inner.CallerJudges = mcpmodel.ToolError, true, true
			}
		}
	}
}

func (r *recogniser) AddUnmapped(u mcpmodel.Unmapped) {
	r.res.Unmapped = append(r.res.Unmapped, u)
}

func (r *recogniser) AddConvertedElsewhere(fn types.Object) {
	r.res.ConvertedElsewhere = append(r.res.ConvertedElsewhere, fn)
}

func (r *recogniser) AddDelegation(d mcpmodel.Delegation) {
	r.res.Delegations = append(r.res.Delegations, d)
}

func (r *recogniser) AddHolder(h mcpmodel.Holder) {
	r.res.Holders = append(r.res.Holders, h)
}

// HandlerShape reports whether sig is an SDK handler's signature.
func (r *recogniser) HandlerShape(sig *types.Signature) bool {
	_, ok := r.sdk.Shape(sig)
	return ok
}

// RequestType is the request parameter type of an SDK handler of kind on sdk.
func (r *recogniser) RequestType(sdk sdkapi.SDK, kind mcpmodel.Kind) types.Type {
	return r.sdk.RequestType(sdk, kind)
}

// The recogniser is what mcpdefs/jsoneval resolves through (jsoneval.Code).
var _ jsoneval.Code = (*recogniser)(nil)

func (r *recogniser) FoldCall(e ast.Expr) (string, bool)    { return r.foldCall(e) }
func (r *recogniser) ConstString(e ast.Expr) (string, bool) { return r.constString(e) }
func (r *recogniser) LocalVar(e ast.Expr) types.Object      { return r.localVar(e) }

func (r *recogniser) CalleeReturns(call *ast.CallExpr, i int) []ast.Expr {
	return r.calleeReturns(call, i)
}

func (r *recogniser) Fields(lit *ast.CompositeLit) map[string]ast.Expr { return r.fields(lit) }

// The recogniser is what mcpdefs/revision reads the package through (revision.Code).
var _ revision.Code = (*recogniser)(nil)

func (r *recogniser) Exporting() bool { return r.adapters.Exporting() }

func (r *recogniser) MapChange(v types.Object, use ast.Expr) (grown, changed bool) {
	return r.eval.MapChange(v, use)
}

func (r *recogniser) AddLateRegistration(l mcpmodel.LateRegistration) {
	r.res.LateRegistrations = append(r.res.LateRegistrations, l)
}

func (r *recogniser) AddRevisionLimit(sdk sdkapi.SDK, revisions []string) {
	if r.res.RevisionLimits == nil {
		r.res.RevisionLimits = map[sdkapi.SDK][]string{}
	}
	r.res.RevisionLimits[sdk] = append(r.res.RevisionLimits[sdk], revisions...)
}
