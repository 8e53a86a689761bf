// Package align: mark3labs hands template variables to the handler in
// request.Params.Arguments, keyed by the template's variable names.
package align

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func misspelled(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	id := req.Params.Arguments["item_id"] // want `the handler of resource template "item" reads template argument "item_id", but the template "items://\{id\}" has no such variable \(it has \{id\}\), so it is always nil`
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: fmt.Sprint(id)}}, nil
}

func partial(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	args := req.Params.Arguments
	owner := args["owner"]
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: fmt.Sprint(owner)}}, nil
}

func good(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	name := req.Params.Arguments["name"].([]string)
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: name[0]}}, nil
}

func ranges(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	for k, v := range req.Params.Arguments {
		_, _ = k, v
	}
	_ = req.Params.Arguments["b"]
	return nil, nil
}

// passesOn reads "a" and hands the whole map on in the same call: what the helper reads is
// unknown, so "b" is not reported as unread.
func passesOn(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	args := req.Params.Arguments
	return lookup(args["a"], args), nil
}

func lookup(first any, all map[string]any) []mcp.ResourceContents {
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: fmt.Sprint(first, all["b"])}}
}

func parsesURI(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: req.Params.URI}}, nil
}

func Register(s *server.MCPServer) {
	s.AddResourceTemplate(mcp.NewResourceTemplate("items://{id}", "item", mcp.WithTemplateDescription("d")), misspelled)       // want `resource template "item": the handler never reads template variable \{id\} \(it reads \{item_id\}\); read it or remove it from the template`
	s.AddResourceTemplate(mcp.NewResourceTemplate("repo://{owner}/{repo}", "repo", mcp.WithTemplateDescription("d")), partial) // want `the handler never reads template variable \{repo\}`

	// Near misses: every variable read; a handler that ranges over the arguments (only its
	// constant reads are checked, and "b" is a variable); a handler that parses the URI; a handler
	// that passes the map on.
	s.AddResourceTemplate(mcp.NewResourceTemplate("users://{name}", "user", mcp.WithTemplateDescription("d")), good)
	s.AddResourceTemplate(mcp.NewResourceTemplate("x://{a}/{b}", "x", mcp.WithTemplateDescription("d")), ranges)
	s.AddResourceTemplate(mcp.NewResourceTemplate("y://{a}", "y", mcp.WithTemplateDescription("d")), parsesURI)
	s.AddResourceTemplate(mcp.NewResourceTemplate("z://{a}/{b}", "z", mcp.WithTemplateDescription("d")), passesOn)
}
