// Command m3probe is a mark3labs/mcp-go server with one tool per behaviour mcplint probe
// reports, as gosdkprobe is for go-sdk.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/probe/m3probe/tools"
)

// protocolError returns RequireString's error: tool-error-as-protocol-error reports it.
func protocolError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("hello " + name), nil
}

// isError answers the same mistake with a tool error.
func isError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("hello " + name), nil
}

var errNoItem = errors.New("no such item")

func lookup(name string) (string, error) {
	if name == "a" {
		return "apple", nil
	}
	return "", errNoItem
}

// missedProtocol answers an unknown name with a JSON-RPC error that no rule reports.
func missedProtocol(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := lookup(req.GetString("name", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(v), nil
}

// limited answers bad arguments with isError; only a limit above 100, which no probe sends,
// gets the JSON-RPC error tool-error-as-protocol-error reports.
func limited(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := req.GetInt("limit", 0)
	if limit == 0 {
		return mcp.NewToolResultError("limit is required"), nil
	}
	if limit > 100 {
		return nil, fmt.Errorf("limit %d is above 100", limit)
	}
	return mcp.NewToolResultText("ok"), nil
}

// crash ends the process on a bad argument.
func crash(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		log.Fatalf("crash: %v", err)
	}
	return mcp.NewToolResultText(name), nil
}

// panics asserts the argument's type unchecked; mcp-go's stdio server recovers the panic
// into JSON-RPC error -32603.
func panics(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string)
	return mcp.NewToolResultText(name), nil
}

// hang ignores its context.
func hang(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	time.Sleep(time.Hour)
	return mcp.NewToolResultText("late"), nil
}

type count struct {
	Count int `json:"count"`
}

// brokenOutput declares an integer count and returns a string.
func brokenOutput(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultStructured(map[string]any{"count": "three"}, "three"), nil
}

// leaky puts the upstream token in the error text the model reads.
func leaky(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultError("upstream refused token " + os.Getenv("PROBE_API_TOKEN")), nil
}

func deleteEverything(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultError("refusing"), nil
}

func main() {
	s := server.NewMCPServer("m3probe", "1.0.0", server.WithToolCapabilities(false))
	name := mcp.WithString("name", mcp.Required(), mcp.Description("a name"))
	ro, notDestructive := mcp.WithReadOnlyHintAnnotation(true), mcp.WithDestructiveHintAnnotation(false)
	s.AddTool(mcp.NewTool("protocol_error", mcp.WithDescription("Greets."), name, ro, notDestructive), protocolError)
	s.AddTool(mcp.NewTool("is_error", mcp.WithDescription("Greets."), name, ro, notDestructive), isError)
	s.AddTool(mcp.NewTool("missed_protocol", mcp.WithDescription("Looks an item up."), name, ro, notDestructive), missedProtocol)
	s.AddTool(mcp.NewTool("limited", mcp.WithDescription("Lists at most limit things."), mcp.WithNumber("limit", mcp.Required(), mcp.Description("at most")), ro, notDestructive), limited)
	s.AddTool(mcp.NewTool("crash", mcp.WithDescription("Echoes the name."), name, ro, notDestructive), crash)
	s.AddTool(mcp.NewTool("panics", mcp.WithDescription("Echoes the name."), name, ro, notDestructive), panics)
	s.AddTool(mcp.NewTool("hang", mcp.WithDescription("Never answers."), name, ro, notDestructive), hang)
	s.AddTool(mcp.NewTool("broken_output", mcp.WithDescription("Counts."), name, mcp.WithOutputSchema[count](), ro, notDestructive), brokenOutput)
	h := &tools.Handlers{Greeting: "hello"}
	s.AddTool(mcp.NewTool("other_package", mcp.WithDescription("Greets."), name, ro, notDestructive), h.Greet)
	s.AddTool(mcp.NewTool("leaky", mcp.WithDescription("Calls upstream."), name, ro, notDestructive), leaky)
	s.AddTool(mcp.NewTool("delete_everything", mcp.WithDescription("Deletes everything."), mcp.WithString("name", mcp.Required(), mcp.Description("a name"))), deleteEverything)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
