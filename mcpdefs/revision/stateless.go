package revision

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Protocol revision 2026-07-28 is stateless (SEP-2575) and has no sessions (SEP-2567): every
// request stands alone, there is no initialize handshake, and tools/list, resources/list and
// prompts/list are the same for every connection. A definition the server adds once it is
// serving, from a session callback, a request handler, or per request in the function that
// builds the server for a request, is missing from (or varies in) what clients of that
// revision list. This file finds those registrations.

// revisionLimit records a static list of protocol versions a server or transport option
// pins. A list recognition cannot read is no limit (the SDK's revisions are assumed).
func (r *Checker) revisionLimit(sdk sdkapi.SDK, elems []ast.Expr) {
	var lim []string
	for _, e := range elems {
		s, ok := r.ConstString(e)
		if !ok {
			return
		}
		lim = append(lim, s)
	}
	if len(lim) == 0 {
		return // an empty list restores the default
	}
	r.AddRevisionLimit(sdk, lim)
}

// lateRegistrationKeys are the registering calls, with the kind each registers and whether
// it is a per-session registration.
var lateRegistrationKeys = map[string]struct {
	kind    mcpmodel.Kind
	sdk     sdkapi.SDK
	session bool
}{
	sdkapi.GoSDKMCPPath + ".AddTool":                                     {mcpmodel.Tool, sdkapi.GoSDK, false},
	sdkapi.GoSDKMCPPath + ".Server.AddTool":                              {mcpmodel.Tool, sdkapi.GoSDK, false},
	sdkapi.GoSDKMCPPath + ".Server.AddResource":                          {mcpmodel.Resource, sdkapi.GoSDK, false},
	sdkapi.GoSDKMCPPath + ".Server.AddResourceTemplate":                  {mcpmodel.ResourceTemplate, sdkapi.GoSDK, false},
	sdkapi.GoSDKMCPPath + ".Server.AddPrompt":                            {mcpmodel.Prompt, sdkapi.GoSDK, false},
	sdkapi.MCPToolPath + ".Add":                                          {mcpmodel.Tool, sdkapi.MCPTool, false},
	sdkapi.MCPToolPath + ".AddResource":                                  {mcpmodel.Resource, sdkapi.MCPTool, false},
	sdkapi.MCPToolPath + ".AddResourceTemplate":                          {mcpmodel.ResourceTemplate, sdkapi.MCPTool, false},
	sdkapi.MCPToolPath + ".AddPrompt":                                    {mcpmodel.Prompt, sdkapi.MCPTool, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddTool":                     {mcpmodel.Tool, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddTools":                    {mcpmodel.Tool, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.SetTools":                    {mcpmodel.Tool, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResource":                 {mcpmodel.Resource, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResources":                {mcpmodel.Resource, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResourceTemplate":         {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddResourceTemplates":        {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddPrompt":                   {mcpmodel.Prompt, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddPrompts":                  {mcpmodel.Prompt, sdkapi.MarkLabs, false},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionTool":              {mcpmodel.Tool, sdkapi.MarkLabs, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionTools":             {mcpmodel.Tool, sdkapi.MarkLabs, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResource":          {mcpmodel.Resource, sdkapi.MarkLabs, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResources":         {mcpmodel.Resource, sdkapi.MarkLabs, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResourceTemplate":  {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, true},
	sdkapi.MarkLabsServerPath + ".MCPServer.AddSessionResourceTemplates": {mcpmodel.ResourceTemplate, sdkapi.MarkLabs, true},
}

// getServerFuncs are go-sdk's handlers that build a server per request (or per session)
// with the function given as their first argument.
var getServerFuncs = map[string]bool{
	sdkapi.GoSDKMCPPath + ".NewStreamableHTTPHandler": true,
	sdkapi.GoSDKMCPPath + ".NewSSEHandler":            true,
}

// LateRegistrations finds the registrations that run once the server is serving. It runs
// after linking, when handlers are known.
func (r *Checker) LateRegistrations() {
	callbacks := map[ast.Node]string{}  // callback function literals and declarations
	getServers := map[ast.Node]bool{}   // getServer functions
	named := map[types.Object]string{}  // functions passed by name as callbacks
	namedGet := map[types.Object]bool{} // functions passed by name as getServer
	mark := func(e ast.Expr, name string, get bool) {
		switch x := ast.Unparen(e).(type) {
		case *ast.FuncLit:
			if get {
				getServers[x] = true
			} else {
				callbacks[x] = name
			}
		case *ast.Ident, *ast.SelectorExpr:
			if fn, ok := r.pass.TypesInfo.Uses[astutil.NameIdent(x)].(*types.Func); ok {
				if get {
					namedGet[fn] = true
				} else {
					named[fn] = name
				}
			}
		}
	}
	var regs []*ast.CallExpr
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				t := r.pass.TypesInfo.TypeOf(x)
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				if nt, ok := types.Unalias(t).(*types.Named); !ok || sdkapi.Key(nt.Origin().Obj()) != sdkapi.GoSDKMCPPath+".ServerOptions" {
					return true
				}
				for _, elt := range x.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					id, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					if id.Name == "SupportedProtocolVersions" {
						if lit := r.ResolveLit(kv.Value, 0); lit != nil {
							r.revisionLimit(sdkapi.GoSDK, lit.Elts)
						}
						continue
					}
					if strings.HasSuffix(id.Name, "Handler") {
						mark(kv.Value, id.Name, false)
					}
				}
			case *ast.CallExpr:
				fn := r.Callee(x)
				if fn == nil {
					return true
				}
				key := sdkapi.Key(fn)
				switch {
				case key == sdkapi.MarkLabsServerPath+".WithStreamableHTTPProtocolVersions" && !x.Ellipsis.IsValid():
					r.revisionLimit(sdkapi.MarkLabs, x.Args)
				case strings.HasPrefix(key, sdkapi.MarkLabsServerPath+".Hooks.Add") && len(x.Args) == 1:
					mark(x.Args[0], "Hooks."+fn.Name(), false)
				case getServerFuncs[key] && len(x.Args) > 0:
					mark(x.Args[0], "", true)
				case lateRegistrationKeys[key].sdk != 0:
					regs = append(regs, x)
				}
			}
			return true
		})
	}
	if len(regs) == 0 {
		return
	}
	for _, call := range regs {
		key := sdkapi.Key(r.Callee(call))
		info := lateRegistrationKeys[key]
		late := mcpmodel.LateRegistration{Call: call, Kind: info.kind, SDK: info.sdk}
		if info.session {
			late.Context, late.Where = mcpmodel.LateSession, r.Callee(call).Name()
			r.AddLateRegistration(late)
			continue
		}
		path := r.pathTo(call)
		if ctx, where, ok := r.lateContext(path, callbacks, getServers, named, namedGet); ok {
			late.Context, late.Where = ctx, where
			r.AddLateRegistration(late)
		}
	}
}

// pathTo returns the syntax enclosing n, innermost first.
func (r *Checker) pathTo(n ast.Node) []ast.Node {
	for _, f := range r.pass.Files {
		if f.FileStart <= n.Pos() && n.End() <= f.FileEnd {
			var path []ast.Node
			ast.Inspect(f, func(x ast.Node) bool {
				if x == nil || x.Pos() > n.Pos() || x.End() < n.End() {
					return false
				}
				path = append(path, x)
				return x != n
			})
			slices.Reverse(path)
			return path
		}
	}
	return nil
}

// lateContext decides whether a registration at the end of path (innermost first) runs after
// serving starts: the innermost function that is a handler, a callback or a getServer says.
func (r *Checker) lateContext(path []ast.Node, callbacks map[ast.Node]string, getServers map[ast.Node]bool, named map[types.Object]string, namedGet map[types.Object]bool) (mcpmodel.LateContext, string, bool) {
	for i, n := range path {
		var obj types.Object
		switch f := n.(type) {
		case *ast.FuncDecl:
			obj = r.pass.TypesInfo.Defs[f.Name]
		case *ast.FuncLit:
		default:
			continue
		}
		if h := r.HandlerOf(n); h != nil {
			return mcpmodel.LateHandler, h.Name, true
		}
		if name, ok := callbacks[n]; ok {
			return mcpmodel.LateCallback, name, true
		}
		if name, ok := named[obj]; ok && obj != nil {
			return mcpmodel.LateCallback, name, true
		}
		if getServers[n] || obj != nil && namedGet[obj] {
			if r.requestDependent(path[:i], n) {
				return mcpmodel.LatePerRequest, "getServer", true
			}
			return 0, "", false
		}
	}
	return 0, "", false
}

// requestDependent reports whether a registration inside getServer fn runs under a condition
// on the request (its first parameter) that is not about the caller's authorization, which
// the revision allows to decide what is listed. inner is the path from the call up to fn.
func (r *Checker) requestDependent(inner []ast.Node, fn ast.Node) bool {
	ft, _ := astutil.FuncParts(fn)
	if ft == nil || ft.Params == nil || len(ft.Params.List) == 0 || len(ft.Params.List[0].Names) == 0 {
		return false
	}
	req := r.pass.TypesInfo.Defs[ft.Params.List[0].Names[0]]
	if req == nil {
		return false
	}
	for _, n := range inner {
		var cond ast.Node
		switch s := n.(type) {
		case *ast.IfStmt:
			cond = s.Cond
		case *ast.SwitchStmt:
			if s.Tag != nil {
				cond = s.Tag
			}
		case *ast.CaseClause:
			for _, e := range s.List {
				if r.mentionsRequest(e, req) {
					cond = e
				}
			}
		case *ast.RangeStmt:
			cond = s.X
		}
		if cond != nil && r.mentionsRequest(cond, req) && !authorizationText(types.ExprString(cond.(ast.Expr))) {
			return true
		}
	}
	return false
}

// mentionsRequest reports whether e uses the request, directly or through a variable
// assigned from it once.
func (r *Checker) mentionsRequest(e ast.Node, req types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := r.pass.TypesInfo.Uses[id]
		if obj == req {
			found = true
		} else if v, ok := obj.(*types.Var); ok && !v.IsField() {
			for _, a := range r.Assigns[v] {
				if astutil.Mentions(r.pass.TypesInfo, a, req) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// authorizationText reports whether a condition reads the caller's authorization (a token,
// its scopes, the user): lists that differ by authorization are allowed by the revision.
func authorizationText(s string) bool {
	s = strings.ToLower(s)
	for _, w := range []string{"auth", "token", "scope", "permission", "role", "claim", "principal", "user", "tenant", "grant", "credential", "apikey", "api_key"} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
