package a

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/structured-content-on-error/helpers"
)

// An IsError result built by a helper of another package (a fact) or of this one is judged
// like the literal.
func viaHelpers(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, Out, error) {
	switch in.ID {
	case "":
		return helpers.NotFoundResult("item"), Out{}, nil // want `structured-content-on-error`
	case "x":
		return helpers.ErrorResult("bad id"), Out{}, nil // want `structured-content-on-error`
	case "y":
		return localError(in.ID), Out{}, nil // want `structured-content-on-error`
	case "z":
		// Near misses: a success result; an error on one path only; a mark set on a condition.
		return helpers.TextResult("ok"), Out{}, nil
	case "w":
		return helpers.MaybeError(ctx == nil), Out{}, nil
	case "v":
		return helpers.Marked(ctx == nil), Out{}, nil
	}
	// Near miss: the error is returned, so go-sdk sends no structured content.
	return helpers.NotFoundResult("item"), Out{}, context.Canceled
}

func localError(id string) *mcp.CallToolResult {
	return helpers.NotFoundResult(id)
}

// Near miss: Out is any.
func viaHelpersAny(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return helpers.NotFoundResult("item"), nil, nil
}
