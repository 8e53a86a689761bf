// Package mcptoolnames: mcptool resources named by a URI.
package mcptoolnames

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

func Register(s *mcp.Server) {
	mcptool.AddResource(s, mcptool.Resource{Name: "file:///etc/hosts", URI: "file:///etc/hosts", Description: "d", Handler: read})                           // want `resource "file:///etc/hosts" uses its URI as its name`
	mcptool.AddResource(s, mcptool.Resource{Name: "file:///etc/hostname", URI: "file:///etc/hosts", Description: "d", Handler: read})                        // want `resource "file:///etc/hostname" has a URI for a name; give people a short name`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "items://{id}", URITemplate: "items://{id}", Description: "d", Handler: readItem}) // want `resource template "items://\{id\}" uses its URI as its name`

	// Near misses: short names, including ones with a colon or a slash.
	mcptool.AddResource(s, mcptool.Resource{Name: "hosts", URI: "file:///etc/hosts", Description: "d", Handler: read})
	mcptool.AddResource(s, mcptool.Resource{Name: "Notes: today/tomorrow", URI: "notes://today", Description: "d", Handler: read})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "item", URITemplate: "items://{id}", Description: "d", Handler: readItem})
}
