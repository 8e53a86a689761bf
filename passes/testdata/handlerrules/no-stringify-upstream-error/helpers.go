package a

import (
	"context"
	"fmt"
	"io"
	"os"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/no-stringify-upstream-error/errtext"
)

type helperIn struct{ Path string }

// The module's own error-result helper: its text argument is tool-error text.
func viaHelper(ctx context.Context, req *gomcp.CallToolRequest, in helperIn) (*gomcp.CallToolResult, any, error) {
	if _, err := os.Stat(in.Path); err != nil {
		return errtext.NewToolResultError(fmt.Sprintf("%+v", err)), nil, nil // want `error text embeds a %\+v dump of error`
	}
	return errtext.NewToolResultText("ok"), nil, nil
}

// Near misses: %v of an error is context, and a success helper's text is no error text.
func viaHelperFine(ctx context.Context, req *gomcp.CallToolRequest, in helperIn) (*gomcp.CallToolResult, any, error) {
	fi, err := os.Stat(in.Path)
	if err != nil {
		return errtext.NewToolResultError(fmt.Sprintf("stat failed: %v", err)), nil, nil
	}
	return errtext.NewToolResultText(fmt.Sprintf("%+v", fi)), nil, nil
}

func registerHelpers(s *gomcp.Server) {
	gomcp.AddTool(s, &gomcp.Tool{Name: "via_helper"}, viaHelper)
	gomcp.AddTool(s, &gomcp.Tool{Name: "via_helper_fine"}, viaHelperFine)
	gomcp.AddTool(s, &gomcp.Tool{Name: "embedded"}, embedded)
}

// The body of a response type that embeds *http.Response is still the raw upstream body.
func embedded(ctx context.Context, req *gomcp.CallToolRequest, in helperIn) (*gomcp.CallToolResult, any, error) {
	var resp *errtext.Response
	var out *errtext.Request
	if resp.StatusCode != 200 {
		body, _ := io.ReadAll(resp.Body)
		return nil, nil, fmt.Errorf("upstream said: %s", body) // want `error text embeds a raw upstream response body \(through body\)`
	}
	sent, _ := io.ReadAll(out.Body)
	return nil, nil, fmt.Errorf("request was: %s", sent)
}
