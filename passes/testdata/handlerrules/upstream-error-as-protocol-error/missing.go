package a

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// graphClient is a GraphQL client: Query decodes the answer into q.
type graphClient interface {
	Query(ctx context.Context, q any, vars map[string]any) error
}

var graph graphClient

type runNode struct{ ID string }

// The answer has no object where one was asked for: the upstream says it is not there, and
// the handler sends that as a protocol error.
func runsOfStack(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var query struct {
		Stack *struct {
			Runs []runNode
		}
	}
	id := req.GetString("stack_id", "")
	if err := graph.Query(ctx, &query, map[string]any{"stackId": id}); err != nil {
		return mcp.NewToolResultError("query failed: " + err.Error()), nil
	}
	if query.Stack == nil {
		return nil, fmt.Errorf("failed to lookup runs for stack %q", id) // want `graph.Query failed upstream`
	}
	b, _ := json.Marshal(query.Stack.Runs)
	return mcp.NewToolResultText(string(b)), nil
}

// Near misses: the same check answered with a tool error, and a field of a value decoded
// from the model's own arguments.
func runsOfStackTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var query struct {
		Stack *struct {
			Runs []runNode
		}
	}
	id := req.GetString("stack_id", "")
	if err := graph.Query(ctx, &query, map[string]any{"stackId": id}); err != nil {
		return mcp.NewToolResultError("query failed: " + err.Error()), nil
	}
	if query.Stack == nil {
		return mcp.NewToolResultErrorf("no stack %q", id), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func filterOfArguments(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Filter *struct{ State string }
	}
	b, _ := json.Marshal(req.GetArguments())
	if err := json.Unmarshal(b, &in); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if in.Filter == nil {
		return nil, fmt.Errorf("filter is required")
	}
	return mcp.NewToolResultText(in.Filter.State), nil
}
