package a

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/handlerrules/tool-error-as-protocol-error/argutil"
)

// A parser the package holds in a variable, made by a factory: named by the variable.
func newLimitParser() func(string) (int, error) {
	return func(s string) (int, error) { return strconv.Atoi(s) }
}

var parseLimit = newLimitParser()

// Near miss: a held closure whose name says nothing about arguments.
var loadLimit = newLimitParser()

func heldParser(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := parseLimit(req.GetString("limit", "10"))
	if err != nil {
		return nil, fmt.Errorf("bad limit: %w", err) // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

func heldLoader(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := loadLimit(req.GetString("limit", "10"))
	if err != nil {
		return nil, fmt.Errorf("no limit: %w", err)
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

// A parser made by a factory of another package of the module, held in a variable here: the
// variable is stored once, so it holds that one closure, named by the variable.
var parsePageSize = argutil.NewBoundedIntParser(100)

// Near miss: the same closure under a name that says nothing about arguments.
var pageSizeOf = argutil.NewBoundedIntParser(100)

func heldImportedParser(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := parsePageSize(req.GetString("size", "10"))
	if err != nil {
		return nil, fmt.Errorf("bad size: %w", err) // want `tool-error-as-protocol-error`
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

func heldImportedLoader(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := pageSizeOf(req.GetString("size", "10"))
	if err != nil {
		return nil, fmt.Errorf("no size: %w", err)
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}
