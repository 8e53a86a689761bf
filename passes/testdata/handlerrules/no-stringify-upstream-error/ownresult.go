package a

import (
	"context"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/server"

	"fixtures/handlerrules/no-stringify-upstream-error/toolkit"
)

// Handlers behind a layer of the server's own (toolkit): its own result type, converted into
// the SDK's by the layer, carries the tool-error text the model reads.
func registerOwn(s *server.MCPServer) {
	fetch := func(ctx context.Context, req toolkit.Request) (*toolkit.Result, error) {
		resp, err := http.Get("https://example.com")
		if err != nil {
			return toolkit.ErrorResult("fetch failed: " + err.Error()), nil
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return toolkit.ErrorResult("upstream said: " + string(body)), nil // want `error text embeds a raw upstream response body \(through body\)`
		}
		return toolkit.TextResult(string(body)), nil
	}
	// Near miss: the body in a successful result is the tool's output, not error text.
	echo := func(ctx context.Context, req toolkit.Request) (*toolkit.Result, error) {
		resp, err := http.Get("https://example.com")
		if err != nil {
			return toolkit.ErrorResult("echo failed with status unknown"), nil
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return toolkit.TextResult("upstream said: " + string(body)), nil
	}
	toolkit.AddTools(s, toolkit.NewTool("fetch", "Fetches the page.", fetch), toolkit.NewTool("echo", "Echoes the page.", echo))
}
