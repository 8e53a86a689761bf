package a

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcp-go v1.2.1 recovers a handler's panic itself and answers -32603.
func getArguments(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	name := args["name"].(string) // want `args\["name"\]\.\(string\) panics on another type: mcp-go v1\.2\.1 sends JSON-RPC -32603; use the two-value form`
	return mcp.NewToolResultText(name), nil
}

func paramsArguments(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args, ok := req.Params.Arguments.(map[string]any)
	if !ok {
		return mcp.NewToolResultError("arguments must be an object"), nil
	}
	limit := int(args["limit"].(float64)) // want `args\["limit"\]\.\(float64\) panics on another type`
	return mcp.NewToolResultText(fmt.Sprint(limit)), nil
}

// The raw arguments asserted to a map: only a request whose arguments are not an object (no
// client sends one) fails it, so only the element's assertion is reported.
func nested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	opts := req.Params.Arguments.(map[string]any)["opts"].(map[string]any) // want `\.\(map\[string\]any\) panics on another type`
	verbose, _ := opts["verbose"].(bool)
	return mcp.NewToolResultText(fmt.Sprint(verbose)), nil
}

func inBranch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if _, has := args["tags"]; has {
		tags := args["tags"].([]any) // want `args\["tags"\]\.\(\[\]any\) panics on another type`
		return mcp.NewToolResultText(fmt.Sprint(len(tags))), nil
	}
	return mcp.NewToolResultText("none"), nil
}

func inSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	switch req.GetString("mode", "") {
	case "by-id":
		return mcp.NewToolResultText(args["id"].(string)), nil // want `args\["id"\]\.\(string\) panics on another type`
	default:
		return mcp.NewToolResultText("all"), nil
	}
}

func ranged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	for k, v := range req.GetArguments() {
		parts = append(parts, k+"="+v.(string)) // want `v\.\(string\) panics on another type`
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

func inClosure(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	get := func(key string) string {
		return args[key].(string) // want `args\[key\]\.\(string\) panics on another type`
	}
	return mcp.NewToolResultText(get("a") + get("b")), nil
}

// A helper of the package: the finding is at its line, once for its two callers.
func stringArg(args map[string]any, key string) string {
	return args[key].(string) // want `args\[key\]\.\(string\) panics on another type`
}

func viaHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(stringArg(req.GetArguments(), "path")), nil
}

func viaHelperAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(stringArg(req.GetArguments(), "url")), nil
}

func firstElement(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ids, ok := req.GetArguments()["ids"].([]any)
	if !ok {
		return mcp.NewToolResultError("ids must be a list"), nil
	}
	first := ids[0] // want `ids\[0\] panics on a shorter list: mcp-go v1\.2\.1 sends JSON-RPC -32603; test its length first`
	return mcp.NewToolResultText(fmt.Sprint(first)), nil
}

// go-sdk v1.8.0 has no recovery of its own; this package builds no server, so whether one
// recovers is not in sight.
func lowLevel(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	q := args["query"].(string) // want `args\["query"\]\.\(string\) panics on another type: go-sdk v1\.8\.0 crashes the server without recovery; use the two-value form`
	return &gomcp.CallToolResult{Content: []gomcp.Content{&gomcp.TextContent{Text: q}}}, nil
}

type filterIn struct {
	Filter map[string]any `json:"filter"`
}

func typed(ctx context.Context, req *gomcp.CallToolRequest, in filterIn) (*gomcp.CallToolResult, any, error) {
	field := in.Filter["field"].(string) // want `in\.Filter\["field"\]\.\(string\) panics on another type: go-sdk v1\.8\.0 crashes the server without recovery`
	return nil, field, nil
}

// Near misses.

func commaOk(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, ok := req.GetArguments()["name"].(string)
	if !ok {
		return mcp.NewToolResultError("name must be a string"), nil
	}
	return mcp.NewToolResultText(name), nil
}

func typeSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch v := req.GetArguments()["n"].(type) {
	case float64:
		return mcp.NewToolResultText(fmt.Sprint(v)), nil
	case string:
		return mcp.NewToolResultText(v), nil
	}
	return mcp.NewToolResultError("n must be a number or a string"), nil
}

func ownValues(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	defaults := map[string]any{"format": "json"}
	format := defaults["format"].(string) // the handler built this map itself
	return mcp.NewToolResultText(format), nil
}

func lengthTested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ids, _ := req.GetArguments()["ids"].([]any)
	if len(ids) == 0 {
		return mcp.NewToolResultError("ids must not be empty"), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(ids[0])), nil
}

func recovers(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = mcp.NewToolResultError(fmt.Sprint(r))
		}
	}()
	return mcp.NewToolResultText(req.GetArguments()["name"].(string)), nil // recovered in the handler
}

func typedGetters(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(name), nil
}

func typedConcrete(ctx context.Context, req *gomcp.CallToolRequest, in struct {
	IDs []string `json:"ids" jsonschema:"at least one id"`
}) (*gomcp.CallToolResult, any, error) {
	if len(in.IDs) == 0 {
		return nil, nil, fmt.Errorf("ids must not be empty")
	}
	return nil, in.IDs[0], nil
}
