// Package jsoneval evaluates Go code that builds JSON: composite literals, maps and slices
// written in place or returned by the package's functions (with their parameters bound to a
// call's arguments), maps changed after they are written, the schema builders of the module
// (helpers that return or fill a *jsonschema.Schema or a map), and mark3labs' property options
// (WithString, WithNumber, ...), into mcpdefs/jsonvalue trees with the positions they are
// written at. Values it cannot resolve statically are marked dynamic, never guessed.
//
// It reads the package through recognition (mcpdefs): its index of the package's syntax
// (Index) and its resolution of variables, calls and constants (Code). It must not import
// mcpdefs, any SDK, a rule family, the registry or the driver; internal/layers' test pins it.
package jsoneval

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// Index is recognition's index of the package's syntax. Its maps are filled in recognition's
// single walk, before anything is evaluated.
type Index struct {
	mcpmodel.SyntaxIndex
	// Returns are each function body's return statements.
	Returns map[ast.Node][]*ast.ReturnStmt
	// FieldAssigned are the variables with a field or element assigned.
	FieldAssigned map[types.Object]bool
	// CallArgs are the calls each variable is passed to.
	CallArgs map[types.Object][]*ast.CallExpr
}

// Code is how the evaluator asks recognition to resolve what it reads.
type Code interface {
	Callee(call *ast.CallExpr) *types.Func
	// SingleAssignment follows e through variables assigned exactly once.
	SingleAssignment(e ast.Expr) ast.Expr
	// ResolveLit is the composite literal e resolves to, or nil.
	ResolveLit(e ast.Expr, depth int) *ast.CompositeLit
	// FoldCall evaluates a call of a pure standard-library string function whose arguments
	// are all constants.
	FoldCall(e ast.Expr) (string, bool)
	// CalleeReturns lists the expressions a call to a function of the package can return at
	// result index i (nil when the callee's body is not in the package).
	CalleeReturns(call *ast.CallExpr, i int) []ast.Expr
	// ConstString reads e as a constant string, following variables assigned exactly once.
	ConstString(e ast.Expr) (string, bool)
	// Fields maps a struct literal's field names to their values, keyed or positional.
	Fields(lit *ast.CompositeLit) map[string]ast.Expr
	// LocalVar is the variable an identifier denotes, or nil for anything else.
	LocalVar(e ast.Expr) types.Object
}

// Evaluator evaluates one package's expressions to JSON.
type Evaluator struct {
	Code
	Index
	pass *analysis.Pass
	// env binds parameters while JSONOf evaluates a literal a called function returns.
	env *argFrame
	// builders are the schema builder summaries computed so far (nil: not a builder).
	builders map[*types.Func]*schemaBuilder
}

// New returns the evaluator of pass's package, reading it through code and ix.
func New(pass *analysis.Pass, code Code, ix Index) *Evaluator {
	return &Evaluator{Code: code, Index: ix, pass: pass, builders: map[*types.Func]*schemaBuilder{}}
}
