// Package pkgerrors builds its errors with github.com/pkg/errors: New and Errorf make an
// error from text alone, as the standard library's do, so one built while handling a failure
// drops it; Wrap keeps it.
package pkgerrors

import (
	"context"
	"database/sql"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pkg/errors"
)

type in struct {
	Table string `json:"table" jsonschema:"the table to scan"`
}

type out struct {
	Rows int `json:"rows" jsonschema:"rows scanned"`
}

func scan(ctx context.Context, req *gomcp.CallToolRequest, args in) (*gomcp.CallToolResult, out, error) {
	var db *sql.DB
	rows, err := db.QueryContext(ctx, "select 1")
	if err != nil {
		return nil, out{}, errors.New("failed to scan") // want `error built while handling err drops it entirely`
	}
	defer rows.Close()
	return nil, out{Rows: 1}, nil
}

func scanFormatted(ctx context.Context, req *gomcp.CallToolRequest, args in) (*gomcp.CallToolResult, out, error) {
	var db *sql.DB
	rows, err := db.QueryContext(ctx, "select * from "+args.Table)
	if err != nil {
		return nil, out{}, errors.Errorf("failed to scan %s", args.Table) // want `error built while handling err drops it entirely`
	}
	defer rows.Close()
	return nil, out{Rows: 1}, nil
}

// Near miss: the cause is wrapped.
func scanWrapped(ctx context.Context, req *gomcp.CallToolRequest, args in) (*gomcp.CallToolResult, out, error) {
	var db *sql.DB
	rows, err := db.QueryContext(ctx, "select 1")
	if err != nil {
		return nil, out{}, errors.Wrap(err, "failed to scan")
	}
	defer rows.Close()
	return nil, out{Rows: 1}, nil
}

func Register(s *gomcp.Server) {
	gomcp.AddTool(s, &gomcp.Tool{Name: "scan"}, scan)
	gomcp.AddTool(s, &gomcp.Tool{Name: "scan_formatted"}, scanFormatted)
	gomcp.AddTool(s, &gomcp.Tool{Name: "scan_wrapped"}, scanWrapped)
}
