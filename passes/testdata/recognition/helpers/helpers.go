// Package helpers defines tools through the server's own helpers, whose name, description,
// handler and input type are their parameters: each call is a tool of its own.
package helpers

import (
	"context"
	"os"
	"reflect"

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

// reflected takes the handler as any and calls it through reflect from the handler it
// registers: each call's tool is linked to the function the call passes.
func reflected(s *mcp.Server, name, desc string, fn any) {
	v := reflect.ValueOf(fn)
	s.AddTool(&mcp.Tool{Name: name, Description: desc, InputSchema: schemaOf(v.Type().In(2))}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic desc=dynamic registered handler=literal converter` `handler tool go-sdk GoSDKTool errors=protocol registered`
		out := v.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req), reflect.New(v.Type().In(2)).Elem()})
		if err, _ := out[2].Interface().(error); err != nil {
			return nil, err
		}
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		return res, nil
	})
}

func schemaOf(t reflect.Type) any { return map[string]any{"type": "object", "title": t.Name()} }

func RegisterReflected(s *mcp.Server) {
	reflected(s, "close_issue", "Close an issue", closeIssue) // want `def tool go-sdk name="close_issue" desc="Close an issue" registered handler=closeIssue`
	// Near miss: a value that is no handler leaves the helper's own closure linked.
	reflected(s, "odd", "Odd", 42) // want `def tool go-sdk name="odd" desc="Odd" registered handler=literal`
}

func closeIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, IssueOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, IssueOut{}, nil
}
