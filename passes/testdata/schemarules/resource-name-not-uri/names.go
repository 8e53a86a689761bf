// Package names: resources named by their URI.
package names

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server, uri string) {
	s.AddResource(&mcp.Resource{Name: "file:///etc/hosts", URI: "file:///etc/hosts", Description: "d"}, read) // want `resource "file:///etc/hosts" uses its URI as its name; give people a short name \("Hosts", say\)`
	s.AddResource(&mcp.Resource{Name: uri, URI: uri, Description: "d"}, read)                                 // want `resource uses its URI as its name`

	// Near misses.
	s.AddResource(&mcp.Resource{Name: "hosts", URI: "file:///etc/hosts", Description: "d"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "item", URITemplate: "items://{id}", Description: "d"}, read)
	// A good label; the real problem is the URI without a scheme (resource-uri-scheme).
	s.AddResource(&mcp.Resource{Name: "readme", URI: "readme", Description: "d"}, read)
}

func M3() m3.ResourceTemplate {
	return m3.NewResourceTemplate("items://{id}", "items://{id}", m3.WithTemplateDescription("d")) // want `resource template "items://\{id\}" uses its URI as its name`
}
