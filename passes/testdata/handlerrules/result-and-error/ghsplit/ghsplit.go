package ghsplit

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/result-and-error/ghsplit/inv"
)

type Deps struct{}

// NewTool is github-mcp-server's pass-through adapter: the handler's results are the
// low-level handler's.
func NewTool[In, Out any](tool mcp.Tool, handler func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error)) inv.ServerTool {
	return inv.NewServerToolWithContextHandler(tool, func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) {
		return handler(ctx, Deps{}, req, args)
	})
}

func textError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func call(ctx context.Context) error { return errors.New("upstream") }

// submit is reached by `result, err := submit(ctx); return label(result), nil, err`.
func submit(ctx context.Context) (*mcp.CallToolResult, error) {
	if err := call(ctx); err != nil {
		return textError(err.Error()), err // want `result-and-error`
	}
	return textError("ok"), nil
}

// remove is reached by `result, err := remove(ctx); return result, nil, err`.
func remove(ctx context.Context) (*mcp.CallToolResult, error) {
	if err := call(ctx); err != nil {
		return textError(err.Error()), err // want `result-and-error`
	}
	return textError("ok"), nil
}

// addItem is reached by `return addItem(ctx)` in one case of a switch.
func addItem(ctx context.Context) (*mcp.CallToolResult, any, error) {
	if err := call(ctx); err != nil {
		return textError(err.Error()), nil, err // want `result-and-error`
	}
	return textError("ok"), nil, nil
}

// tagged is reached through wrap(result, "tag"), which takes more than the result: whether
// it passes the result through is not known, so tagged is not a delegate. Silent.
func tagged(ctx context.Context) (*mcp.CallToolResult, error) {
	if err := call(ctx); err != nil {
		return textError(err.Error()), err
	}
	return textError("ok"), nil
}

func wrap(r *mcp.CallToolResult, tag string) *mcp.CallToolResult { return r }

// unrelated has the same signature but its results are not the handler's (the handler
// keeps the error to itself): silent.
func unrelated(ctx context.Context) (*mcp.CallToolResult, error) {
	if err := call(ctx); err != nil {
		return textError(err.Error()), err
	}
	return textError("ok"), nil
}

func Tools() []inv.ServerTool {
	return []inv.ServerTool{
		NewTool(mcp.Tool{Name: "reviews"}, func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
			label := func(r *mcp.CallToolResult) *mcp.CallToolResult { return r }
			method, _ := args["method"].(string)
			switch method {
			case "submit":
				result, err := submit(ctx)
				return label(result), nil, err
			case "delete":
				result, err := remove(ctx)
				return result, nil, err
			case "add":
				return addItem(ctx)
			case "tagged":
				result, err := tagged(ctx)
				return wrap(result, "tag"), nil, err
			case "other":
				result, err := unrelated(ctx)
				if err != nil {
					return textError("failed"), nil, nil
				}
				return result, nil, nil
			}
			return textError("unknown method"), nil, nil
		}),
	}
}
