// Package mcpdefs recognises MCP definitions and handlers in a package, whichever SDK they are
// written against, and hands them to the rules as SDK-independent data. It is the only part
// of mcplint that knows SDK import paths and API names.
//
// Handlers are found by type (a function whose signature is a tool, resource or prompt
// handler of a known SDK, wherever it is declared, because most servers wrap the SDK) and
// definitions by registration, by their literals and constructors, and by pairing (a call,
// return or composite literal that holds one definition and one handler). Values that cannot
// be resolved statically are marked dynamic, never guessed.
//
// What it hands over is mcpmodel's data model (Definition, Handler, Server, ...); Result adds
// the queries that need recognition's indexes. Its subpackages hold that model; the adapters
// and middleware between a handler and the wire (adapters), the evaluator of Go code that
// builds JSON (jsoneval), what revision 2026-07-28 asks beyond definitions (revision) and the
// definitions made through the module's helpers (templates), each reading the package through
// the recogniser (code.go, factory.go); the module's registrar functions, an analyzer of
// their own that recognition requires (registrars); and what recognition reads with: sdkapi
// (the vocabulary: import paths and which API is which), typewalk (what each SDK's schema
// inference makes of a Go type), jsonvalue (JSON values with their positions) and schemalib
// (schemas the module builds with a schema library), and vocab (what an expression in a handler body means to its SDK, and the SDK's text of a fix, for the rules). Questions about paths and values go to
// the flow engine's layer, which knows no SDK: recognition hands the SSA engine (FlowEngine)
// and the helper summaries (NewSummaries, flow/summary) what they must know of the SDKs as
// oracles (oracle). mcpdefs must not import a rule family, the registry (analyzers) or the
// driver; internal/layers' test pins it.
package mcpdefs

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/mcpdefs/adapters"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/vocab"
)

// Result is the analyzer's result for one package.
type Result struct {
	// Vocab answers the rules' SDK questions about expressions of the package.
	vocab.Vocab
	Definitions []*mcpmodel.Definition
	Handlers    []*mcpmodel.Handler
	Servers     []*mcpmodel.Server
	// ErrorsReachable is true when the package can see mcperr, so it may build coded errors
	// outside any handler (services, helpers).
	ErrorsReachable bool
	// Versions are the SDK versions the module builds with.
	Versions mcpmodel.Versions
	// RevisionLimits are the protocol versions a server or transport option of the package
	// pins, per SDK (absent: the SDK's own list); see Revisions.
	RevisionLimits map[sdkapi.SDK][]string
	// LateRegistrations are the registrations that run once the server is serving
	// (mcpdefs/revision).
	LateRegistrations []mcpmodel.LateRegistration
	// Unmapped are adapters whose wrapped functions are not checked because their bodies do
	// not show what the wrapped function's error becomes (reported under -v).
	Unmapped []mcpmodel.Unmapped
	// ConvertedElsewhere are tool handlers declared in other packages (functions, or
	// variables that hold one) that this package registers on a server whose middleware turns their errors into tool results. Their
	// package was analysed first and cannot know: a run over both settles it (analyzers.Wire).
	ConvertedElsewhere []types.Object
	// Delegations are the calls by which this package's tool handlers hand on the errors of
	// functions of other packages of the module.
	Delegations []mcpmodel.Delegation
	// Holders are the package's exported variables that hold one function, for Delegations
	// of other packages that call through them.
	Holders []mcpmodel.Holder
	// ForeignTools are the tools this package registers with a definition a function of
	// another package builds.
	ForeignTools []ForeignTool
	// FieldRegistrations are the registrations that read their definition from a field of a
	// struct of the module, which the definitions stored in that field elsewhere take.
	FieldRegistrations []FieldRegistration
	// OwnResults are the server's own result types an adapter converts into the SDK's tool
	// result, with the bool field that marks an error (adapters.OwnResultFact).
	OwnResults map[*types.TypeName]string
	// Layers is what a driver that sees the whole module needs to resolve the package's
	// layer sites (see mcpdefs/adapters.LayerSite).
	Layers struct {
		Sites      []adapters.LayerSite
		Values     []adapters.ValueFunc
		MethodSets []adapters.MethodSet
	}
	// OwnConverters are the package's converters of own definition types, and OwnLiterals
	// the keys (sdkapi.Key) of the struct types of other packages it writes literals of: a
	// driver gives each converted type to the packages that write its literals (Options.Own).
	OwnConverters []OwnConverter
	OwnLiterals   []string

	byNode map[ast.Node]*mcpmodel.Handler
	// unused are the definitions built in functions the package never uses (findUnused).
	unused map[*mcpmodel.Definition]bool
	info   *types.Info
	pkg    *types.Package
	// r keeps the recogniser for the lazy evaluations rules ask for (JSON of an expression,
	// string lists, template argument reads).
	r *recogniser
}

// ForeignTool is a tool registered in this package whose definition Source, a function of
// another package of the module or a variable of one, returns or holds; Handler is the
// handler as registered. For a definition made by an interface method (`t.Definition()`),
// Source is nil and DefMethod is the
// method's key, Interface the interface's (see layerkey.MethodKey), and HandlerMethod the key
// of the method of the same value that makes the handler (`t.Handler()`), if it is one;
// HandlerValue is the key of the method of the same value that is the handler (`t.Handle`,
// a method value), if it is one.
type ForeignTool struct {
	Source                   types.Object
	DefMethod, HandlerMethod string
	HandlerValue             string
	Interface                []string
	Handler                  ast.Expr
	Registration             *ast.CallExpr
	// Named: a registrar's call that registers the definition a map holds under this name
	// (registrars.NamedFact), a tool of its own.
	Named string
}

// HandlerByType reports whether a function of signature sig is recognised as a handler by its
// type wherever it is declared, so that its own package checks its body.
func (r *Result) HandlerByType(sig *types.Signature) bool {
	if r == nil || r.r == nil || sig == nil || sig.TypeParams().Len() > 0 {
		return false
	}
	_, ok := r.r.sdk.Shape(sig)
	return ok
}

// HandlerOf returns the handler whose declaration or literal is node.
func (r *Result) HandlerOf(node ast.Node) *mcpmodel.Handler { return r.byNode[node] }

// Empty reports whether the package has no MCP code at all.
func (r *Result) Empty() bool {
	return len(r.Definitions) == 0 && len(r.Handlers) == 0 && len(r.Servers) == 0
}
