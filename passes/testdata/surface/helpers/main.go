// Command helpers is a go-sdk server that defines every tool through its own helpers, whose
// name, description, annotations, handler and input and output types are their parameters.
// The surface tests compare its static surface with what it lists when it runs.
package main

import (
	"context"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/surface/helpers/lib"
)

type IssueIn struct {
	Owner  string `json:"owner" jsonschema:"the repository owner"`
	Number int    `json:"number"`
}

type IssueOut struct {
	Title  string   `json:"title"`
	Labels []string `json:"labels,omitempty"`
}

type ListIn struct {
	State string `json:"state,omitempty" jsonschema:"open or closed"`
	Limit int8   `json:"limit,omitempty"`
}

func getIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, IssueOut, error) {
	return nil, IssueOut{Title: "t"}, nil
}

func listIssues(ctx context.Context, req *mcp.CallToolRequest, in ListIn) (*mcp.CallToolResult, []IssueOut, error) {
	return nil, nil, nil
}

func ping(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// MustTool registers one typed tool: go-sdk infers its schemas from the call's In and Out.
func MustTool[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
}

// readOnly goes through MustTool's sibling with annotations of its own.
func readOnly[In, Out any](s *mcp.Server, name, title, desc string, fn mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Title: title, Description: "Read only. " + desc, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, fn)
}

// lowLevel registers a low-level handler with a fixed schema.
func lowLevel(s *mcp.Server, name, desc string, h mcp.ToolHandler) {
	s.AddTool(&mcp.Tool{Name: name, Description: desc, InputSchema: map[string]any{"type": "object"}}, h)
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "helpers", Version: "1.0.0"}, nil)
	MustTool(s, "get_issue", "Get an issue.", getIssue)
	MustTool(s, "list_issues", "List issues.", listIssues)
	readOnly(s, "peek_issue", "Peek", "Peek at an issue.", getIssue)
	lowLevel(s, "ping", "Check the server answers.", ping)
	lib.Tool(s, "list_labels", "List labels, from the tool library.", listIssues)
	// A name known only at run time: listed statically with an unknown name.
	if name := os.Getenv("HELPERS_EXTRA"); name != "" {
		MustTool(s, name, "Named by the environment.", getIssue)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
