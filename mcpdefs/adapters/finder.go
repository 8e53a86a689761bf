// Package adapters recognises what stands between a handler and the wire: the module's own
// adapters (a function in the repository's shape that an SDK handler calls, passing its
// results through or turning its error into a tool or protocol error), delegates, and the
// server middleware that answers a tool handler's error with a result. It records what each
// adapter does as facts (AdapterFact, MiddlewareFact), so that an adapter in one package
// recognises the functions handed to it in another, and it adds the handlers it finds, and
// the adapters it cannot map, to what recognition has found.
//
// It reads the package through recognition (mcpdefs), as schemalib does: recognition's
// indexes of the package (Index) and its queries and findings so far (Code). It must not
// import mcpdefs, any SDK, a rule family, the registry or the driver; internal/layers' test
// pins it.
package adapters

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/adapters/toolargs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Index is recognition's index of the package's syntax, built in its single walk before the
// adapters are looked for.
type Index struct {
	mcpmodel.SyntaxIndex
	// Returns are each function body's return statements.
	Returns map[ast.Node][]*ast.ReturnStmt
	// CallsOf are the calls of each function.
	CallsOf map[*types.Func][]*ast.CallExpr
	// Enclosing maps each function literal to the declaration it is written in.
	Enclosing map[*ast.FuncLit]*ast.FuncDecl
}

// Code is what the adapters ask recognition: its queries on the package's code, and the
// handlers, servers and definitions it has found so far, to which they add.
type Code interface {
	// Containers are the calls, returns and composite literals that may pair a definition
	// with a handler.
	Containers() []ast.Node
	Callee(call *ast.CallExpr) *types.Func
	ObjectOf(id *ast.Ident) types.Object
	// SingleAssignment follows e through variables assigned exactly once.
	SingleAssignment(e ast.Expr) ast.Expr
	// ResolveLit is the composite literal e resolves to, or nil.
	ResolveLit(e ast.Expr, depth int) *ast.CompositeLit
	// IsInstance reports whether e is a definition made by a call of a factory.
	IsInstance(e ast.Expr) bool
	// ModulePackage reports whether p belongs to the module being checked.
	ModulePackage(p *types.Package) bool
	// RequestType is the request parameter type of an SDK handler of kind on sdk.
	RequestType(sdk sdkapi.SDK, kind mcpmodel.Kind) types.Type
	IsErrorResult(e ast.Expr) bool
	// HandlerShape reports whether sig is the signature of an SDK handler, which recognition
	// recognises by its type wherever it is declared.
	HandlerShape(sig *types.Signature) bool
	IsArguments(e ast.Expr, h *mcpmodel.Handler) bool

	Handlers() []*mcpmodel.Handler
	HandlerOf(node ast.Node) *mcpmodel.Handler
	AddHandler(h *mcpmodel.Handler)
	AddUnmapped(u mcpmodel.Unmapped)
	Servers() []*mcpmodel.Server
	Definitions() []*mcpmodel.Definition
	// AddConvertedElsewhere records a handler of another package that this package registers
	// on a server whose middleware converts its errors.
	AddConvertedElsewhere(fn types.Object)
	// AddDelegation records a tool handler's call of a function of another package whose
	// error it returns.
	AddDelegation(d mcpmodel.Delegation)
	// AddHolder records an exported package variable that holds one function.
	AddHolder(h mcpmodel.Holder)
}

// Finder looks for one package's adapters and middleware. Recognition calls its phases in
// order: ConvertingAdapters, Overrides, PassThroughAdapters, ApplyWraps, AdaptedDelegates,
// and ServerWire once definitions are linked.
type Finder struct {
	Code
	Index
	pass *analysis.Pass
	// flow answers path questions where a body is read (a middleware's branch).
	flow *flow.Result

	// The mappings of this package's adapter parameters, of func-typed fields adapters call
	// (written in adapters, or selected where an adapter is called), of interface methods
	// adapters call, and of func types whose method only calls the receiver.
	paramWraps map[*types.Func][]Wrap
	// heldWraps are the mappings of adapters that are closures held by a package variable
	// (`var wrap = newWrap()`), by the variable.
	heldWraps map[*types.Var][]Wrap
	// resultWraps are the mappings of adapters that are closures a function returns, by the
	// function (for variables of other packages that hold its result).
	resultWraps map[*types.Func][]Wrap
	fieldWraps  map[*types.Var]Mapping
	fieldGiven  map[*types.Var]Mapping
	ifaceWraps  map[*types.Func]Mapping
	convWraps   map[*types.TypeName]Mapping
	// rangeOf maps range value variables to what they range over (built on first use).
	rangeOf map[types.Object]ast.Expr
	// followed are the calls (by their left parenthesis) of wrapped functions that an
	// adapter phase maps, and unmapped the calls recorded as not mapped: Unfollowed reports
	// the function-value calls of handlers that are neither.
	followed map[token.Pos]bool
	unmapped map[*ast.CallExpr]bool
	// sites, values and methodSets are what the module graph needs of the package (Layers).
	sites      []LayerSite
	values     []ValueFunc
	methodSets []MethodSet
	// serverParams are the package's functions that register on a server parameter.
	serverParams map[*types.Func][]int
	// ownResults are the server's own result types an adapter converts, with the bool field
	// that marks an error (OwnResultFact).
	ownResults map[*types.TypeName]string
}

// New returns the finder of pass's package, reading it through code and ix.
func New(pass *analysis.Pass, fl *flow.Result, code Code, ix Index) *Finder {
	return &Finder{
		Code: code, Index: ix, pass: pass, flow: fl,
		paramWraps:  map[*types.Func][]Wrap{},
		heldWraps:   map[*types.Var][]Wrap{},
		resultWraps: map[*types.Func][]Wrap{},
		fieldWraps:  map[*types.Var]Mapping{},
		fieldGiven:  map[*types.Var]Mapping{},
		ifaceWraps:  map[*types.Func]Mapping{},
		convWraps:   map[*types.TypeName]Mapping{},
		followed:    map[token.Pos]bool{},
		unmapped:    map[*ast.CallExpr]bool{},
		ownResults:  map[*types.TypeName]string{},
	}
}

// AddUnmapped records u with recognition, and remembers its call.
func (r *Finder) AddUnmapped(u mcpmodel.Unmapped) {
	r.unmapped[u.Call] = true
	r.Code.AddUnmapped(u)
}

func identical(a, b types.Type) bool { return a != nil && b != nil && types.Identical(a, b) }

// args reads which values of a handler's body are the tool's arguments.
func (r *Finder) args() toolargs.Reader { return toolargs.Reader{Info: r.pass.TypesInfo, Code: r.Code} }
