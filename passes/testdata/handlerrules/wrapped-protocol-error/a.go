package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct{}

func typed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	perr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"}
	if in == (struct{}{}) {
		return nil, Out{}, fmt.Errorf("validating: %w", perr) // want `wrapped \*jsonrpc.Error becomes a tool error and loses its code`
	}
	if ctx == nil {
		return nil, Out{}, errors.Join(errors.New("x"), mcp.ResourceNotFoundError("file:///x")) // want `wrapped-protocol-error`
	}
	return nil, Out{}, perr
}

// Near misses: wrapping plain errors, formatting without %w, low-level handlers (where
// wrapping keeps the code).
func nearMiss(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	perr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"}
	if ctx == nil {
		return nil, Out{}, fmt.Errorf("x: %v", perr)
	}
	return nil, Out{}, fmt.Errorf("x: %w", errors.New("plain"))
}

func lowLevel(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, fmt.Errorf("x: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams})
}

// The wrapped error held in a variable, and returned by a bare return.
func viaVariable(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	perr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"}
	err := fmt.Errorf("validating: %w", perr) // want `wrapped-protocol-error`
	return nil, Out{}, err
}

func bare(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (res *mcp.CallToolResult, out Out, err error) {
	perr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"}
	err = fmt.Errorf("validating: %w", perr) // want `wrapped-protocol-error`
	return
}

// Near miss: the wrapped error is replaced by the protocol error itself on the only path
// that returns.
func replaced(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	perr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad params"}
	err := fmt.Errorf("validating: %w", perr)
	if err != nil {
		err = perr
	}
	return nil, Out{}, err
}
