// Package uris: resources and templates without their URI.
package uris

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server, dyn string) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "none", Description: "d"}, read)                   // want `resource template "none" has no URI template, so it can never be read; set it`
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "empty", URITemplate: "", Description: "d"}, read) // want `resource template "empty" has an empty URI template`
	s.AddResource(&mcp.Resource{Name: "res", Description: "d"}, read)                                    // want `resource "res" has no URI`

	// Near misses.
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "ok", URITemplate: "items://{id}", Description: "d"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "dyn", URITemplate: dyn, Description: "d"}, read)
}

func M3() m3.ResourceTemplate {
	return m3.NewResourceTemplate("  ", "m3empty", m3.WithTemplateDescription("d")) // want `resource template "m3empty" has an empty URI template`
}
