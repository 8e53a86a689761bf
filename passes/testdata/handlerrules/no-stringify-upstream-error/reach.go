package a

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/no-stringify-upstream-error/apiclient"
)

// The upstream body stringified one step away from the handler: in a helper that returns
// (T, error), whose error the handler returns or puts into a tool error's text.

type issue struct {
	Title string `json:"title"`
}

func fetchIssue(ctx context.Context, c *http.Client, u string) (*issue, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("get issue: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return nil, fmt.Errorf("API returned status %d: %s", resp.StatusCode, body) // want `error text embeds a raw upstream response body \(through body\)`
	}
	var out issue
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("decode issue: %w", err)
	}
	return &out, nil
}

type issueIn struct {
	URL string `json:"url" jsonschema:"the issue URL"`
}

// go-sdk typed handler returning the helper's error.
func issueTyped(ctx context.Context, req *gomcp.CallToolRequest, in issueIn) (*gomcp.CallToolResult, any, error) {
	is, err := fetchIssue(ctx, http.DefaultClient, in.URL)
	if err != nil {
		return nil, nil, err
	}
	return nil, is, nil
}

// mark3labs handler turning it into a tool error's text, through a variable.
func issueM3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	is, err := fetchIssue(ctx, http.DefaultClient, req.GetString("url", ""))
	if err != nil {
		msg := "fetch failed: " + err.Error()
		return mcp.NewToolResultError(msg), nil
	}
	return mcp.NewToolResultText(is.Title), nil
}

// Two levels, the second in a switch, the dump in an else branch.
func postComment(ctx context.Context, c *http.Client, u string, payload map[string]any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return fmt.Errorf("post: %w", err)
	}
	if resp.StatusCode == http.StatusCreated {
		return nil
	} else {
		return fmt.Errorf("rejected %s", data) // want `error text embeds JSON-serialised data \(json.Marshal\) \(through data\)`
	}
}

func comment(ctx context.Context, kind, u string) error {
	switch kind {
	case "issue":
		return postComment(ctx, http.DefaultClient, u, map[string]any{"kind": kind})
	}
	return nil
}

func commentHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := comment(ctx, req.GetString("kind", ""), req.GetString("url", "")); err != nil {
		return nil, fmt.Errorf("comment: %w", err)
	}
	return mcp.NewToolResultText("ok"), nil
}

// Near misses: a helper whose error is only logged, and one whose error only a success
// result's text carries.
func probeUpstream(ctx context.Context, c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("probe answered: %s", body)
}

func pingUpstream(ctx context.Context, c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return fmt.Errorf("ping: %w", err)
	}
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("ping answered: %s", body)
}

func statusHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := probeUpstream(ctx, http.DefaultClient, "x"); err != nil {
		log.Printf("probe: %v", err)
	}
	if err := pingUpstream(ctx, http.DefaultClient, "x"); err != nil {
		return mcp.NewToolResultText("upstream: " + err.Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A helper of another package of the module: its finding is reported there.
func remoteGet(ctx context.Context, req *gomcp.CallToolRequest, in issueIn) (*gomcp.CallToolResult, any, error) {
	if err := apiclient.Probe(ctx, http.DefaultClient, in.URL); err != nil {
		log.Printf("probe: %v", err)
	}
	text, err := apiclient.Get(ctx, http.DefaultClient, in.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("get: %w", err)
	}
	return nil, text, nil
}
