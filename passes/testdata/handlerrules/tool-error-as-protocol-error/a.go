package a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339, s) }

func query(ctx context.Context, q string) (string, error) { return q, nil }

func m3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, err // want `the model never sees this argument error sent as JSON-RPC; return mcp.NewToolResultError\(msg\), nil`
	}
	if path == "" {
		return nil, errors.New("path must not be empty") // want `tool-error-as-protocol-error`
	}
	args := req.GetArguments()
	if startStr, ok := args["start"].(string); ok && startStr != "" {
		start, err := parseTime(startStr)
		if err != nil {
			return nil, fmt.Errorf("invalid start time %q: %v", startStr, err) // want `tool-error-as-protocol-error`
		}
		_ = start
	}
	limit, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return nil, fmt.Errorf("invalid limit: %w", err) // want `tool-error-as-protocol-error`
	}
	_ = limit
	return mcp.NewToolResultText(path), nil
}

type input struct {
	Name string `json:"name"`
}

func low(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var in input
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err // want `the model never sees this argument error sent as JSON-RPC; return an IsError result and nil`
	}
	if len(in.Name) > 64 {
		return nil, fmt.Errorf("name too long") // want `tool-error-as-protocol-error`
	}
	return &gomcp.CallToolResult{}, nil
}

// Near misses: upstream failures are not the model's to fix; typed handlers already turn
// errors into tool errors; conditions on non-argument state are not validation.
func upstream(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("q", "")
	out, err := query(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("query failed: %w", err)
	}
	if _, err := os.Stat(q); err != nil {
		return nil, err
	}
	if os.Getenv("READONLY") != "" && q != "" {
		return nil, errors.New("server is read-only")
	}
	return mcp.NewToolResultText(out), nil
}

func typed(ctx context.Context, req *gomcp.CallToolRequest, in input) (*gomcp.CallToolResult, any, error) {
	if in.Name == "" {
		return nil, nil, errors.New("name required")
	}
	return nil, nil, nil
}
