package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
)

// The worst case: the error in hand is not in the new error at all.
func scan(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var db *sql.DB
	rows, err := db.QueryContext(ctx, "select 1")
	if err != nil {
		return nil, errors.New("failed to scan") // want `error built while handling err drops it entirely, losing the cause; wrap it with fmt.Errorf\("...: %w", err\) \(preserve-cause-on-rethrow\)`
	}
	defer rows.Close()
	return mcp.NewToolResultText("ok"), nil
}

// The same behind a negated guard and in a switch.
func scanNegated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err == nil {
		return mcp.NewToolResultText("ok"), nil
	}
	return nil, fmt.Errorf("delete failed") // want `drops it entirely`
}

func scanSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	switch {
	case err != nil:
		return nil, errors.New("delete failed") // want `drops it entirely`
	}
	return mcp.NewToolResultText("ok"), nil
}

// Near misses: the cause is carried, its text is used, or the failure is an argument's.
func scanWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		return nil, fmt.Errorf("delete failed: %w", err)
	}
	return mcp.NewToolResultText("ok"), nil
}

func scanText(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		msg := "delete failed: " + err.Error()
		return nil, errors.New(msg)
	}
	return mcp.NewToolResultText("ok"), nil
}

func parseLimit(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return nil, errors.New("limit must be a number")
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}
