package a

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Near miss: the second `if err != nil` runs only where the first proved err nil. It is
// dead code, not a dropped cause.
func projectSettings(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	settings, err := fetchSettings(ctx, name)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("cannot fetch settings", err), nil
	}
	if name == "" {
		if err != nil {
			return mcp.NewToolResultError("invalid settings"), nil
		}
		return mcp.NewToolResultText("defaults"), nil
	}
	return mcp.NewToolResultText(settings), nil
}

// Near miss, the same with the guard negated and an else branch.
func projectSettingsElse(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (*gomcp.CallToolResult, any, error) {
	name := in.Name
	settings, err := fetchSettings(ctx, name)
	if err == nil {
		if name == "" && err != nil {
			return nil, nil, errors.New("invalid settings")
		}
	} else {
		return nil, nil, fmt.Errorf("fetch settings: %w", err)
	}
	return nil, settings, nil
}

// The second test is of another error, which is in hand: its cause is dropped.
func projectSettingsTwoCalls(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	settings, err := fetchSettings(ctx, name)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("cannot fetch settings", err), nil
	}
	if name == "" {
		settings, err = fetchSettings(ctx, "default")
		if err != nil {
			return mcp.NewToolResultError("invalid settings"), nil // want `tool error result drops err`
		}
	}
	return mcp.NewToolResultText(settings), nil
}

func fetchSettings(ctx context.Context, name string) (string, error) { return name, ctx.Err() }

// Near miss: the response check tests err again, which the first check proved nil.
func projectStatus(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (*gomcp.CallToolResult, any, error) {
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/status", nil)
	if err != nil {
		return nil, nil, fmt.Errorf("build request: %w", err)
	}
	resp, err := http.DefaultClient.Do(httpReq)
	if err != nil {
		return nil, nil, fmt.Errorf("status request failed: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		if err != nil {
			return nil, nil, errors.New("status request failed")
		}
		return nil, nil, fmt.Errorf("status: HTTP %d", resp.StatusCode)
	}
	return nil, "ok", nil
}

// Near miss: a helper's error tested twice, the second time in a branch of its result.
func projectOwner(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (*gomcp.CallToolResult, any, error) {
	settings, err := fetchSettings(ctx, in.Name)
	if err != nil {
		return nil, nil, fmt.Errorf("fetch settings: %w", err)
	}
	switch settings {
	case "":
		if err != nil {
			return nil, nil, errors.New("settings failed")
		}
	}
	return nil, settings, nil
}

// Near miss: the dead check builds its error with fmt.Errorf.
func projectLimits(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (*gomcp.CallToolResult, any, error) {
	name := in.Name
	limits, err := fetchSettings(ctx, name)
	if err != nil {
		return nil, nil, fmt.Errorf("fetch limits: %w", err)
	}
	if len(limits) > 10 {
		if err != nil {
			return nil, nil, fmt.Errorf("limits of %s are invalid", name)
		}
		return nil, limits[:10], nil
	}
	return nil, limits, nil
}

// Near miss: the first check is written as a bare early return of a named error.
func projectQuota(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (res *gomcp.CallToolResult, out any, err error) {
	var quota string
	quota, err = fetchSettings(ctx, in.Name)
	if err != nil {
		return
	}
	for _, c := range quota {
		if c == '-' {
			if err != nil {
				return nil, nil, fmt.Errorf("quota %q is negative", quota)
			}
			return nil, nil, errors.New("quota is negative")
		}
	}
	return nil, quota, nil
}

// Near miss: the validation's error is never assigned, so the second check tests the fetch's
// error again, which the first proved nil. Dead code (the real bug is that the validation's
// result is dropped), not a dropped cause.
func projectValidated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	settings, err := fetchSettings(ctx, req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("cannot fetch settings", err), nil
	}
	validateSettings(settings)
	if err != nil {
		return mcp.NewToolResultError("settings are invalid"), nil
	}
	return mcp.NewToolResultText(settings), nil
}

// Near miss, the same in a go-sdk-style error return built from text.
func projectValidatedErr(ctx context.Context, req *gomcp.CallToolRequest, in settingsArgs) (*gomcp.CallToolResult, any, error) {
	settings, err := fetchSettings(ctx, in.Name)
	if err != nil {
		return nil, nil, fmt.Errorf("fetch settings: %w", err)
	}
	validateSettings(settings)
	if err != nil {
		return nil, nil, errors.New("settings are invalid")
	}
	return nil, settings, nil
}

func validateSettings(s string) error {
	if s == "" {
		return errors.New("empty settings")
	}
	return nil
}

type settingsArgs struct {
	Name string `json:"name"`
}
