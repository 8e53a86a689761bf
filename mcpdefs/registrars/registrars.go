// Package registrars finds the module's registrar functions: functions that hand their
// parameters to an SDK registration (AddTool, AddTools, AddResource, ..., or another
// registrar), such as
//
//	func register[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
//		mcp.AddTool(s, t, h)
//	}
//
// A call of one is a registration of the definition (and handler) it is given, for every
// rule that needs one, in whichever package of the module the call is: registrars cross
// packages as facts (Fact). Registrars named in the configuration are another matter (they
// may register in ways no body shows, and recognition reads them itself); these are inferred
// from bodies, without configuration. It also knows the SDKs' own registration functions
// and their argument indexes (SDKRegistration), which recognition reads a registration
// call with.
//
// It runs as an analyzer of its own (Analyzer), ahead of recognition, which requires it.
// It must not import recognition (mcpdefs), a rule family, the registry or the driver;
// internal/layers' test pins it.
package registrars

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// API is an SDK function that registers a definition: its argument indexes.
type API struct {
	// Kind is 0 when each argument from Def on is a pair literal, or a slice of them spread
	// (AddTools).
	Kind         mcpmodel.Kind
	SDK          sdkapi.SDK
	Def, Handler int // -1 when absent
	Spread       bool
}

// SDKRegistration returns the SDK registration function whose API key (sdkapi.Key) is key.
func SDKRegistration(key string) (API, bool) {
	api, ok := sdkRegistrations[key]
	return api, ok
}

// sdkRegistrations are the SDK registration functions by API key.
var sdkRegistrations = map[string]API{
	sdkapi.GoSDKMCPPath + ".AddTool":                                     {mcpmodel.Tool, sdkapi.GoSDK, 1, 2, false},
	sdkapi.GoSDKMCPPath + ".Server.AddTool":                              {mcpmodel.Tool, sdkapi.GoSDK, 0, 1, false},
	sdkapi.GoSDKMCPPath + ".Server.AddResource":                          {mcpmodel.Resource, sdkapi.GoSDK, 0, 1, false},
	sdkapi.GoSDKMCPPath + ".Server.AddResourceTemplate":                  {mcpmodel.ResourceTemplate, sdkapi.GoSDK, 0, 1, false},
	sdkapi.GoSDKMCPPath + ".Server.AddPrompt":                            {mcpmodel.Prompt, sdkapi.GoSDK, 0, 1, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddTool":                     {mcpmodel.Tool, sdkapi.MarkLabs, 0, 1, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionTool":              {mcpmodel.Tool, sdkapi.MarkLabs, 1, 2, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResource":                 {mcpmodel.Resource, sdkapi.MarkLabs, 0, 1, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResource":          {mcpmodel.Resource, sdkapi.MarkLabs, 1, 2, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResourceTemplate":         {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, 0, 1, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResourceTemplate":  {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, 1, 2, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddPrompt":                   {mcpmodel.Prompt, sdkapi.MarkLabs, 0, 1, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddTools":                    {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.SetTools":                    {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResources":                {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.SetResources":                {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResourceTemplates":        {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.SetResourceTemplates":        {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddPrompts":                  {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.SetPrompts":                  {0, sdkapi.MarkLabs, 0, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionTools":             {0, sdkapi.MarkLabs, 1, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResources":         {0, sdkapi.MarkLabs, 1, -1, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResourceTemplates": {0, sdkapi.MarkLabs, 1, -1, true},
	sdkapi.MCPToolPath + ".Add":                                          {mcpmodel.Tool, sdkapi.MCPTool, 1, -1, false},
	sdkapi.MCPToolPath + ".AddResource":                                  {mcpmodel.Resource, sdkapi.MCPTool, 1, -1, false},
	sdkapi.MCPToolPath + ".AddResourceTemplate":                          {mcpmodel.ResourceTemplate, sdkapi.MCPTool, 1, -1, false},
	sdkapi.MCPToolPath + ".AddPrompt":                                    {mcpmodel.Prompt, sdkapi.MCPTool, 1, -1, false},
}

// Fact says that a function of the module registers its parameters: Def is the
// index of the parameter registered as a definition (or, for Kind 0, spread as pair
// literals), Handler that of the handler (-1: none). API is the SDK function that finally
// registers them.
type Fact struct {
	Kind         mcpmodel.Kind
	SDK          sdkapi.SDK
	Def, Handler int
	Spread       bool
	API          string
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	return fmt.Sprintf("registrar(%s def=%d handler=%d via %s)", f.Kind, f.Def, f.Handler, f.API)
}

// NamedFact says that a function of the module registers, with the handler parameter
// Handler, the definition a map holds under its string parameter Name
// (portainer-mcp's `addToolIfExists(name, handler)` over tools loaded from YAML): each call
// registers one tool named by that argument.
type NamedFact struct {
	Kind          mcpmodel.Kind
	Name, Handler int
}

func (*NamedFact) AFact() {}

func (f *NamedFact) String() string {
	return fmt.Sprintf("named registrar(%s name=%d handler=%d)", f.Kind, f.Name, f.Handler)
}

// Result is the result of the registrars analyzer: every registrar the package can call.
type Result struct {
	funcs map[*types.Func]*Fact
	named map[*types.Func]*NamedFact
}

// NamedOf returns what fn registers by name, or nil when it is no such registrar.
func (r *Result) NamedOf(fn *types.Func) *NamedFact {
	if r == nil || fn == nil {
		return nil
	}
	return r.named[fn.Origin()]
}

// Of returns what fn registers, or nil when it is no registrar.
func (r *Result) Of(fn *types.Func) *Fact {
	if r == nil || fn == nil {
		return nil
	}
	return r.funcs[fn.Origin()]
}

// Analyzer is the one registrars analyzer every recognition analyzer requires, so that a run
// with several configurations computes the facts once.
var Analyzer = New()

// New returns the analyzer that finds the module's registrar functions and exports them as
// facts.
func New() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "mcpregistrars",
		Doc:              "finds functions of the module that register their parameters with an MCP SDK",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/recognition.md",
		RunDespiteErrors: true,
		FactTypes:        []analysis.Fact{new(Fact), new(NamedFact)},
		ResultType:       reflect.TypeFor[*Result](),
		Run:              run,
	}
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{funcs: map[*types.Func]*Fact{}, named: map[*types.Func]*NamedFact{}}
	for _, of := range pass.AllObjectFacts() {
		if fn, ok := of.Object.(*types.Func); ok {
			switch f := of.Fact.(type) {
			case *Fact:
				res.funcs[fn] = f
			case *NamedFact:
				res.named[fn] = f
			}
		}
	}
	if !flow.InModule(pass.Module, pass.Pkg) || sdkapi.KnownPackage(pass.Pkg.Path()) || sdkapi.IsRuntimePackage(pass.Pkg) || len(sdkapi.Reachable(pass.Pkg)) == 0 {
		return res, nil
	}
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	// Registrars calling registrars of the same package: repeat until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || res.funcs[fn] != nil {
				continue
			}
			f, named := registersParams(pass.TypesInfo, fn, fd.Body, res)
			if f != nil {
				res.funcs[fn] = f
				pass.ExportObjectFact(fn, f)
				changed = true
			}
			if named != nil && res.named[fn] == nil {
				res.named[fn] = named
				pass.ExportObjectFact(fn, named)
			}
		}
	}
	return res, nil
}

// registersParams returns what fn registers when its body hands one of its parameters to a
// registration (directly, or as &p or *p) in a statement that is not inside a closure, or,
// as named, a handler parameter with the definition a map holds under a string parameter.
func registersParams(info *types.Info, fn *types.Func, body *ast.BlockStmt, known *Result) (_ *Fact, named *NamedFact) {
	params := fn.Signature().Params()
	paramIndex := func(e ast.Expr) int {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				e = ast.Unparen(x.X)
			}
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range params.Len() {
			if info.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	var found *Fact
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			// A closure may run later, or never.
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee, _ := typeutil.Callee(info, call).(*types.Func)
		if callee == nil {
			return true
		}
		callee = callee.Origin()
		var api API
		var via string
		if a, ok := sdkRegistrations[sdkapi.Key(callee)]; ok {
			api, via = a, sdkapi.Key(callee)
		} else if f := known.Of(callee); f != nil {
			api, via = API{f.Kind, f.SDK, f.Def, f.Handler, f.Spread}, f.API
		} else {
			return true
		}
		if api.Def < 0 || api.Def >= len(call.Args) {
			return true
		}
		if api.Spread && !call.Ellipsis.IsValid() {
			return true
		}
		def := paramIndex(call.Args[api.Def])
		handler := -1
		if api.Handler >= 0 && api.Handler < len(call.Args) {
			handler = paramIndex(call.Args[api.Handler])
		}
		if def < 0 {
			if k := keyParam(info, body, call.Args[api.Def], paramIndex); k >= 0 && handler >= 0 && api.Kind != 0 && named == nil {
				named = &NamedFact{Kind: api.Kind, Name: k, Handler: handler}
			}
			return true
		}
		found = &Fact{Kind: api.Kind, SDK: api.SDK, Def: def, Handler: handler, Spread: api.Spread, API: via}
		return false
	})
	return found, named
}

// keyParam is the index of the string parameter a map lookup that def was assigned from is
// keyed by (`tool, ok := s.tools[name]`), or -1.
func keyParam(info *types.Info, body *ast.BlockStmt, def ast.Expr, paramIndex func(ast.Expr) int) int {
	id, ok := ast.Unparen(def).(*ast.Ident)
	if !ok || info.Uses[id] == nil {
		return -1
	}
	k := -1
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return true
		}
		lhs, _ := as.Lhs[0].(*ast.Ident)
		ix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
		if !ok || lhs == nil || info.ObjectOf(lhs) != info.Uses[id] {
			return true
		}
		if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); !isMap {
			return true
		}
		if b, ok := info.TypeOf(ix.Index).Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			k = paramIndex(ix.Index)
		}
		return k < 0
	})
	return k
}
