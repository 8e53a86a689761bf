// Package gosdk adds go-sdk definitions once the server is serving, and near misses.
package gosdk

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Q string `json:"q" jsonschema:"the query"`
}

func search(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

var schema = &jsonschema.Schema{Type: "object"}

func New() *mcp.Server {
	var s *mcp.Server
	s = mcp.NewServer(&mcp.Implementation{Name: "late", Version: "1.0.0"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			mcp.AddTool(s, &mcp.Tool{Name: "after_init", Description: "d"}, search) // want `tool "after_init" is added in InitializedHandler, which 2026-07-28 clients never trigger; register it at start-up`
		},
		RootsListChangedHandler: onRoots,
	})
	// Near miss: registered before serving, in the function that builds the server.
	mcp.AddTool(s, &mcp.Tool{Name: "search", Description: "d"}, search)
	// Near miss: a handler that changes the shared list. It is the same for every
	// connection, and 2026-07-28 announces the change on subscription streams.
	s.AddTool(&mcp.Tool{Name: "unlock", Description: "d", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.AddTool(&mcp.Tool{Name: "unlocked", Description: "d", InputSchema: schema}, low)
		return &mcp.CallToolResult{}, nil
	})
	return s
}

var rootsServer = mcp.NewServer(&mcp.Implementation{Name: "roots", Version: "1.0.0"}, nil)

// Near miss: a callback that is no session's start changes the shared list, as a handler does.
func onRoots(ctx context.Context, req *mcp.RootsListChangedRequest) {
	rootsServer.AddPrompt(&mcp.Prompt{Name: "roots", Description: "d"}, nil)
}

// Handler builds a server per request.
func Handler() http.Handler {
	return mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "per-request", Version: "1.0.0"}, nil)
		mcp.AddTool(s, &mcp.Tool{Name: "always", Description: "d"}, search)
		if strings.HasPrefix(r.URL.Path, "/admin") {
			mcp.AddTool(s, &mcp.Tool{Name: "admin_path", Description: "d"}, search) // want `tool "admin_path" is added per request in getServer, so 2026-07-28 tools/list varies by request \(SEP-2575\); list it always`
		}
		// Near miss: lists that differ by the caller's authorization are allowed.
		if info := auth.TokenInfoFromContext(r.Context()); info != nil && len(info.Scopes) > 0 {
			mcp.AddTool(s, &mcp.Tool{Name: "scoped", Description: "d"}, search)
		}
		if r.Header.Get("Authorization") != "" {
			mcp.AddTool(s, &mcp.Tool{Name: "signed_in", Description: "d"}, search)
		}
		return s
	}, nil)
}
