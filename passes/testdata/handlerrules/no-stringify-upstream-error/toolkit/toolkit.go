// Package toolkit is a server's own tool layer over mark3labs (razorpay's mcpgo): its own
// request and result types, a constructor that keeps the handler in an unexported field, and
// a method that converts the tool into the SDK's, turning the own result into the SDK's.
package toolkit

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Request is the layer's own request.
type Request struct {
	Name      string
	Arguments any
}

// Result is the layer's own result: IsError marks a tool error.
type Result struct {
	Text    string
	IsError bool
}

// Handler is the layer's own handler type.
type Handler func(ctx context.Context, req Request) (*Result, error)

// Tool is what the layer registers.
type Tool interface {
	serverTool() server.ServerTool
}

type tool struct {
	name        string
	description string
	handler     Handler
}

// NewTool keeps handler in the tool it returns.
func NewTool(name, description string, handler Handler) Tool {
	return &tool{name, description, handler}
}

func (t *tool) serverTool() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool(t.name, mcp.WithDescription(t.description)),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := t.handler(ctx, Request{Name: req.Params.Name, Arguments: req.Params.Arguments})
			if err != nil {
				return nil, err
			}
			var out *mcp.CallToolResult
			if res.IsError {
				out = mcp.NewToolResultError(res.Text)
			} else {
				out = mcp.NewToolResultText(res.Text)
			}
			return out, nil
		},
	}
}

// AddTools registers tools on s.
func AddTools(s *server.MCPServer, tools ...Tool) {
	var sdkTools []server.ServerTool
	for _, t := range tools {
		sdkTools = append(sdkTools, t.serverTool())
	}
	s.AddTools(sdkTools...)
}

// ErrorResult is a tool error with text.
func ErrorResult(text string) *Result {
	return &Result{Text: text, IsError: true}
}

// TextResult is a successful result with text.
func TextResult(text string) *Result {
	return &Result{Text: text, IsError: false}
}
