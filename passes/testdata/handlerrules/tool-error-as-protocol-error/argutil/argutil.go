// Package argutil reads tool arguments for the handlers of package a, as terraform-mcp-server's
// utils package does.
package argutil

import (
	"context"
	"errors"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type Pagination struct{ Page, Size int }

// OptionalPaginationParams reads the page arguments: its error is about the arguments.
func OptionalPaginationParams(r mcp.CallToolRequest) (Pagination, error) {
	page, err := r.RequireFloat("page")
	if err != nil {
		return Pagination{}, err
	}
	return Pagination{Page: int(page), Size: 30}, nil
}

// OptionalRemoteDefaults takes a context: it may do I/O, so its error is not the model's.
func OptionalRemoteDefaults(ctx context.Context, r mcp.CallToolRequest) (Pagination, error) {
	if ctx == nil {
		return Pagination{}, errors.New("no context")
	}
	return Pagination{}, nil
}

// LoadProfile is no argument reader by its name.
func LoadProfile(r mcp.CallToolRequest) (Pagination, error) {
	return Pagination{}, errors.New("no profile")
}

// RequireAdmin answers an authorization failure with a deliberate protocol error: every error
// it returns is a *jsonrpc.Error, whatever its name says.
func RequireAdmin(req *gomcp.CallToolRequest) error {
	if req.Params == nil || req.Params.Name == "" {
		return &jsonrpc.Error{Code: -32001, Message: "admin only"}
	}
	return nil
}

// RequireName checks an argument and fails with a plain error: an argument check.
func RequireName(req *gomcp.CallToolRequest) error {
	if req.Params == nil || req.Params.Name == "" {
		return errors.New("name is required")
	}
	return nil
}

// NewBoundedIntParser returns a parser of integer arguments no larger than max: the handlers'
// package holds its closure in a variable.
func NewBoundedIntParser(max int) func(string) (int, error) {
	return func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err == nil && n > max {
			return 0, errors.New("too large")
		}
		return n, err
	}
}
