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

// Near miss: the same restatement chosen in an else branch and held in a variable.
func deleteRestatedElse(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, *DeleteOut, error) {
	name, namespace := in.Q, namespaceOf(in.Q)
	var msg string
	if in.Q == "" {
		msg = "nothing deleted"
	} else {
		msg = fmt.Sprintf("Workflow %q deleted", name)
	}
	out := &DeleteOut{Name: name, Namespace: namespace, Message: msg}
	return sentence(fmt.Sprintf("Workflow %q in %q deleted", name, namespace)), out, nil
}

// The message chosen in an else branch carries upstream text on one way: reported.
func deleteUpstreamElse(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, *DeleteOut, error) {
	name, namespace := in.Q, namespaceOf(in.Q)
	msg := fmt.Sprintf("Workflow %q deleted", name)
	if in.Q == "" {
		msg = upstreamStatus(name)
	}
	out := &DeleteOut{Name: name, Namespace: namespace, Message: msg}
	return sentence(fmt.Sprintf("Workflow %q in %q deleted", name, namespace)), out, nil // want `tool "delete_upstream_else": output\.message \(field Message\) is not in the Content this result sets`
}

func registerRestatesElse(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "delete_restated_else", Description: "d"}, deleteRestatedElse)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_upstream_else", Description: "d"}, deleteUpstreamElse)
}

var _ = registerRestatesElse
