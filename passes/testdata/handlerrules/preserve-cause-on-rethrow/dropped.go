package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The handlers are go-sdk typed tools: their errors reach the model as tool errors, so only
// the lost cause is in question here.

type scanIn struct {
	Limit string `json:"limit" jsonschema:"how many rows"`
}

type scanOut struct {
	Rows int `json:"rows" jsonschema:"rows scanned"`
}

// The worst case: the error in hand is not in the new error at all.
func scan(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	rows, err := db.QueryContext(ctx, "select 1")
	if err != nil {
		return nil, scanOut{}, errors.New("failed to scan") // want `error built while handling err drops it entirely, losing the cause; wrap it with fmt.Errorf\("...: %w", err\) \(preserve-cause-on-rethrow\)`
	}
	defer rows.Close()
	return nil, scanOut{Rows: 1}, nil
}

// The same behind a negated guard and in a switch.
func scanNegated(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err == nil {
		return nil, scanOut{Rows: 1}, nil
	}
	return nil, scanOut{}, fmt.Errorf("delete failed") // want `drops it entirely`
}

func scanSwitch(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	switch {
	case err != nil:
		return nil, scanOut{}, errors.New("delete failed") // want `drops it entirely`
	}
	return nil, scanOut{Rows: 1}, nil
}

// Near misses: the cause is carried, its text is used, or the failure is an argument's.
func scanWrapped(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		return nil, scanOut{}, fmt.Errorf("delete failed: %w", err)
	}
	return nil, scanOut{Rows: 1}, nil
}

func scanText(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		msg := "delete failed: " + err.Error()
		return nil, scanOut{}, errors.New(msg)
	}
	return nil, scanOut{Rows: 1}, nil
}

func parseLimit(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	n, err := strconv.Atoi(in.Limit)
	if err != nil {
		return nil, scanOut{}, errors.New("limit must be a number")
	}
	return nil, scanOut{Rows: n}, nil
}
