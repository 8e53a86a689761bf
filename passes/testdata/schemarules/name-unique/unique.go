// Package unique: duplicate names and URIs among registered definitions, within the package
// and against a package of the same module it imports.
package unique

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/name-unique/dep"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server, readOnly bool, mode int) {
	dep.Register(s)
	s.AddTool(&mcp.Tool{Name: "own", Description: "d"}, low)
	s.AddTool(&mcp.Tool{Name: "own", Description: "again"}, low) // want `tool "own" is registered twice \(also at unique\.go:25\); clients see only one\. Rename one`
	s.AddTool(&mcp.Tool{Name: "shared", Description: "d"}, low)  // want `tool "shared" is also registered in package fixtures/schemarules/name-unique/dep \(dep\.go:16\); clients see only one\. Rename one`
	s.AddResource(&mcp.Resource{Name: "a", URI: "file:///a"}, read)
	s.AddResource(&mcp.Resource{Name: "b", URI: "file:///a"}, read) // want `resource "file:///a" is registered twice`

	// Near misses: a prompt may share a tool's name; different URIs; a resource template
	// with the URI of a resource is another kind; a tool the imported package only defines.
	s.AddPrompt(&mcp.Prompt{Name: "own", Description: "d"}, nil)
	s.AddResource(&mcp.Resource{Name: "a", URI: "file:///b"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "t", URITemplate: "file:///a"}, read)
	s.AddTool(&mcp.Tool{Name: "only_defined", Description: "d"}, low)

	// Variants chosen at run time: only one is registered.
	if readOnly {
		s.AddTool(&mcp.Tool{Name: "write", Description: "dry run"}, low)
	} else {
		s.AddTool(&mcp.Tool{Name: "write", Description: "writes"}, low)
	}
	switch mode {
	case 1:
		s.AddTool(&mcp.Tool{Name: "mode", Description: "one"}, low)
	case 2:
		s.AddTool(&mcp.Tool{Name: "mode", Description: "two"}, low)
	}
}

// Constructors: whoever registers them picks one.
func CreateRun() m3.Tool     { return m3.NewTool("create_run", m3.WithDescription("destructive")) }
func CreateRunSafe() m3.Tool { return m3.NewTool("create_run", m3.WithDescription("safe")) }

func RegisterM3(s *server.MCPServer) {
	s.AddTools(
		server.ServerTool{Tool: m3.NewTool("m3dup", m3.WithDescription("d"))},
		server.ServerTool{Tool: m3.NewTool("m3dup", m3.WithDescription("d"))}, // want `tool "m3dup" is registered twice \(also at unique.go:58\)`
	)
}

func other(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// Start registers the start tool; Stop removes the session's tools and registers it again,
// written alike with the same handler: one tool, registered again (mcp-dap-server's debug
// tool). Restart registers the name with another handler: that is two tools.
func Start(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "start", Description: "Starts a session."}, low)
}

func Stop(s *mcp.Server) {
	s.RemoveTools("step", "start")
	s.AddTool(&mcp.Tool{Name: "start", Description: "Starts a session."}, low)
}

func Restart(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "start", Description: "Starts a session."}, other) // want `tool "start" is registered twice \(also at unique\.go:\d+\); clients see only one\. Rename one`
}

// Exclusive ways are read on the control-flow graph, not on the if/else syntax.
func RegisterByFlow(s *mcp.Server, readOnly bool, mode int) {
	// Near miss: the early return makes the dry-run variant the only one registered.
	if readOnly {
		s.AddTool(&mcp.Tool{Name: "sync", Description: "dry run"}, low)
		return
	}
	s.AddTool(&mcp.Tool{Name: "sync", Description: "syncs"}, low)
}

func RegisterFallthrough(s *mcp.Server, mode int) {
	switch mode {
	case 1:
		s.AddTool(&mcp.Tool{Name: "level", Description: "one"}, low)
		fallthrough
	case 2:
		s.AddTool(&mcp.Tool{Name: "level", Description: "two"}, low) // want `tool "level" is registered twice`
	}
}
