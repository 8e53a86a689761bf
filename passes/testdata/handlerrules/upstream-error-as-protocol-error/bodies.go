package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/upstream-error-as-protocol-error/bodies"
)

// Handlers whose bodies are functions of another package of the module: the server a
// handler is registered on decides the wire of the body whose error it returns.

func quoteOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.Quote(ctx, req)
}

func quotePlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.QuotePlain(ctx, req)
}

func rateOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := bodies.Rate(ctx, req)
	return res, err
}

func guardedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := bodies.Guarded(ctx, req)
	if err != nil {
		return nil, err
	}
	return res, nil
}

func sharedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.Shared(ctx, req)
}

func sharedPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.Shared(ctx, req)
}

func chainOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.Chain(ctx, req)
}

func chainPlain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return bodies.ChainPlain(ctx, req)
}

func lowQuoteOn(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return bodies.LowQuote(ctx, req)
}

func lowQuotePlain(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return bodies.LowQuotePlain(ctx, req)
}

func NewBodyServers() {
	converting := server.NewMCPServer("bodies", "1.0.0", server.WithToolHandlerMiddleware(convertWith))
	converting.AddTool(mcp.NewTool("quote"), quoteOn)
	converting.AddTool(mcp.NewTool("rate"), rateOn)
	converting.AddTool(mcp.NewTool("guarded"), guardedOn)
	converting.AddTool(mcp.NewTool("shared"), sharedOn)
	converting.AddTool(mcp.NewTool("chain"), chainOn)

	plain := server.NewMCPServer("bodies-plain", "1.0.0")
	plain.AddTool(mcp.NewTool("quote"), quotePlain)
	plain.AddTool(mcp.NewTool("shared"), sharedPlain)
	plain.AddTool(mcp.NewTool("chain"), chainPlain)

	low := gomcp.NewServer(&gomcp.Implementation{Name: "bodies", Version: "1.0.0"}, nil)
	low.AddReceivingMiddleware(toolErrorsAsResults)
	low.AddTool(&gomcp.Tool{Name: "quote", InputSchema: map[string]any{"type": "object"}}, lowQuoteOn)

	lowPlain := gomcp.NewServer(&gomcp.Implementation{Name: "bodies-plain", Version: "1.0.0"}, nil)
	lowPlain.AddTool(&gomcp.Tool{Name: "quote", InputSchema: map[string]any{"type": "object"}}, lowQuotePlain)
}
