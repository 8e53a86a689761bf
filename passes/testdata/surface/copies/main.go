// Command copies is a go-sdk server that builds each tool twice, as kube-mcp does: a list of
// *mcp.Tool made by a builder, which it keeps in a registry map and never registers, and the
// tools it registers with their handlers, under the same names and other descriptions. The
// surface tests compare its static surface with what it lists when it runs: a name is listed
// once, with what the registered copy says.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolBuilder builds a tool description step by step.
type ToolBuilder struct{ tool *mcp.Tool }

func NewTool(name, description string) *ToolBuilder {
	return &ToolBuilder{tool: &mcp.Tool{Name: name, Description: description}}
}

func (b *ToolBuilder) WithReadOnly() *ToolBuilder {
	b.tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
	return b
}

func (b *ToolBuilder) Build() *mcp.Tool { return b.tool }

// Tools is the toolset's list: kept by name in the registry, never registered.
func Tools() []*mcp.Tool {
	tools := []*mcp.Tool{}
	tools = append(tools, NewTool("rollouts_list", "List progressive delivery resources (Argo Rollouts or Flagger)").WithReadOnly().Build())
	tools = append(tools, NewTool("rollouts_abort", "Abort a rollout (Argo Rollouts only)").Build())
	// Built and kept only: no registered tool has this name, so nothing says it is not
	// registered somewhere recognition cannot see.
	tools = append(tools, NewTool("rollouts_retry", "Retry a rollout analysis").Build())
	return tools
}

type Args struct {
	Name string `json:"name,omitempty"`
}

func handle(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "rollouts_list", Description: "List progressive delivery resources"}, handle)
	mcp.AddTool(s, &mcp.Tool{Name: "rollouts_abort", Description: "Abort a rollout"}, handle)
}

func main() {
	registry := map[string]*mcp.Tool{}
	for _, t := range Tools() {
		registry[t.Name] = t
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "copies", Version: "1.0.0"}, nil)
	register(s)
	log.Printf("%d tools known", len(registry))
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
