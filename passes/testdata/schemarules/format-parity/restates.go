package parity

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DeleteOut struct {
	Name      string `json:"name" jsonschema:"workflow"`
	Namespace string `json:"namespace" jsonschema:"namespace"`
	Message   string `json:"message" jsonschema:"what happened"`
}

func sentence(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Near miss (argo-workflows' delete tools): the message only restates what the text shows, a
// sentence formatted from the name the text names too.
func deleteRestated(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, *DeleteOut, error) {
	name, namespace := in.Q, namespaceOf(in.Q)
	out := &DeleteOut{Name: name, Namespace: namespace, Message: fmt.Sprintf("Workflow %q deleted", name)}
	return sentence(fmt.Sprintf("Workflow %q in %q deleted", name, namespace)), out, nil
}

// The message carries what the upstream said, which the text leaves out.
func deleteUpstream(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, *DeleteOut, error) {
	name, namespace := in.Q, namespaceOf(in.Q)
	out := &DeleteOut{Name: name, Namespace: namespace, Message: fmt.Sprintf("Workflow %q: %s", name, upstreamStatus(name))}
	return sentence(fmt.Sprintf("Workflow %q in %q deleted", name, namespace)), out, nil // want `tool "delete_upstream": output\.message \(field Message\) is not in the Content this result sets`
}

func upstreamStatus(name string) string { return "gone" }

func registerRestates(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "delete_restated", Description: "d"}, deleteRestated)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_upstream", Description: "d"}, deleteUpstream)
}

var _ = registerRestates

func namespaceOf(name string) string { return "ns-" + name }
