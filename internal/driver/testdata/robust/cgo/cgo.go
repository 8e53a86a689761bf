// Package cgo has a tool handler in a file that uses cgo: findings point into this file, not
// into the code cgo generates from it.
package cgo

/*
#include <stdlib.h>
static int twice(int x) { return 2 * x; }
*/
import "C"

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Twice doubles a number in C.
func Twice(x int) int { return int(C.twice(C.int(x))) }

// Handle returns a result and an error together.
func Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if Twice(1) != 2 {
		return &mcp.CallToolResult{}, errors.New("arithmetic is broken")
	}
	return &mcp.CallToolResult{}, nil
}
