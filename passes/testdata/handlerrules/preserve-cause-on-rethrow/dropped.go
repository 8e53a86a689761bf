package a

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
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

var errNoRows = errors.New("no rows")

// A classification decides which failure this is. Where it holds, the new error says what
// happened on purpose; where it does not, the new error is the generic failure and drops the
// cause: after a classified return, behind a negated classification, in the else branch.
func scanClassifiedFallThrough(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		if errors.Is(err, errNoRows) {
			return nil, scanOut{}, nil
		}
		return nil, scanOut{}, errors.New("lookup failed") // want `drops it entirely`
	}
	return nil, scanOut{Rows: 1}, nil
}

func statNegated(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	if _, err := os.Stat(in.Limit); err != nil {
		if !os.IsNotExist(err) {
			return nil, scanOut{}, errors.New("stat failed") // want `drops it entirely`
		}
		return nil, scanOut{}, fmt.Errorf("%s does not exist", in.Limit)
	}
	return nil, scanOut{Rows: 1}, nil
}

func statElse(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	if _, err := os.Stat(in.Limit); err != nil {
		if os.IsNotExist(err) {
			return nil, scanOut{}, fmt.Errorf("%s does not exist", in.Limit)
		} else {
			return nil, scanOut{}, errors.New("stat failed") // want `drops it entirely`
		}
	}
	return nil, scanOut{Rows: 1}, nil
}

// Near misses: the classified failure, or another condition that holds, translated on purpose
// (in the if branch, the else branch of its negation, a switch case).
func statClassifiedElse(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	if _, err := os.Stat(in.Limit); err != nil {
		if !os.IsNotExist(err) {
			return nil, scanOut{}, fmt.Errorf("stat: %w", err)
		} else {
			return nil, scanOut{}, fmt.Errorf("%s does not exist", in.Limit)
		}
	}
	return nil, scanOut{Rows: 1}, nil
}

func scanOtherCondition(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		if in.Limit != "" {
			return nil, scanOut{}, fmt.Errorf("delete: %w", err)
		}
		return nil, scanOut{}, errors.New("no limit given")
	}
	return nil, scanOut{Rows: 1}, nil
}

// mcpproxy-go's shape: a comparison after the failure names its own case (the context was
// cancelled), on the side where it is true.
func scanCancelled(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		if ctx.Err() != nil {
			return nil, scanOut{}, fmt.Errorf("cancelled during delete: %w", ctx.Err())
		}
		return nil, scanOut{}, fmt.Errorf("delete: %w", err)
	}
	return nil, scanOut{Rows: 1}, nil
}

func scanClassifiedSwitch(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	switch {
	case errors.Is(err, errNoRows):
		return nil, scanOut{}, errors.New("nothing to delete")
	case err != nil:
		return nil, scanOut{}, fmt.Errorf("delete: %w", err)
	}
	return nil, scanOut{Rows: 1}, nil
}

// The call already wraps the error that classifies the failure; the other error's text is
// kept beside it (TheHiveMCP's ErrInvalidHiveURL, caido's replay send): not reported.
var errInvalidURL = errors.New("invalid URL")

func parseEndpoint(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errInvalidURL, err)
	}
	return u, nil
}

func endpointHandler(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, any, error) {
	u, err := parseEndpoint(in.Limit)
	if err != nil {
		return nil, nil, err
	}
	return nil, u.String(), nil
}

// Near miss: the failure is logged, then answered with what failed (mcp-k6's documentation
// read: "log it, say what failed").
func scanLogged(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		slog.ErrorContext(ctx, "delete failed", slog.String("error", err.Error()))
		return nil, scanOut{}, fmt.Errorf("failed to delete the rows of %s; please report this error", in.Limit)
	}
	return nil, scanOut{Rows: 1}, nil
}

// A log line that does not carry the failure keeps the cause lost.
func scanLoggedWithout(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	_, err := db.ExecContext(ctx, "delete")
	if err != nil {
		slog.ErrorContext(ctx, "delete failed")
		return nil, scanOut{}, errors.New("failed to delete the rows") // want `drops it entirely`
	}
	return nil, scanOut{Rows: 1}, nil
}

type tokenKey struct{}

// tokenFrom takes a context only to read a value from it: its failure is not I/O.
func tokenFrom(ctx context.Context) (string, error) {
	v, ok := ctx.Value(tokenKey{}).(string)
	if !ok {
		return "", fmt.Errorf("unexpected type %T", v)
	}
	return v, nil
}

// Near miss: the failure of a module function that takes a context but does no I/O
// (bitrise-mcp's patFromCtx) is answered with what to do.
func scanWithToken(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	tok, err := tokenFrom(ctx)
	if err != nil {
		return nil, scanOut{}, errors.New("set the Authorization header to your token")
	}
	return nil, scanOut{Rows: len(tok)}, nil
}

const errUnavailable = "no such station is available"

// Near miss: one refusal for every case, a failed lookup included, so that no cause tells
// a station that does not exist from one the caller may not see (ken's open_linked).
func scanStation(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	row := db.QueryRowContext(ctx, "select linked from stations where name = ?", in.Limit)
	var linked bool
	if err := row.Scan(&linked); err != nil {
		return nil, scanOut{}, errors.New(errUnavailable)
	}
	if !linked {
		return nil, scanOut{}, errors.New(errUnavailable)
	}
	return nil, scanOut{Rows: 1}, nil
}

// The refusal where nothing failed differs from the failure's text: the cause is dropped.
func scanStationApart(ctx context.Context, req *gomcp.CallToolRequest, in scanIn) (*gomcp.CallToolResult, scanOut, error) {
	var db *sql.DB
	row := db.QueryRowContext(ctx, "select linked from stations where name = ?", in.Limit)
	var linked bool
	if err := row.Scan(&linked); err != nil {
		return nil, scanOut{}, errors.New("lookup failed") // want `drops it entirely`
	}
	if !linked {
		return nil, scanOut{}, errors.New(errUnavailable)
	}
	return nil, scanOut{Rows: 1}, nil
}
