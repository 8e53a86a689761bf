// Package inventory registers tools defined in other packages and annotates their input
// schemas with x-mcp-header on the way, as github-mcp-server's pkg/inventory does.
package inventory

import (
	"context"
	"maps"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServerTool is a tool and its handler.
type ServerTool struct {
	Tool    mcp.Tool
	Handler mcp.ToolHandler
}

// New pairs a tool with a handler.
func New(tool mcp.Tool, h func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)) ServerTool {
	return ServerTool{Tool: tool, Handler: h}
}

// HeaderParams maps input properties to the Mcp-Param-* header a proxy routes on.
var HeaderParams = map[string]string{"owner": "owner", "repo": "repo"}

// AnnotateHeaderParams annotates the tool's listed properties that carry no annotation yet.
func AnnotateHeaderParams(tool *mcp.Tool) {
	schema, ok := tool.InputSchema.(*jsonschema.Schema)
	if !ok || schema == nil {
		return
	}
	var toAnnotate []string
	for prop := range HeaderParams {
		if ps := schema.Properties[prop]; ps != nil {
			if _, exists := ps.Extra["x-mcp-header"]; !exists {
				toAnnotate = append(toAnnotate, prop)
			}
		}
	}
	if len(toAnnotate) == 0 {
		return
	}
	schemaCopy := *schema
	schemaCopy.Properties = maps.Clone(schema.Properties)
	for _, prop := range toAnnotate {
		propCopy := *schemaCopy.Properties[prop]
		extra := make(map[string]any, len(propCopy.Extra)+1)
		maps.Copy(extra, propCopy.Extra)
		extra["x-mcp-header"] = HeaderParams[prop]
		propCopy.Extra = extra
		schemaCopy.Properties[prop] = &propCopy
	}
	tool.InputSchema = &schemaCopy
}

// Register adds every tool to the server, annotated.
func Register(s *mcp.Server, tools []ServerTool) {
	for _, st := range tools {
		toolCopy := st.Tool
		AnnotateHeaderParams(&toolCopy)
		s.AddTool(&toolCopy, st.Handler)
	}
}
