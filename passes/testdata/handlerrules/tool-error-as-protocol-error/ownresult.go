package a

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/server"

	"fixtures/handlerrules/no-stringify-upstream-error/toolkit"
)

// Handlers behind a layer of the server's own (toolkit) with its own request and result:
// the layer returns the handler's error as the SDK handler's, a JSON-RPC error on mark3labs.
func registerOwn(s *server.MCPServer) {
	get := func(ctx context.Context, req toolkit.Request) (*toolkit.Result, error) {
		args, _ := req.Arguments.(map[string]any)
		id, _ := args["id"].(string)
		if id == "" {
			return nil, errors.New("id is required") // want `the model never sees this argument error sent as JSON-RPC`
		}
		return toolkit.TextResult(id), nil
	}
	// Near miss: the same check answered with the layer's own tool error.
	find := func(ctx context.Context, req toolkit.Request) (*toolkit.Result, error) {
		args, _ := req.Arguments.(map[string]any)
		id, _ := args["id"].(string)
		if id == "" {
			return toolkit.ErrorResult("id is required"), nil
		}
		return toolkit.TextResult(id), nil
	}
	toolkit.AddTools(s, toolkit.NewTool("get", "Gets.", get), toolkit.NewTool("find", "Finds.", find))
}
