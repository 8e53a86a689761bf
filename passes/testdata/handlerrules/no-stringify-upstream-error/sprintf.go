package a

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

// The body formatted into a larger text with fmt.Sprintf is still the body; the finding names
// the variable that holds it, not the first one in the text.
func closeSprintf(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	resp, err := http.Post("https://example.com/close/"+id, "text/plain", nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("close", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		msg := fmt.Sprintf("could not close %s: %s", id, string(body))
		return mcp.NewToolResultError(msg), nil // want `error text embeds a raw upstream response body \(through msg\)`
	}
	return mcp.NewToolResultText("closed"), nil
}

func closeSprintfInline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	resp, err := http.Post("https://example.com/close/"+id, "text/plain", nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("close", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return mcp.NewToolResultError(fmt.Sprintf("could not close %s: %s", id, string(body))), nil // want `error text embeds a raw upstream response body \(through body\)`
	}
	return mcp.NewToolResultText("closed"), nil
}

// Near miss: what the text says of the body is its length, not its content.
func closeLength(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	resp, err := http.Post("https://example.com/close/"+id, "text/plain", nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("close", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return mcp.NewToolResultError(fmt.Sprintf("could not close %s: %d bytes of error", id, len(body))), nil
	}
	return mcp.NewToolResultText("closed"), nil
}
