// Package gosdk18 is the code of gosdk-v1.6 on go-sdk v1.8.0, which speaks 2026-07-28: a
// low-level handler's (nil, nil) crashes the process for 2026-07-28 clients (measured; older
// revisions get a null result), ResourceNotFoundError carries
// -32602 (SEP-2164), a bad x-mcp-header panics at registration (SEP-2243), and a tool added
// when a session initializes is one stateless clients never list (SEP-2575).
package gosdk18

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func nilNil(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil // want `go-sdk v1\.8\.0 sends null, crashes on 2026-07-28`
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, fmt.Errorf("resource %s not found", req.Params.URI) // want `ResourceNotFoundError\(uri\) \(code -32602\)`
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "nothing", Description: "Returns nothing.", InputSchema: map[string]any{"type": "object"}}, nilNil)
	s.AddResource(&mcp.Resource{URI: "file:///notes", Name: "notes", Description: "The notes."}, read)
}
