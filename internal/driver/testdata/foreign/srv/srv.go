// Package srv registers the tools of package tools: a constructor's definition with a handler
// that delegates there, a tool type through the interface, and a query through the helper.
package srv

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/foreign/catalog"
	"example.com/foreign/factorytool"
	"example.com/foreign/hive"
	"example.com/foreign/kinds"
	"example.com/foreign/lister"
	"example.com/foreign/named"
	"example.com/foreign/respond"
	"example.com/foreign/svc"
	"example.com/foreign/tools"
)

func New() *server.MCPServer {
	s := server.NewMCPServer("foreign", "1.0.0")
	deps := tools.Deps{}
	s.AddTool(tools.NewListTool(), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return tools.HandleList(deps, ctx, req)
	})
	tools.Register(s, tools.Echo{})
	s.AddTool(mcp.NewTool("weather", mcp.WithDescription("Fetches the weather.")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := fetchWeather(ctx)
		return respond.Result(v, err)
	})
	tools.Register(s, hive.Lookup{})
	tools.RegisterQuery(s, "query", tools.HandleQuery)
	tools.RegisterCommands(s, &tools.Ping{})
	s.AddTool(mcp.NewTool("made", mcp.WithDescription("Answers with a prefix.")), tools.MakeHandler("made"))
	addMade(s, "chained")
	tools.RegisterRegistry(s)
	tools.RegisterSpecs(s, specs())
	registerListed(s, false)
	registerCatalog(s, catalog.All, catalog.Makers)
	for _, t := range factorytool.Registry {
		s.AddTool(t.Definition(), t.Handler("hello, "))
	}
	registerKinds(s)
	service := svc.New()
	registerByName(s, service.GetTools(), service.GetHandlers())
	if ns, err := named.New(s, []byte(`[{"name": "named_list"}, {"name": "named_delete"}]`), false); err == nil {
		ns.Register()
	}
	return s
}

// kindTool pairs another package's definition function with the handler it makes.
type kindTool struct {
	Func    func() mcp.Tool
	Handler server.ToolHandlerFunc
}

// registerKinds registers a table of kinds' functions: the definition is a call of a
// function the table holds, the handler what a function of kinds returned.
func registerKinds(s *server.MCPServer) {
	table := map[string][]kindTool{
		"vm":   {{Func: kinds.VMList, Handler: kinds.VMListHandler()}},
		"host": {{Func: kinds.HostList, Handler: kinds.HostListHandler()}},
	}
	for _, tools := range table {
		for _, t := range tools {
			s.AddTool(t.Func(), t.Handler)
		}
	}
}

// registerCatalog registers each tool with the handler its factory, found by name, makes.
func registerCatalog(s *server.MCPServer, tools []mcp.Tool, makers map[string]catalog.Maker) {
	for _, t := range tools {
		if mk, ok := makers[t.Name]; ok {
			s.AddTool(t, mk("catalog: "))
		}
	}
}

// registerListed registers what lister builds with its dispatcher, shout only when loud.
func registerListed(s *server.MCPServer, loud bool) {
	lt := &lister.Tools{}
	for _, tool := range lt.GetTools() {
		if !loud && tool.Name == "shout" {
			continue
		}
		s.AddTool(tool, lt.Handle)
	}
}

// registerByName registers each tool with the handler of its name, when there is one.
func registerByName(s *server.MCPServer, tools []mcp.Tool, handlers map[string]server.ToolHandlerFunc) {
	for _, tool := range tools {
		if handler, ok := handlers[tool.Name]; ok {
			s.AddTool(tool, handler)
		}
	}
}

// specs builds the table package tools registers from its Tool field.
func specs() []tools.Spec {
	tool := mcp.NewTool("spec", mcp.WithDescription("Answers from a table."))
	return []tools.Spec{{Tool: tool, Text: "from the table"}}
}

// addMade is a helper of this package over the helper of package tools.
func addMade(s *server.MCPServer, name string) {
	tools.AddMade(s, name)
}
