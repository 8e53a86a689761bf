// Package unique: duplicate names and URIs, within the package and against a package of the
// same module it imports.
package unique

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/name-unique/dep"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	dep.Register(s)
	s.AddTool(&mcp.Tool{Name: "own", Description: "d"}, low)
	s.AddTool(&mcp.Tool{Name: "own", Description: "again"}, low) // want `tool "own": a tool with this name is already defined at unique.go:24; registered on one server, the later registration silently replaces the earlier one`
	s.AddTool(&mcp.Tool{Name: "shared", Description: "d"}, low)  // want `tool "shared": a tool with this name is already defined in package fixtures/schemarules/name-unique/dep \(dep.go:15\)`
	s.AddResource(&mcp.Resource{Name: "a", URI: "file:///a"}, read)
	s.AddResource(&mcp.Resource{Name: "b", URI: "file:///a"}, read) // want `resource "file:///a": a resource with this URI is already defined`

	// Near misses: a prompt may share a tool's name; different URIs; a resource template
	// with the URI of a resource is another kind.
	s.AddPrompt(&mcp.Prompt{Name: "own", Description: "d"}, nil)
	s.AddResource(&mcp.Resource{Name: "a", URI: "file:///b"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "t", URITemplate: "file:///a"}, read)
}

func M3() m3.Tool {
	return m3.NewTool("own") // want `tool "own": a tool with this name is already defined at`
}
