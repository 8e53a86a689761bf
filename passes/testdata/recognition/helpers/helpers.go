// Package helpers defines tools through the server's own helpers, whose name, description,
// handler and input type are their parameters: each call is a tool of its own.
package helpers

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type IssueIn struct {
	Number int `json:"number"`
}

type IssueOut struct {
	Title string `json:"title"`
}

type ListIn struct {
	Repo string `json:"repo"`
}

func getIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, IssueOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, IssueOut{}, nil
}

func listIssues(ctx context.Context, req *mcp.CallToolRequest, in ListIn) (*mcp.CallToolResult, []IssueOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, nil, nil
}

func mustTool[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn) // want `def tool go-sdk name=dynamic desc=dynamic in=In out=Out registered handler=external converter`
}

// readOnly goes through mustTool: its calls are tools, resolved through both helpers.
func readOnly[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mustTool(s, name, "Read only. "+desc, fn) // want `def tool go-sdk name=dynamic desc=dynamic converter`
}

type config struct{ Name, Desc string }

func Register(s *mcp.Server, tools []config) {
	mustTool(s, "get_issue", "Get an issue", getIssue)               // want `def tool go-sdk name="get_issue" desc="Get an issue" in=helpers.IssueIn out=helpers.IssueOut registered handler=getIssue`
	mustTool[ListIn](s, "list_issues", "List issues", listIssues)    // want `def tool go-sdk name="list_issues" desc="List issues" in=helpers.ListIn out=\[\]helpers.IssueOut registered handler=listIssues`
	readOnly(s, "peek_issue", "Peek at an issue", getIssue)          // want `def tool go-sdk name="peek_issue" desc="Read only. Peek at an issue" in=helpers.IssueIn out=helpers.IssueOut registered handler=getIssue`
	mustTool(s, os.Getenv("TOOL"), "From the environment", getIssue) // want `def tool go-sdk name=dynamic desc="From the environment" in=helpers.IssueIn out=helpers.IssueOut registered handler=getIssue`
	for _, t := range tools {
		mustTool(s, t.Name, t.Desc, getIssue) // want `def tool go-sdk name=dynamic desc=dynamic in=helpers.IssueIn out=helpers.IssueOut registered handler=getIssue`
	}
}
