package a

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

type createIssue struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// Near miss: the JSON is the request the handler is about to send, made of the model's own
// arguments: no upstream data.
func createTooLarge(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	payload := createIssue{Title: req.GetString("title", ""), Body: req.GetString("body", "")}
	data, err := json.MarshalIndent(payload, "", "  ")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encode", err), nil
	}
	if len(data) > 1<<16 {
		return mcp.NewToolResultError("request too large: " + string(data)), nil
	}
	resp, err := http.Post("https://example.com/issues", "application/json", strings.NewReader(string(data)))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("create", err), nil
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText("created"), nil
}

// The JSON holds what the upstream answered.
func createEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Post("https://example.com/issues", "application/json", strings.NewReader(req.GetString("title", "")))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("create", err), nil
	}
	defer resp.Body.Close()
	var answer map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		return mcp.NewToolResultErrorFromErr("decode", err), nil
	}
	data, _ := json.Marshal(answer)
	if resp.StatusCode != http.StatusCreated {
		return mcp.NewToolResultError("not created: " + string(data)), nil // want `error text embeds JSON-serialised data \(json.Marshal\) \(through data\)`
	}
	return mcp.NewToolResultText("created"), nil
}

// Near miss: the error of a serialising call says why it failed and carries none of the data
// (kanbanzai's `Cannot serialise handoff response for task %s: %s`, task.ID, err), even
// where the data is upstream's; the data itself, beside it, is found.
func marshalFailed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://example.com/task/" + req.GetString("id", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	defer resp.Body.Close()
	var task map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&task); err != nil {
		return mcp.NewToolResultErrorFromErr("decode", err), nil
	}
	data, err := json.MarshalIndent(task, "", "  ")
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("cannot serialise task %v: %s", task["id"], err)), nil
	}
	if len(data) > 1<<20 {
		return mcp.NewToolResultError(fmt.Sprintf("task too large: %s", data)), nil // want `error text embeds JSON-serialised data \(json.MarshalIndent\) \(through data\)`
	}
	return mcp.NewToolResultText(string(data)), nil
}

// Near miss: the request is a map literal of the model's arguments, filled after it is made
// too.
func createFromMap(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	payload := map[string]any{"title": req.GetString("title", ""), "labels": req.GetArguments()["labels"]}
	payload["body"] = req.GetString("body", "")
	data, err := json.MarshalIndent(payload, "", "  ")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encode", err), nil
	}
	if len(data) > 1<<16 {
		return mcp.NewToolResultError("request too large: " + string(data)), nil
	}
	resp, err := http.Post("https://example.com/issues", "application/json", strings.NewReader(string(data)))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("create", err), nil
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText("created"), nil
}

// A map literal that holds what the upstream answered is the upstream's data.
func createMapEcho(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Post("https://example.com/issues", "application/json", strings.NewReader(req.GetString("title", "")))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("create", err), nil
	}
	defer resp.Body.Close()
	summary := map[string]any{"title": req.GetString("title", ""), "status": resp.Status}
	data, _ := json.Marshal(summary)
	if resp.StatusCode != http.StatusCreated {
		return mcp.NewToolResultError("not created: " + string(data)), nil // want `error text embeds JSON-serialised data \(json.Marshal\) \(through data\)`
	}
	return mcp.NewToolResultText("created"), nil
}
