// Package mcptooluris: mcptool resources and templates without a URI.
package mcptooluris

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Params struct {
	ID string `uri:"id"`
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func readItem(ctx context.Context, req *mcp.ReadResourceRequest, p Params) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func Register(s *mcp.Server, uri string) {
	mcptool.AddResource(s, mcptool.Resource{Name: "none", Description: "d", Handler: read})                                              // want `resource "none" has no URI, so it can never be read; set it`
	mcptool.AddResource(s, mcptool.Resource{Name: "empty", URI: " ", Description: "d", Handler: read})                                   // want `resource "empty" has an empty URI`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "item", URITemplate: "", Description: "d", Handler: readItem}) // want `resource template "item" has an empty URI template`

	// Near misses.
	mcptool.AddResource(s, mcptool.Resource{Name: "dyn", URI: uri, Description: "d", Handler: read})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "ok", URITemplate: "x://{id}", Description: "d", Handler: readItem})
}
