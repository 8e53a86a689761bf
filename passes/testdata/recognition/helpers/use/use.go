// Package use calls another package's helpers.
package use

import (
	"context"
	"os"

	m3 "github.com/mark3labs/mcp-go/mcp"
	m3server "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/recognition/helpers/lib"
)

type IssueIn struct {
	Number int `json:"number"`
}

func getIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, nil, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return nil, nil
}

func low2(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return nil, nil
}

func search(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return nil, nil
}

// issueTool is this package's own helper around lib's.
func issueTool(s *mcp.Server, name string) {
	lib.MustTool(s, name, "An issue tool.", getIssue) // want `def tool go-sdk name=dynamic desc="An issue tool." in=use.IssueIn out=any registered handler=getIssue converter`
}

func Register(s *mcp.Server, m *m3server.MCPServer) {
	lib.MustTool(s, "get_issue", "Get an issue", getIssue)                                // want `def tool go-sdk name="get_issue" desc="Get an issue" in=use.IssueIn out=any registered handler=getIssue`
	lib.ReadOnly(s, "peek_issue", "Peek", getIssue)                                       // want `def tool go-sdk name="peek_issue" desc="Peek" in=use.IssueIn out=any registered handler=getIssue`
	lib.Annotated(s, "annotated", low)                                                    // want `def tool go-sdk name="annotated" desc="Fixed." registered handler=low`
	lib.MustTool(s, os.Getenv("NAME"), "Named at run time", getIssue)                     // want `def tool go-sdk name=dynamic desc="Named at run time" in=use.IssueIn out=any registered handler=getIssue`
	issueTool(s, "issue_tool")                                                            // want `def tool go-sdk name="issue_tool" desc="An issue tool." in=use.IssueIn out=any registered handler=getIssue`
	lib.Reflected(s, "reflected", low2)                                                   // want `def tool go-sdk name="reflected" desc="Reflected." registered handler=low2`
	m.AddTools(lib.Tool("search", "Search", search, m3.WithReadOnlyHintAnnotation(true))) // want `def tool mark3labs name="search" desc="Search" readonly=true defaults registered handler=search`
}
