// Command gosdkserver is a go-sdk server whose static surface the surface tests compare with
// what it lists when it runs: every kind of entry, and input types that exercise each rule of
// jsonschema-go's inference.
package main

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Base struct {
	ID    string `json:"id" jsonschema:"the record ID"`
	Shown bool   `json:"shown,omitempty"`
}

type Inner struct {
	Label string  `json:"label"`
	Score float64 `json:"score,omitempty"`
}

type Everything struct {
	Base
	Name     string            `json:"name" jsonschema:"who to greet"`
	Count    int               `json:"count,omitempty"`
	Small    int8              `json:"small"`
	Byte     uint8             `json:"byte"`
	Port     uint16            `json:"port"`
	Big      uint64            `json:"big,omitzero"`
	Ratio    float32           `json:"ratio"`
	Tags     []string          `json:"tags,omitempty" jsonschema:"free-form tags"`
	Pair     [2]int            `json:"pair"`
	Labels   map[string]string `json:"labels,omitempty"`
	Anything any               `json:"anything,omitempty" jsonschema:"any JSON value"`
	When     time.Time         `json:"when"`
	Maybe    *Inner            `json:"maybe,omitempty"`
	Items    []Inner           `json:"items"`
	Ptrs     []*Inner          `json:"ptrs,omitempty"`
	Raw      []byte            `json:"raw,omitempty"`
	Skipped  string            `json:"-"`
	hidden   string
	NoTag    string
}

type Out struct {
	Greeting string `json:"greeting" jsonschema:"the greeting"`
	Stats    *Inner `json:"stats,omitempty"`
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in Everything) (*mcp.CallToolResult, Out, error) {
	return nil, Out{Greeting: "hello " + in.Name + in.hidden}, nil
}

type Empty struct{}

func ping(ctx context.Context, req *mcp.CallToolRequest, in Empty) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, mcp.ResourceNotFoundError(req.Params.URI)
}

func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

const experimental = false

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdkserver", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "greet",
		Title:       "Greet",
		Description: "Greet someone.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: false, OpenWorldHint: jsonschema.Ptr(false)},
	}, greet)
	mcp.AddTool(s, &mcp.Tool{Name: "ping", Description: "Check the server answers."}, ping)
	s.AddTool(&mcp.Tool{
		Name:        "raw",
		Description: "A hand-built schema.",
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"path":  {Type: "string", Description: "a path"},
				"depth": {Type: "integer", Minimum: jsonschema.Ptr(0.0)},
				"limit": {Type: "integer", Maximum: jsonschema.Ptr(float64(len(os.Args) + 99))},
				"any":   {},
			},
			Required: []string{"path"},
		},
	}, low)
	if experimental {
		mcp.AddTool(s, &mcp.Tool{Name: "experimental", Description: "Off in this build."}, ping)
	}
	if os.Getenv("SURFACE_EXTRA") == "1" {
		mcp.AddTool(s, &mcp.Tool{Name: "extra", Description: "On when SURFACE_EXTRA=1."}, ping)
	}
	s.AddResource(&mcp.Resource{Name: "readme", URI: "file:///readme.md", MIMEType: "text/markdown", Description: "The README."}, read)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "doc", URITemplate: "docs://{name}", Description: "A document."}, read)
	s.AddPrompt(&mcp.Prompt{
		Name:        "review",
		Description: "Review code.",
		Arguments: []*mcp.PromptArgument{
			{Name: "code", Description: "the code", Required: true},
			{Name: "style"},
		},
	}, prompt)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
