package a

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

// An HTTP call that succeeds with a failing status: the failure is the upstream's, however
// the status is compared.
func statusNotOK(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com", nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("build request", err), nil
	}
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("non-2xx status: %d", resp.StatusCode) // want `http.DefaultClient.Do failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}

func statusAtLeast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if 400 <= resp.StatusCode {
		return nil, fmt.Errorf("status %d", resp.StatusCode) // want `http.Get failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}

func statusOKFirst(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return mcp.NewToolResultText("ok"), nil
	}
	return nil, fmt.Errorf("unexpected status %s", resp.Status) // want `http.Get failed upstream`
}

// typedResponse is a typed client's response, whose status is a method.
type typedResponse struct{ code int }

func (r *typedResponse) StatusCode() int { return r.code }

type typedClient struct{}

func (typedClient) Get(ctx context.Context, path string) (*typedResponse, error) {
	return &typedResponse{code: 200}, nil
}

func statusMethod(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := typedClient{}.Get(ctx, "/items")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	if resp.StatusCode() >= 300 {
		return nil, fmt.Errorf("status %d", resp.StatusCode()) // want `typedClient\{\}.Get failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}

// Near miss: the failing status becomes a tool error.
func statusToolError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return mcp.NewToolResultError("not found"), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// Near miss: the error is returned on the side a 200 takes, after the status passed: a
// local failure (the handler's own check of the arguments after the call).
func statusPassed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError(resp.Status), nil
	}
	return mcp.NewToolResultText(resp.Status), nil
}

// localStatus is a value of the handler's own, not a response.
type localStatus struct{ StatusCode int }

// Near miss: a status field of a value the handler builds itself.
func statusLocal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	st := localStatus{StatusCode: len(req.GetString("mode", ""))}
	if st.StatusCode != 200 {
		return mcp.NewToolResultError("bad mode"), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A range of failing statuses.
func statusRange(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("unexpected status %d", resp.StatusCode) // want `http.Get failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}

// A switch on the status: the default takes every failing status.
func statusSwitch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return mcp.NewToolResultText("ok"), nil
	case http.StatusNotFound:
		return mcp.NewToolResultError("no such item"), nil
	default:
		return nil, fmt.Errorf("status %d", resp.StatusCode) // want `http.Get failed upstream`
	}
}

// The response is captured by a deferred closure (it lives in a cell), as ops-mcp-server
// writes it.
func statusCaptured(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com")
	defer func() {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
	}()
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode) // want `http.Get failed upstream`
	}
	return mcp.NewToolResultText("ok"), nil
}
