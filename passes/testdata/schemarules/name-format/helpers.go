package format

import (
	"context"
	"os"

	m3 "github.com/mark3labs/mcp-go/mcp"
	m3server "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mustTool is the server's own helper: each call is a tool named by its argument, so a bad
// name is reported at the call that passes it.
func mustTool[In, Out any](s *mcp.Server, name, desc string, fn func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: desc}, fn)
}

type issueIn struct {
	Number int `json:"number"`
}

func getIssue(ctx context.Context, req *mcp.CallToolRequest, in issueIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

type toolConfig struct{ Name, Desc string }

func RegisterHelpers(s *mcp.Server, configured []toolConfig) {
	mustTool(s, "get issue", "Get an issue", getIssue) // want `tool name "get issue" has characters outside`
	// Near misses: a valid name, a name read at run time, names from a configuration.
	mustTool(s, "get_issue", "Get an issue", getIssue)
	mustTool(s, os.Getenv("ISSUE_TOOL"), "Get an issue", getIssue)
	for _, c := range configured {
		mustTool(s, c.Name, c.Desc, getIssue)
	}
}

func m3search(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return nil, nil
}

// m3tool is the mark3labs shape of the same helper: the description goes before the options
// each call passes.
func m3tool(name, desc string, h m3server.ToolHandlerFunc, opts ...m3.ToolOption) m3server.ServerTool {
	return m3server.ServerTool{Tool: m3.NewTool(name, append([]m3.ToolOption{m3.WithDescription(desc)}, opts...)...), Handler: h}
}

func RegisterM3Helpers(s *m3server.MCPServer, configured []toolConfig, extra []m3.ToolOption) {
	s.AddTools(
		m3tool("find files!", "Search", m3search, m3.WithReadOnlyHintAnnotation(true)), // want `tool name "find files!" has characters outside`
		m3tool("search_files", "Search", m3search, extra...),
		m3tool(os.Getenv("SEARCH_TOOL"), "Search", m3search),
	)
	for _, c := range configured {
		s.AddTools(m3tool(c.Name, c.Desc, m3search))
	}
}
