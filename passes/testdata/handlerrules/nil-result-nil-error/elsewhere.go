package a

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/handlerrules/nil-result-nil-error/records"
)

// A handler that passes on the results of a helper of another package of the module: the
// helper's package cannot know, so the finding is here and names the helper's return.

func findRecord(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return records.Find(ctx, req.GetString("id", "")) // want `records.Find returns \(nil, nil\) at records.go:16: mcp-go v1\.2\.1 sends JSON-RPC -32603`
}

func lookupRecord(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := records.Lookup(ctx, req.GetString("name", ""))
	return res, err // want `records.Lookup returns \(nil, nil\) at records.go:27`
}

// The same helper passed on again: one mistake, reported once.
func findRecordAgain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return records.Find(ctx, req.GetString("key", ""))
}

// Near miss: the handler passes Gate's results on only when one is set.
func gatedRecord(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if denied, err := records.Gate(ctx, id); denied != nil || err != nil {
		return denied, err
	}
	return mcp.NewToolResultText(id), nil
}

// Near miss: Get never returns (nil, nil).
func getRecord(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return records.Get(ctx, req.GetString("id", ""))
}

// Through a package variable of the helper's package that holds a closure.
func recordByKey(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return records.ByKey(ctx, req.GetString("key", "")) // want `records.ByKey returns \(nil, nil\) at records.go:52`
}
