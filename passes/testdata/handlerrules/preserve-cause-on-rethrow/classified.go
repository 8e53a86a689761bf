package a

import (
	"context"
	"database/sql"
	"errors"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// errAccepted is a failure that means "started, not finished" (go-github's AcceptedError).
type errAccepted struct{}

func (*errAccepted) Error() string { return "accepted" }

func startFork(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "fork")
	return err
}

// Near miss: the first failure is classified as "accepted", and a failure to read the fork
// back inside that case is answered on purpose (github-mcp-go's ForkRepository).
func fork(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	if err := startFork(ctx, db); err != nil {
		if _, ok := err.(*errAccepted); ok {
			_, getErr := db.ExecContext(ctx, "get")
			if getErr == nil {
				return nil, scanOut{Rows: 1}, nil
			}
			return nil, scanOut{}, errors.New("fork started but not complete: check again later")
		}
		return nil, scanOut{}, err
	}
	return nil, scanOut{Rows: 1}, nil
}

// The same without the classification: both failures are dropped, and the finding names
// an error that has a name.
func forkUnclassified(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	if err := startFork(ctx, db); err != nil {
		_, getErr := db.ExecContext(ctx, "get")
		if getErr == nil {
			return nil, scanOut{Rows: 1}, nil
		}
		return nil, scanOut{}, errors.New("fork failed") // want `error built while handling err drops it entirely`
	}
	return nil, scanOut{Rows: 1}, nil
}
