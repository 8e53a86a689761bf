package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	N int `json:"n"`
}

func fetch() (string, error) { return "", nil }

func m3Both(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch()
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch failed", err), err // want `the isError result beside this error never reaches the client; return it with a nil error`
	}
	if v == "" {
		return mcp.NewToolResultText("empty"), errors.New("empty") // want `result-and-error`
	}
	return mcp.NewToolResultText(v), nil
}

func typedBoth(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, Out, error) {
	res := &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: "friendly"}}}
	if _, err := fetch(); err != nil {
		return res, Out{}, fmt.Errorf("fetch: %w", err) // want `tool result returned beside an error never reaches the client`
	}
	return nil, Out{N: 1}, nil
}

// errResult is the repository's own result constructor, as in github-mcp-server's utils.
func errResult(msg string, err error) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{&gomcp.TextContent{Text: msg + ": " + err.Error()}}}
}

func ownConstructor(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, Out, error) {
	if _, err := fetch(); err != nil {
		return errResult("failed to fetch", err), Out{}, err // want `result-and-error`
	}
	return nil, Out{}, nil
}

// Near misses: the error may be nil, or the result may be nil.
func nearMisses(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := fetch()
	if v == "x" {
		return mcp.NewToolResultText(v), err // err is not known to be non-nil here
	}
	var res *mcp.CallToolResult
	if err != nil {
		return res, err // res is nil
	}
	if err != nil {
		return nil, err
	}
	other, err2 := fetch()
	if err2 != nil {
		return mcp.NewToolResultError(other), nil
	}
	return mcp.NewToolResultText(v), nil
}

// Not a handler: the same shape of return is fine in ordinary code.
func helper() (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("x"), errors.New("y")
}
