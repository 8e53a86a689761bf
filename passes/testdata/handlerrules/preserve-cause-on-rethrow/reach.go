package a

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/preserve-cause-on-rethrow/upstream"
)

// The defect one step away from the handler: a helper that returns (T, error), whose error
// the handler returns. The finding is in the helper, at the line to change, once however many
// handlers reach it.

func fetchLabels(ctx context.Context, c *http.Client, u string) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, fmt.Errorf("failed to create request: %v", err) // want `fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause`
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("failed to execute request: %v", err) // want `fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause`
	}
	defer resp.Body.Close()
	return nil, nil
}

type labelsIn struct {
	URL string `json:"url" jsonschema:"the labels URL"`
}

// go-sdk typed handler returning the helper's error.
func labelsTyped(ctx context.Context, req *gomcp.CallToolRequest, in labelsIn) (*gomcp.CallToolResult, any, error) {
	labels, err := fetchLabels(ctx, http.DefaultClient, in.URL)
	if err != nil {
		return nil, nil, err
	}
	return nil, labels, nil
}

// mark3labs handler turning it into a tool error's text.
func labelsM3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := fetchLabels(ctx, http.DefaultClient, req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// The worst case in a helper: the upstream error is not in the new one at all.
func deleteLabel(ctx context.Context, c *http.Client, u string) error {
	req, _ := http.NewRequestWithContext(ctx, "DELETE", u, nil)
	if _, err := c.Do(req); err != nil {
		return errors.New("failed to delete label") // want `error built while handling err drops it entirely`
	}
	return nil
}

// Through a variable, and wrapped by the handler.
func deleteTyped(ctx context.Context, req *gomcp.CallToolRequest, in labelsIn) (*gomcp.CallToolResult, any, error) {
	err := deleteLabel(ctx, http.DefaultClient, in.URL)
	failure := fmt.Errorf("delete: %w", err)
	if err != nil {
		return nil, nil, failure
	}
	return nil, nil, nil
}

// In an else branch of a helper reached through a second helper, from a switch case.
func getLabel(ctx context.Context, c *http.Client, u string) (string, error) {
	resp, err := c.Get(u)
	if err == nil {
		resp.Body.Close()
		return "ok", nil
	} else {
		return "", fmt.Errorf("get %s: %s", u, err) // want `fmt.Errorf formats err with %s instead of wrapping it with %w`
	}
}

func labelOrDefault(ctx context.Context, u string) (string, error) {
	if u == "" {
		return "default", nil
	}
	return getLabel(ctx, http.DefaultClient, u)
}

type labelIn struct {
	Kind string `json:"kind" jsonschema:"which label"`
	URL  string `json:"url" jsonschema:"the label URL"`
}

func labelSwitch(ctx context.Context, req *gomcp.CallToolRequest, in labelIn) (*gomcp.CallToolResult, any, error) {
	switch in.Kind {
	case "one":
		l, err := labelOrDefault(ctx, in.URL)
		if err != nil {
			return nil, nil, err
		}
		return nil, l, nil
	default:
		return nil, "none", nil
	}
}

// Near misses: the same defects in helpers whose error no handler returns.

func loggedOnly(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return fmt.Errorf("get failed: %v", err)
	}
	return nil
}

func replacedByText(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return errors.New("get failed")
	}
	return nil
}

var errGone = errors.New("gone")

func comparedOnly(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return fmt.Errorf("get failed: %v", err)
	}
	return nil
}

func onlyMain(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return fmt.Errorf("get failed: %v", err)
	}
	return nil
}

// A helper error the handler logs and replaces with a fixed text, or compares and drops.
func nearMisses(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := loggedOnly(ctx, http.DefaultClient, "x"); err != nil {
		log.Printf("lookup: %v", err)
	}
	if err := replacedByText(ctx, http.DefaultClient, "x"); err != nil {
		return mcp.NewToolResultError("lookup failed"), nil // want `tool error result drops err`
	}
	if err := comparedOnly(ctx, http.DefaultClient, "x"); errors.Is(err, errGone) {
		return mcp.NewToolResultText("already gone"), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A helper whose error only a success result's text carries.
func successText(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return fmt.Errorf("get failed: %v", err)
	}
	return nil
}

func nearSuccess(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := successText(ctx, http.DefaultClient, "x"); err != nil {
		return mcp.NewToolResultText("warning: " + err.Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func main() {
	if err := onlyMain(context.Background(), http.DefaultClient, "x"); err != nil {
		log.Fatal(err)
	}
}

// Helpers of another package of the module: their findings are reported there.
func remoteLabels(ctx context.Context, req *gomcp.CallToolRequest, in labelsIn) (*gomcp.CallToolResult, any, error) {
	c := &upstream.Client{HTTP: http.DefaultClient}
	labels, err := c.Labels(ctx, in.URL)
	if err != nil {
		return nil, nil, err
	}
	if err := upstream.Ping(ctx, http.DefaultClient, in.URL); err != nil {
		log.Printf("ping: %v", err)
	}
	return nil, labels, nil
}

func remoteDelete(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := upstream.Delete(ctx, http.DefaultClient, req.GetString("url", "")); err != nil {
		return mcp.NewToolResultError("delete: " + err.Error()), nil
	}
	return mcp.NewToolResultText("deleted"), nil
}

func warmUp() {
	if err := upstream.Warm(context.Background(), http.DefaultClient, "x"); err != nil {
		log.Fatal(err)
	}
}

// Near misses in a reached helper: a new error built on another condition than the failure
// in hand (it reports that condition), and one that translates the classified failure.
func statFallback(ctx context.Context, c *http.Client, u, fallback string) error {
	if _, err := c.Get(u); err != nil {
		if fallback == "" {
			return errors.New("no fallback configured")
		}
		return fmt.Errorf("get %s: %w", u, err)
	}
	if _, err := os.Stat(fallback); err != nil {
		if os.IsNotExist(err) {
			return fmt.Errorf("fallback %s does not exist", fallback)
		}
		return fmt.Errorf("stat fallback: %w", err)
	}
	return nil
}

func fallbackHandler(ctx context.Context, req *gomcp.CallToolRequest, in labelsIn) (*gomcp.CallToolResult, any, error) {
	if err := statFallback(ctx, http.DefaultClient, in.URL, ""); err != nil {
		return nil, nil, err
	}
	return nil, nil, nil
}
