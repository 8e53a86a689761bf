// Package revision recognises what protocol revision 2026-07-28 asks of a server beyond its
// definitions: registrations that run once the server is serving, which a stateless client
// of that revision never lists (SEP-2575, SEP-2567), the protocol versions a server or
// transport option pins, and the x-mcp-header annotations a module's helpers put on tools'
// input schemas (SEP-2243), which cross packages as facts (HeaderAnnotationFact).
//
// It reads the package through recognition (mcpdefs): its index of the package's syntax
// (Index) and its queries and findings so far (Code), to which it adds. It must not import
// mcpdefs, any SDK, a rule family, the registry or the driver; internal/layers' test pins it.
package revision

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Index is recognition's index of the package's syntax, built in its single walk.
type Index struct {
	mcpmodel.SyntaxIndex
	// FieldAssigned are the variables with a field or element assigned.
	FieldAssigned map[types.Object]bool
}

// Code is what the checker asks recognition, and where it records what it finds.
type Code interface {
	Callee(call *ast.CallExpr) *types.Func
	// ConstString reads e as a constant string, following variables assigned exactly once.
	ConstString(e ast.Expr) (string, bool)
	// ResolveLit is the composite literal e resolves to, or nil.
	ResolveLit(e ast.Expr, depth int) *ast.CompositeLit
	// LocalVar is the variable an identifier denotes, or nil for anything else.
	LocalVar(e ast.Expr) types.Object
	// MapChange says what calls given the map variable v (other than at use) do to it.
	MapChange(v types.Object, use ast.Expr) (grown, changed bool)
	// Exporting reports whether this package's findings are recorded as facts: packages of
	// the module being checked, not the SDKs or other dependencies.
	Exporting() bool

	HandlerOf(node ast.Node) *mcpmodel.Handler
	Definitions() []*mcpmodel.Definition
	AddLateRegistration(l mcpmodel.LateRegistration)
	// AddRevisionLimit records protocol versions a server or transport option of sdk pins.
	AddRevisionLimit(sdk sdkapi.SDK, revisions []string)
}

// Checker looks at one package for what revision 2026-07-28 asks. Recognition calls
// HeaderAnnotations once definitions are linked, and LateRegistrations after.
type Checker struct {
	Code
	Index
	pass *analysis.Pass
}

// New returns the checker of pass's package, reading it through code and ix.
func New(pass *analysis.Pass, code Code, ix Index) *Checker {
	return &Checker{Code: code, Index: ix, pass: pass}
}
