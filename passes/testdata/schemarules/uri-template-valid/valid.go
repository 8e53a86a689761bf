// Package valid: URI templates both SDKs panic on.
package valid

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "unclosed", URITemplate: "file:///{path", Description: "d"}, read) // want `resource template "unclosed": "file:///\{path" is no valid URI template \(.*\): go-sdk's AddResourceTemplate panics at start-up`
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "emptyvar", URITemplate: "items://{}", Description: "d"}, read)    // want `"items://\{\}" is no valid URI template`
	s.AddResource(&mcp.Resource{Name: "baduri", URI: "://nope", Description: "d"}, read)                                 // want `resource "baduri": "://nope" is not a valid URI .*: go-sdk's AddResource panics at start-up`

	// Near misses: operators, several variables, explode and prefix modifiers.
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "ops", URITemplate: "repo://{owner}/{repo}/contents{/path*}{?ref}", Description: "d"}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "prefix", URITemplate: "x://{name:3}", Description: "d"}, read)
	s.AddResource(&mcp.Resource{Name: "ok", URI: "file:///etc/hosts", Description: "d"}, read)
}

func M3() m3.ResourceTemplate {
	return m3.NewResourceTemplate("items://{id", "m3bad", m3.WithTemplateDescription("d")) // want `resource template "m3bad": "items://\{id" is no valid URI template .*: mark3labs' NewResourceTemplate panics at start-up`
}
