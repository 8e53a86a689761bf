// Command gosdkprobe is a go-sdk server with one tool per behaviour mcplint probe reports:
// a JSON-RPC error for a bad argument (one a rule finds, one none does), an isError answer
// (from the SDK's validation, and from a handler a rule wrongly blames), a crash, a hang, a
// result that breaks its own output schema, a leaked token, and tools probe must not call.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func readOnly() *mcp.ToolAnnotations {
	no := false
	return &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &no}
}

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

func toolError(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: text(s)}
}

var nameSchema = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)

type nameArgs struct {
	Name string `json:"name"`
}

// protocolError answers a missing name with a JSON-RPC error: tool-error-as-protocol-error
// reports it.
func protocolError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args nameArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	if args.Name == "" {
		return nil, errors.New("name is required")
	}
	return &mcp.CallToolResult{Content: text("hello " + args.Name)}, nil
}

var items = map[string]string{"a": "apple"}

var errNoItem = errors.New("no such item")

func lookup(name string) (string, error) {
	if v, ok := items[name]; ok {
		return v, nil
	}
	return "", errNoItem
}

// missedProtocol answers an unknown name with a JSON-RPC error that no rule reports.
func missedProtocol(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	_ = json.Unmarshal(req.Params.Arguments, &args)
	name, _ := args["name"].(string)
	v, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: text(v)}, nil
}

// limited answers bad arguments with isError; only a limit above 100, which no probe sends,
// gets the JSON-RPC error tool-error-as-protocol-error reports.
func limited(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Limit *int `json:"limit"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return toolError("bad arguments: " + err.Error()), nil
	}
	if args.Limit == nil {
		return toolError("limit is required"), nil
	}
	if *args.Limit > 100 {
		return nil, fmt.Errorf("limit %d is above 100", *args.Limit)
	}
	return &mcp.CallToolResult{Content: text("ok")}, nil
}

// crash asserts the argument's type unchecked: a missing name panics, and go-sdk does not
// recover a handler's panic.
func crash(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	_ = json.Unmarshal(req.Params.Arguments, &args)
	name := args["name"].(string)
	return &mcp.CallToolResult{Content: text(name)}, nil
}

// hang ignores its context.
func hang(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	time.Sleep(time.Hour)
	return &mcp.CallToolResult{Content: text("late")}, nil
}

// brokenOutput declares an integer count and returns a string.
func brokenOutput(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: text("three"), StructuredContent: map[string]any{"count": "three"}}, nil
}

// leaky puts the upstream token in the error text the model reads.
func leaky(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return toolError("upstream refused token " + os.Getenv("PROBE_API_TOKEN")), nil
}

type greetIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

type greetOut struct {
	Greeting string `json:"greeting" jsonschema:"the greeting"`
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in greetIn) (*mcp.CallToolResult, greetOut, error) {
	return nil, greetOut{Greeting: "hello " + in.Name}, nil
}

func deleteEverything(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("refusing")
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdkprobe", Version: "1.0.0"}, nil)
	s.AddTool(&mcp.Tool{Name: "protocol_error", Description: "Greets.", InputSchema: nameSchema, Annotations: readOnly()}, protocolError)
	s.AddTool(&mcp.Tool{Name: "missed_protocol", Description: "Looks an item up.", InputSchema: nameSchema, Annotations: readOnly()}, missedProtocol)
	s.AddTool(&mcp.Tool{Name: "limited", Description: "Lists at most limit things.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"limit":{"type":"integer"}},"required":["limit"]}`), Annotations: readOnly()}, limited)
	s.AddTool(&mcp.Tool{Name: "crash", Description: "Echoes the name.", InputSchema: nameSchema, Annotations: readOnly()}, crash)
	s.AddTool(&mcp.Tool{Name: "hang", Description: "Never answers.", InputSchema: nameSchema, Annotations: readOnly()}, hang)
	s.AddTool(&mcp.Tool{Name: "broken_output", Description: "Counts.", InputSchema: nameSchema,
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`), Annotations: readOnly()}, brokenOutput)
	s.AddTool(&mcp.Tool{Name: "leaky", Description: "Calls upstream.", InputSchema: nameSchema, Annotations: readOnly()}, leaky)
	mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "Greets.", Annotations: readOnly()}, greet)
	s.AddTool(&mcp.Tool{Name: "open", Description: "Takes anything.", InputSchema: json.RawMessage(`{"type":"object"}`), Annotations: readOnly()}, brokenOutput)
	s.AddTool(&mcp.Tool{Name: "delete_everything", Description: "Deletes everything.", InputSchema: nameSchema}, deleteEverything)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
