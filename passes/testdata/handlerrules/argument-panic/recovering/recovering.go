// Package recovering builds its servers with panic recovery: the panic reaches the client as
// a JSON-RPC error, which the finding says instead of a crash.
package recovering

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func name(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(req.GetArguments()["name"].(string)), nil // want `panics on another type: mcp-go v1\.2\.1 sends JSON-RPC -32603`
}

type in struct {
	Extra map[string]any `json:"extra"`
}

func typed(ctx context.Context, req *gomcp.CallToolRequest, args in) (*gomcp.CallToolResult, any, error) {
	return nil, args.Extra["k"].(string), nil // want `args\.Extra\["k"\]\.\(string\) panics on another type: go-sdk v1\.8\.0 sends JSON-RPC code 0`
}

func recoverPanics(next gomcp.MethodHandler) gomcp.MethodHandler {
	return func(ctx context.Context, method string, req gomcp.Request) (res gomcp.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("internal error: %v", r)
			}
		}()
		return next(ctx, method, req)
	}
}

func New() (*server.MCPServer, *gomcp.Server) {
	s := server.NewMCPServer("n", "v", server.WithRecovery())
	s.AddTool(mcp.NewTool("name"), name)
	g := gomcp.NewServer(&gomcp.Implementation{Name: "n"}, nil)
	g.AddReceivingMiddleware(recoverPanics)
	gomcp.AddTool(g, &gomcp.Tool{Name: "typed"}, typed)
	return s, g
}
