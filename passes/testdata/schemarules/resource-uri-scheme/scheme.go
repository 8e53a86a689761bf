// Package scheme: resource URIs without a scheme.
package scheme

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddResource(&mcp.Resource{Name: "readme", URI: "readme", Description: "The README."}, read)   // want `resource "readme" has URI "readme" with no scheme`
	s.AddResource(&mcp.Resource{Name: "notes", URI: "/var/notes.txt", Description: "Notes."}, read) // want `has URI "/var/notes.txt" with no scheme`

	// Near misses: absolute URIs, own schemes, and templates (uri-template-valid's).
	s.AddResource(&mcp.Resource{Name: "hosts", URI: "file:///etc/hosts", Description: "Hosts."}, read)
	s.AddResource(&mcp.Resource{Name: "guide", URI: "docs://guide", Description: "The guide."}, read)
	s.AddResource(&mcp.Resource{Name: "urn", URI: "urn:isbn:0451450523", Description: "A book."}, read)
}

func M3() m3.Resource {
	return m3.NewResource("config.json", "Config", m3.WithResourceDescription("The config.")) // want `resource "Config" has URI "config.json" with no scheme`
}
