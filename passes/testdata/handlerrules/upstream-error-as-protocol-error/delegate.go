package a

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

func listItems(ctx context.Context) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/items", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return nil, nil
}

// answer turns what an API call returned into a tool result; every handler below ends with
// `return answer(v, err)`. The mistake is at its return, reported once for
// both handlers.
func answer(v []string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		return nil, fmt.Errorf("request failed: %w", err) // want `callers' upstream failure returned as an error`
	}
	return mcp.NewToolResultText(fmt.Sprint(v)), nil
}

func itemsHere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := listItems(ctx)
	return answer(v, err)
}

func moreItemsHere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := listItems(ctx)
	if err != nil {
		return answer(nil, err)
	}
	return answer(v, nil)
}

// Near miss: the error handed to the helper is the parser's, not an upstream failure.
func parsedHere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("n", ""))
	return answerLocal(n, err)
}

func answerLocal(n int, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		return mcp.NewToolResultErrorFromErr("bad n", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// fail hands on whatever error it is given, unconditionally (gitea-mcp's to.ErrorResult).
func fail(err error) (*mcp.CallToolResult, error) {
	return nil, err // want `callers' upstream failure returned as an error`
}

func failHere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := listItems(ctx)
	if err != nil {
		return fail(err)
	}
	return mcp.NewToolResultText(fmt.Sprint(v)), nil
}
