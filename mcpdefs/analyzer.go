package mcpdefs

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/adapters"
	"github.com/mcplint-go/mcplint/mcpdefs/handlershape"
	"github.com/mcplint-go/mcplint/mcpdefs/jsoneval"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/modversions"
	"github.com/mcplint-go/mcplint/mcpdefs/registrars"
	"github.com/mcplint-go/mcplint/mcpdefs/revision"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/templates"
	"github.com/mcplint-go/mcplint/mcpdefs/vocab"
)

// Registrar is a function of the user's own code that registers a tool, named as
// "import/path.Func" or "import/path.Type.Method", with the 0-based argument indexes of the
// tool definition and the handler (-1 when absent).
type Registrar struct {
	Func          string
	Tool, Handler int
}

// Options configure recognition.
type Options struct {
	Registrars []Registrar
	// Layered are the functions a driver that sees the whole module found behind layer
	// sites (see Result.Layers), by the position of their name or func keyword as
	// "file:line:col", with the mapping of the site that calls them.
	Layered map[string]LayerMapping
	// Own are the module's own definition types whose converters (see owndefs.go) the driver
	// found in other packages, by sdkapi.Key of the type's name: their literals in this
	// package are the tools the converter registers.
	Own map[string]OwnType
}

// LayerMapping is what a layer site does with the error of the function it calls.
type LayerMapping = adapters.Mapping

// Analyzer recognises definitions with the default options.
var Analyzer = New(Options{})

// New returns a recognition analyzer for opts. Each configuration gets its own analyzer so
// that no state is shared between runs.
func New(opts Options) *analysis.Analyzer {
	regs := make(map[string]Registrar, len(opts.Registrars))
	for _, r := range opts.Registrars {
		regs[r.Func] = r
	}
	return &analysis.Analyzer{
		Name:             "mcpdefs",
		Doc:              "recognises MCP tool, resource and prompt definitions and handlers of go-sdk, mark3labs/mcp-go and mcptool",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
		RunDespiteErrors: true,
		FactTypes:        []analysis.Fact{new(adapters.AdapterFact), new(adapters.ReturnedAdapterFact), new(adapters.MiddlewareFact), new(adapters.OwnResultFact), new(adapters.ServerParamFact), new(revision.HeaderAnnotationFact), new(templates.HelperFact)},
		Requires:         []*analysis.Analyzer{registrars.Analyzer, FlowEngine},
		ResultType:       reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			inferred, _ := pass.ResultOf[registrars.Analyzer].(*registrars.Result)
			return run(pass, regs, opts, inferred), nil
		},
	}
}

// recogniser holds the per-package state of one run.
type recogniser struct {
	// failureZero are empty definition literals returned beside a non-nil error
	// (return mcp.Tool{}, nil, err): placeholders of a failed constructor, never registered.
	failureZero map[*ast.CompositeLit]bool

	pass *analysis.Pass
	// flow answers path questions where recognition reads a body (a middleware's branch).
	flow *flow.Result
	sdk  *handlershape.Types
	regs map[string]Registrar
	// inferredRegs are the module's registrar functions found from their bodies.
	inferredRegs *registrars.Result
	res          *Result
	defs         map[ast.Node]*mcpmodel.Definition // by defining node
	decls        map[*types.Func]*ast.FuncDecl
	// exportedBuilt maps where a value is built to the exported objects that hand it out
	// (returnedBy), made once.
	exportedBuilt     map[token.Pos][]types.Object
	exportedBuiltOnce sync.Once
	// assigns records every expression assigned to a variable, for single-assignment
	// resolution.
	assigns map[types.Object][]ast.Expr
	// returns records each function body's return statements, for factories.
	returns map[ast.Node][]*ast.ReturnStmt
	// enclosing maps each function literal to the declaration it is written in.
	enclosing map[*ast.FuncLit]*ast.FuncDecl
	// pending are registrations and pair literals, resolved once every definition is known.
	pending []registration
	// containers are calls, returns and composite literals that may pair a definition with
	// a handler.
	containers []ast.Node
	// Uses of variables that may change a definition after it is written: field
	// assignments, address-of, copies, and calls they are passed to.
	fieldAssigned, addressTaken, copied map[types.Object]bool
	callArgs                            map[types.Object][]*ast.CallExpr
	callArgUnary                        map[*ast.UnaryExpr]bool

	// adapters finds the module's adapters, delegates and middleware (mcpdefs/adapters),
	// reading the package through the recogniser (code.go).
	adapters *adapters.Finder
	// ownDefTypes are the module struct types copied into SDK definitions (nil: two
	// converters disagree).
	ownDefTypes map[*types.TypeName]*ownDefType
	// own are the own types converted in other packages (Options.Own).
	own map[string]OwnType
	// ownLiterals are the keys of the other packages' struct types the package writes
	// literals of (Result.OwnLiterals).
	ownLiterals map[string]bool
	// callsOf records the calls of each function, for helpers' templates (mcpdefs/templates).
	callsOf map[*types.Func][]*ast.CallExpr
	// tupleAssigns records variables assigned one result of a multi-value call.
	tupleAssigns map[types.Object][]tupleResult
	// eval evaluates Go code that builds JSON (mcpdefs/jsoneval), reading the package through
	// the recogniser (code.go).
	eval *jsoneval.Evaluator
	// revision finds what protocol revision 2026-07-28 asks (mcpdefs/revision), through the
	// recogniser (code.go).
	revision *revision.Checker
	// registeredAs is how each definition is registered (go-sdk's typed or low-level
	// AddTool), and ownType the module's own definition type a definition is a literal of:
	// recognition's side data on the definitions, kept out of the data model.
	registeredAs map[*mcpmodel.Definition]sdkRegistration
	ownType      map[*mcpmodel.Definition]*ownDefType

	// templates are the definitions made at each call of a helper (mcpdefs/templates,
	// factory.go). bound holds the parameters' arguments while a template is evaluated at
	// one call, and made the definition evaluated.
	templates *templates.Set
	bound     *templates.Binding
	made      *mcpmodel.Definition
	// optionTail is, for a mark3labs definition whose options end with a parameter's
	// spread, that parameter; fixedSchemas the schemas (input, output) a helper of another
	// package fixes where its calls cannot see.
	optionTail   map[*mcpmodel.Definition]*types.Var
	fixedSchemas map[*mcpmodel.Definition][2]bool
	// registeredInHelper marks instances registered by a registration in the helpers they
	// are made through.
	registeredInHelper map[*mcpmodel.Definition]bool
	// storedIn are the struct fields definitions no registration links are stored in.
	storedIn map[*mcpmodel.Definition]string
}

func run(pass *analysis.Pass, regs map[string]Registrar, opts Options, inferred *registrars.Result) *Result {
	res := &Result{Vocab: vocab.Vocab{Info: pass.TypesInfo, Pkg: pass.Pkg}, byNode: map[ast.Node]*mcpmodel.Handler{}, info: pass.TypesInfo, pkg: pass.Pkg}
	pkgs := sdkapi.Reachable(pass.Pkg)
	if len(pkgs) == 0 && len(opts.Own) == 0 {
		return res
	}
	res.ErrorsReachable = pkgs[sdkapi.MCPErrPath] != nil
	flowRes, _ := pass.ResultOf[FlowEngine].(*flow.Result)
	r := &recogniser{
		pass:         pass,
		flow:         flowRes,
		sdk:          handlershape.New(pkgs),
		regs:         regs,
		inferredRegs: inferred,
		res:          res,
		defs:         map[ast.Node]*mcpmodel.Definition{},
		decls:        map[*types.Func]*ast.FuncDecl{},
		assigns:      map[types.Object][]ast.Expr{},
		returns:      map[ast.Node][]*ast.ReturnStmt{},

		enclosing:     map[*ast.FuncLit]*ast.FuncDecl{},
		fieldAssigned: map[types.Object]bool{},
		addressTaken:  map[types.Object]bool{},
		copied:        map[types.Object]bool{},
		callArgs:      map[types.Object][]*ast.CallExpr{},
		callArgUnary:  map[*ast.UnaryExpr]bool{},

		tupleAssigns: map[types.Object][]tupleResult{},
		callsOf:      map[*types.Func][]*ast.CallExpr{},
		registeredAs: map[*mcpmodel.Definition]sdkRegistration{},
		ownType:      map[*mcpmodel.Definition]*ownDefType{},
		optionTail:   map[*mcpmodel.Definition]*types.Var{},
		fixedSchemas: map[*mcpmodel.Definition][2]bool{},

		registeredInHelper: map[*mcpmodel.Definition]bool{},
		storedIn:           map[*mcpmodel.Definition]string{},
		own:                opts.Own,
	}
	syntax := mcpmodel.SyntaxIndex{Decls: r.decls, Assigns: r.assigns}
	r.eval = jsoneval.New(pass, r, jsoneval.Index{
		SyntaxIndex: syntax, Returns: r.returns, FieldAssigned: r.fieldAssigned, CallArgs: r.callArgs,
	})
	r.templates = templates.New(pass, r, r.callsOf)
	res.r = r
	// Versions first: recognition itself depends on them (the schema library mcp-go uses).
	res.Versions = modversions.Of(pass)
	// The inspector is built here, after the bail-out, rather than required from the
	// inspect analyzer: rules with facts make recognition run on every dependency, and most
	// of them cannot reach an SDK.
	r.collect(inspector.New(pass.Files))
	r.adapters = adapters.New(pass, flowRes, r, adapters.Index{
		SyntaxIndex: syntax, Returns: r.returns, CallsOf: r.callsOf, Enclosing: r.enclosing,
	})
	r.revision = revision.New(pass, r, revision.Index{SyntaxIndex: syntax, FieldAssigned: r.fieldAssigned})
	// Converting adapters first: one that hands a typed handler's results to a low-level
	// handler unchanged changes that handler's semantics, which a pass-through adapter
	// wrapping it then copies.
	r.adapters.ConvertingAdapters()
	r.adapters.Overrides()
	r.adapters.UntypedHandlers()
	r.adapters.PassThroughAdapters()
	r.adapters.ApplyWraps()
	r.adapters.BindLayered(opts.Layered)
	r.adapters.AdaptedDelegates()
	// Before linking, so that a registration of a helper's call links that call's instance.
	r.templates.Instantiate()
	r.link()
	r.templates.Export(r.templateSide)
	r.revision.LateRegistrations()
	r.adapters.ServerWire()
	r.adapters.Unfollowed()
	res.Layers.Sites, res.Layers.Values, res.Layers.MethodSets = r.adapters.Layers()
	res.OwnConverters = r.ownConverters()
	res.OwnResults = r.adapters.OwnResults()
	r.findStored()
	res.findUnused()
	for _, h := range res.Handlers {
		h.Version = res.Versions.Of(h.SDK)
	}
	return res
}

// collect is the single walk over the package's syntax.
func (r *recogniser) collect(ins *inspector.Inspector) {
	filter := []ast.Node{
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil),
		(*ast.ReturnStmt)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil),
		(*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil),
	}
	r.findOwnDefTypes()
	r.seedOwnTypes()
	var funcStack []ast.Node
	ins.Nodes(filter, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			if !push {
				funcStack = funcStack[:len(funcStack)-1]
				return true
			}
			if lit, ok := n.(*ast.FuncLit); ok && len(funcStack) > 0 {
				if decl, ok := funcStack[0].(*ast.FuncDecl); ok {
					r.enclosing[lit] = decl
				}
			}
			funcStack = append(funcStack, n)
			r.function(n, funcStack)
		case *ast.ReturnStmt:
			if push && len(funcStack) > 0 {
				fn := funcStack[len(funcStack)-1]
				r.returns[fn] = append(r.returns[fn], n)
				r.containers = append(r.containers, n)
				r.markFailureZeros(n)
			}
		case *ast.AssignStmt:
			if !push {
				break
			}
			if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
				// tool, handler, err := convert(t): each variable is one result of the call.
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					for i, lhs := range n.Lhs {
						if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
							if obj := r.objectOf(id); obj != nil {
								r.tupleAssigns[obj] = append(r.tupleAssigns[obj], tupleResult{call, i})
							}
						}
					}
				}
			}
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				// v, ok := m[k]: v is the map's element, as in v := m[k].
				if ix, ok := ast.Unparen(n.Rhs[0]).(*ast.IndexExpr); ok {
					if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok {
						if obj := r.objectOf(id); obj != nil {
							r.assigns[obj] = append(r.assigns[obj], ix)
						}
					}
				}
			}
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
						if obj := r.objectOf(id); obj != nil {
							r.assigns[obj] = append(r.assigns[obj], n.Rhs[i])
						}
					}
				}
			}
			for _, lhs := range n.Lhs {
				if _, plain := ast.Unparen(lhs).(*ast.Ident); !plain {
					r.markRoot(lhs, r.fieldAssigned)
				}
			}
			for _, rhs := range n.Rhs {
				r.markCopy(rhs)
			}
		case *ast.ValueSpec:
			if push && len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if obj := r.objectOf(id); obj != nil {
						r.assigns[obj] = append(r.assigns[obj], n.Values[i])
					}
				}
			}
			if push {
				for _, v := range n.Values {
					r.markCopy(v)
				}
			}
		case *ast.UnaryExpr:
			// &t handed straight to a call is judged with the call (a registration is fine).
			if push && n.Op == token.AND && !r.callArgUnary[n] {
				r.markRoot(n.X, r.addressTaken)
			}
		case *ast.IncDecStmt:
			if push {
				r.markRoot(n.X, r.fieldAssigned)
			}
		case *ast.CallExpr:
			if push {
				r.call(n)
			}
		case *ast.CompositeLit:
			if push && !r.failureZero[n] {
				r.composite(n)
			}
		}
		return true
	})
}

// tupleResult is result index of a multi-value call.
type tupleResult struct {
	call  *ast.CallExpr
	index int
}

// tupleAssignment returns the call and result index the variable e names was assigned from,
// when that is its only assignment.
func (r *recogniser) tupleAssignment(e ast.Expr) (tupleResult, bool) {
	id := astutil.NameIdent(e)
	if id == nil {
		return tupleResult{}, false
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || len(r.assigns[v]) > 0 || len(r.tupleAssigns[v]) != 1 {
		return tupleResult{}, false
	}
	return r.tupleAssigns[v][0], true
}

func (r *recogniser) objectOf(id *ast.Ident) types.Object {
	if obj := r.pass.TypesInfo.Defs[id]; obj != nil {
		return obj
	}
	return r.pass.TypesInfo.Uses[id]
}

// function records declarations and recognises handlers by type.
func (r *recogniser) function(n ast.Node, stack []ast.Node) {
	var (
		ftype *ast.FuncType
		body  *ast.BlockStmt
		sig   *types.Signature
		name  string
	)
	switch n := n.(type) {
	case *ast.FuncDecl:
		fn, _ := r.pass.TypesInfo.Defs[n.Name].(*types.Func)
		if fn == nil {
			return
		}
		r.decls[fn] = n
		ftype, body, sig, name = n.Type, n.Body, fn.Signature(), n.Name.Name
	case *ast.FuncLit:
		tv, ok := r.pass.TypesInfo.Types[n]
		if !ok {
			return
		}
		sig, _ = tv.Type.(*types.Signature)
		ftype, body = n.Type, n.Body
	}
	if sig == nil || sig.TypeParams().Len() > 0 {
		return
	}
	h, ok := r.sdk.Shape(sig)
	if !ok {
		return
	}
	h.Node, h.Type, h.Body, h.Sig, h.Name = n, ftype, body, sig, name
	h.Request = paramVar(sig, 1)
	if sig.Params().Len() == 3 {
		h.Input = paramVar(sig, 2)
	}
	// A handler-shaped literal written inside a go-sdk typed tool handler (chip's middleware
	// chain, `middlewareChain := func(ctx, req) (*mcp.CallToolResult, error) {...}`) runs
	// within that handler's call: its error becomes the typed handler's, which the SDK sends
	// as a tool result, and what its nil result means is the typed handler's to say.
	for i := len(stack) - 2; i >= 0 && h.Kind == mcpmodel.Tool; i-- {
		if outer := r.res.byNode[stack[i]]; outer != nil {
			if outer.Flavour == mcpmodel.GoSDKTypedTool {
				h.Errors, h.ErrorsConverted, h.CallerJudges = mcpmodel.ToolError, true, true
			}
			break
		}
	}
	hp := &h
	r.res.Handlers = append(r.res.Handlers, hp)
	r.res.byNode[n] = hp
}

func paramVar(sig *types.Signature, i int) *types.Var {
	v := sig.Params().At(i)
	if v.Name() == "" || v.Name() == "_" {
		return nil
	}
	return v
}

// callee returns the called function (generic functions as their origin).
func (r *recogniser) callee(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(r.pass.TypesInfo, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

// markFailureZeros records the empty composite literals of ret when ret also returns an
// error that is not nil: `return mcp.Tool{}, nil, fmt.Errorf(...)` builds no tool.
func (r *recogniser) markFailureZeros(ret *ast.ReturnStmt) {
	info := r.pass.TypesInfo
	failing := false
	for _, e := range ret.Results {
		if t := info.TypeOf(e); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) && !astutil.IsNil(info, e) {
			failing = true
		}
	}
	if !failing {
		return
	}
	for _, e := range ret.Results {
		if lit := astutil.CompositeOf(e); lit != nil && len(lit.Elts) == 0 {
			if r.failureZero == nil {
				r.failureZero = map[*ast.CompositeLit]bool{}
			}
			r.failureZero[lit] = true
		}
	}
}
