package mcpmodel

import (
	"go/token"
	"go/types"
)

// Coverage says whether the rules check the handler of a tool definition: Checked when
// recognition has the handler's body in this package and every function the body hands the
// tool's arguments to is followed; Declared when the handler is a named function of another
// package, which is checked there if recognition recognises it there (a run over both
// settles it); otherwise Reason says, in a clause, why not.
type Coverage struct {
	Checked  bool
	Declared *types.Func
	Reason   string
	// Site is the call of a layer site (see mcpdefs.Result.Layers) the reason is about: a driver that
	// resolves it checks the functions behind it.
	Site token.Pos
	// MadeIn is, for a definition with no registration here, the declared function it is
	// written in: another package may register what that function returns (ForeignTool).
	MadeIn *types.Func
	// ReturnedThrough are the exported functions of the package whose results, and its exported
	// variables whose values, may hold the definition: another package may register what they
	// return or hold (ForeignTool).
	ReturnedThrough []types.Object
	// ReturnedBy is, for a handler made by a call of a function of another package
	// (`toolutil.MakeMetaHandler(name, routes, format)`), that function: the handler it
	// returns is judged there (mcpdefs.Result.ReturnedHandlers), and Reason holds until a run over
	// both settles it.
	ReturnedBy *types.Func
	// ReturnedByAny are, for a handler read from a value (a table's `tool.Handler`) that
	// holds what functions of other packages of the module return, those functions: it is
	// checked when the handlers each returns are (mcpdefs.Result.ReturnedHandlers there).
	ReturnedByAny []*types.Func
	// HeldIn are, for a handler made by calling a function read from package variables of
	// other packages (HeldFuncs), those variables: the handlers their functions return give
	// the verdict once a run over the whole module settles it.
	HeldIn []types.Object
	// StoredIn is, for a definition with no registration here, the key of the struct field
	// its value is stored in (see FieldRegistration): a registration from that field in
	// another package gives the verdict.
	StoredIn string
}

// DeclaredReason is why a tool whose handler name is declared in package pkg is not checked,
// once a run knows whether pkg was analysed: one wording for every output.
func DeclaredReason(name, pkg string, analysed bool) string {
	if !analysed {
		return "its handler " + name + " is declared in " + pkg + ", which was not analysed (outside the patterns or the module)"
	}
	return "its handler " + name + ", declared in " + pkg + ", is not recognised as a handler"
}
