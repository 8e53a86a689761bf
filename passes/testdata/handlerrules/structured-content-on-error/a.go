package a

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Out struct {
	Items []string `json:"items"`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	if ctx == nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not found"}}}, Out{}, nil // want `IsError result with a nil error ships a zero Out as structuredContent`
	}
	res := &mcp.CallToolResult{}
	if req == nil {
		res.SetError(errors.New("boom"))
		return res, Out{}, nil // want `structured-content-on-error`
	}
	return res, Out{Items: []string{"a"}}, nil
}

// Near misses: Out is any; the error is returned; IsError set on another path.
func anyOut(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{IsError: true}, nil, nil
}

func withErr(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	res := &mcp.CallToolResult{}
	if ctx == nil {
		res.IsError = true
		return res, Out{}, errors.New("x")
	}
	return res, Out{}, nil
}

// The mark set inside a case clause, right before the return in that clause.
func inCase(ctx context.Context, req *mcp.CallToolRequest, in struct{ Kind string }) (*mcp.CallToolResult, Out, error) {
	res := &mcp.CallToolResult{}
	switch in.Kind {
	case "bad":
		res.IsError = true
		return res, Out{}, nil // want `structured-content-on-error`
	case "other":
		// Near miss: the mark was set in another clause, so this path is no error.
		return res, Out{Items: []string{"b"}}, nil
	}
	return res, Out{}, nil
}

// A populated output beside an IsError result is deliberate: what was done before the
// failure. Returning the error instead would drop it.
func partial(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	done := Out{Items: []string{"a", "b", "c"}}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "stopped after 3 items"}}}, done, nil
}

// A zero Out kept in a variable is the same empty answer as Out{}.
func zeroVar(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	var out Out
	if ctx == nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no context"}}}, out, nil // want `IsError result with a nil error ships a zero Out as structuredContent`
	}
	return nil, Out{Items: []string{"a"}}, nil
}

// So is a named result nobody sets.
func zeroNamed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (res *mcp.CallToolResult, out Out, err error) {
	if ctx == nil {
		return &mcp.CallToolResult{IsError: true}, out, nil // want `structured-content-on-error`
	}
	return nil, Out{Items: []string{"a"}}, nil
}

// Near misses: the variable is filled before the failure (a field set, its address handed
// to a decoder), so the output is deliberate, as in partial.
func filledVar(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	var out Out
	out.Items = append(out.Items, "first")
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "stopped after 1 item"}}}, out, nil
}

func decodedVar(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	var out Out
	if err := decode(&out); err != nil {
		return &mcp.CallToolResult{IsError: true}, out, nil
	}
	return nil, out, nil
}

func decode(out *Out) error { out.Items = []string{"x"}; return errors.New("truncated") }

// The error result held in a variable, and a bare return of named results.
func resultVar(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	res := &mcp.CallToolResult{IsError: true}
	return res, Out{}, nil // want `structured-content-on-error`
}

func bareNamed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (res *mcp.CallToolResult, out Out, err error) {
	res = &mcp.CallToolResult{IsError: true}
	return // want `structured-content-on-error`
}

// Near misses: the named output is filled before the bare return; the mark is set on one
// way only.
func bareFilled(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (res *mcp.CallToolResult, out Out, err error) {
	res = &mcp.CallToolResult{IsError: true}
	out.Items = []string{"partial"}
	return
}

func markedOnOneWay(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	res := &mcp.CallToolResult{}
	if ctx == nil {
		res.IsError = true
	}
	return res, Out{}, nil
}

func newResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// A result a helper built, marked as an error before the return.
func markedAfterHelper(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, Out, error) {
	if ctx == nil {
		res := newResult("no context")
		res.IsError = true
		return res, Out{}, nil // want `structured-content-on-error`
	}
	// Near miss: the helper's result marked on one way only.
	res := newResult("maybe")
	if req == nil {
		res.IsError = true
	}
	return res, Out{}, nil
}
