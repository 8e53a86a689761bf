// Package mcptoolvalid: mcptool refuses URIs and URI templates clients cannot read.
package mcptoolvalid

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Params struct {
	Path string `uri:"path"`
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func readPath(ctx context.Context, req *mcp.ReadResourceRequest, p Params) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func Register(s *mcp.Server) {
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "unclosed", URITemplate: "file:///{path", Description: "d", Handler: readPath}) // want `resource template "unclosed": "file:///\{path" is no valid URI template \(.*\): mcptool.AddResourceTemplate panics at start-up`
	mcptool.AddResource(s, mcptool.Resource{Name: "baduri", URI: "://nope", Description: "d", Handler: read})                                             // want `resource "baduri": "://nope" is not a valid URI .*: mcptool.AddResource panics at start-up`
	mcptool.AddResource(s, mcptool.Resource{Name: "relative", URI: "notes/today.md", Description: "d", Handler: read})                                    // want `resource "relative": "notes/today\.md" has no scheme, and mcptool\.AddResource panics at start-up; add one \(myapp://\)`

	// Near misses: absolute URIs, and templates with operators and modifiers.
	mcptool.AddResource(s, mcptool.Resource{Name: "readme", URI: "file:///README.md", Description: "d", Handler: read})
	mcptool.AddResource(s, mcptool.Resource{Name: "config", URI: "myapp://config", Description: "d", Handler: read})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "file", URITemplate: "file:///{+path}", Description: "d", Handler: readPath})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Params]{Name: "short", URITemplate: "file:///{path:3}", Description: "d", Handler: readPath})
}

// The same relative URI in go-sdk registers (go-sdk only parses it).
func GoSDK(s *mcp.Server) {
	s.AddResource(&mcp.Resource{Name: "relative", URI: "notes/today.md", Description: "d"}, read)
}
