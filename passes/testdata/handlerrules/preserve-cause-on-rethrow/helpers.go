package a

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/preserve-cause-on-rethrow/apierrs"
)

type clientResponse struct{ *http.Response }

type fetchIn struct {
	URL string `json:"url" jsonschema:"the page to fetch"`
}

// The module's error-result helpers drop the error in hand: given nil for the error they
// take, or taking text only.
func fetchPage(ctx context.Context, req *gomcp.CallToolRequest, in fetchIn) (*gomcp.CallToolResult, any, error) {
	resp, err := http.Get(in.URL)
	if err != nil {
		return apierrs.NewAPIErrorResponse(ctx, "failed to fetch page", resp, nil), nil, nil // want `error result helper is given nil while handling err`
	}
	defer resp.Body.Close()
	if err := fetchMeta(ctx, in.URL); err != nil {
		return apierrs.NewToolResultError("operation failed"), nil, nil // want `tool error result drops err`
	}
	// Reading the response body takes no context but fails upstream.
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return apierrs.NewToolResultError("failed to read response body"), nil, nil // want `tool error result drops err`
	}
	_ = body
	// A client's response type that embeds *http.Response (go-github's *github.Response).
	wrapped := &clientResponse{Response: resp}
	if _, err := io.ReadAll(wrapped.Body); err != nil {
		return apierrs.NewToolResultError("failed to read the wrapped body"), nil, nil // want `tool error result drops err`
	}
	return apierrs.NewToolResultError("unreachable"), nil, nil
}

// Near misses: the helper given nil outside an error branch, given the error, or a text
// helper given the error's text; a helper that builds no result.
func fetchPageFine(ctx context.Context, req *gomcp.CallToolRequest, in fetchIn) (*gomcp.CallToolResult, any, error) {
	if in.URL == "" {
		return apierrs.NewAPIErrorResponse(ctx, "missing url", nil, nil), nil, nil
	}
	resp, err := http.Get(in.URL)
	if err != nil {
		return apierrs.NewAPIErrorResponse(ctx, "failed to fetch page", resp, err), nil, nil
	}
	defer resp.Body.Close()
	if _, err := http.Get(in.URL + "/meta"); err != nil {
		return apierrs.NewToolResultError("meta: " + err.Error()), nil, nil
	}
	if _, err := http.Get(in.URL + "/more"); err != nil {
		return apierrs.NewToolResultErrorFromErr("more", err), nil, nil
	}
	if _, err := io.ReadAll(strings.NewReader(in.URL)); err != nil {
		// Reading something else than a response body does no I/O either.
		return apierrs.NewToolResultError("unreadable url"), nil, nil
	}
	if _, err := strconv.Atoi(in.URL); err != nil {
		// The error of a call that does no I/O (takes no context): the own text says it all.
		return apierrs.NewToolResultError("url must not be a number"), nil, nil
	}
	switch in.URL {
	case "n":
		n, err := strconv.Atoi(in.URL)
		if err != nil {
			return apierrs.NewToolResultError("url must be a number"), nil, nil
		}
		_ = n
	}
	if _, err := http.Get(in.URL + "/log"); err != nil {
		_ = apierrs.Describe("log", nil)
		return nil, nil, err
	}
	return apierrs.NewToolResultError("done"), nil, nil
}

func fetchMeta(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func registerHelpers(s *gomcp.Server) {
	gomcp.AddTool(s, &gomcp.Tool{Name: "fetch_page", Description: "Fetch a page."}, fetchPage)
	gomcp.AddTool(s, &gomcp.Tool{Name: "fetch_page_fine", Description: "Fetch a page, keeping the cause."}, fetchPageFine)
}
