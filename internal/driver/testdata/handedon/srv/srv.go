// Package srv hands every failure to a helper of another package that returns it as its error.
package srv

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/handedon/results"
)

// fetchStatus hands its failures, wrapped with %v, to a helper of another package that
// returns them as its error.
func fetchStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url, _ := req.GetArguments()["url"].(string)
	if url == "" {
		return results.ErrorResult(errors.New("url is required"))
	}
	resp, err := http.Get(url)
	if err != nil {
		return results.ErrorResult(fmt.Errorf("get %s err: %w", url, err))
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// checkName gives the other helper an argument error only.
func checkName(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	if name == "" {
		return results.Refuse(errors.New("name is required"))
	}
	return mcp.NewToolResultText(name), nil
}

// New registers both tools.
func New() *server.MCPServer {
	s := server.NewMCPServer("handedon", "1.0.0")
	s.AddTool(mcp.NewTool("fetch_status", mcp.WithDescription("Fetches a URL's status."), mcp.WithString("url", mcp.Description("The URL."))), fetchStatus)
	s.AddTool(mcp.NewTool("check_name", mcp.WithDescription("Checks a name."), mcp.WithString("name", mcp.Description("The name."))), checkName)
	return s
}
