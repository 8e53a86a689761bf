// Package mcptoolnames: mcptool.Add refuses tool names outside the MCP spec's alphabet.
package mcptoolnames

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	Q string `json:"q" jsonschema:"query"`
}

type Out struct {
	N int `json:"n" jsonschema:"count"`
}

func run(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{}, nil }

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

const long = "a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a12345678"

func Register(s *mcp.Server) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "search repos", Description: "d", Handler: run}) // want `tool name "search repos" has characters outside \[A-Za-z0-9\._-\]; clients may refuse it\. mcptool\.Add panics at start-up\. Rename it`
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: long, Description: "d", Handler: run})           // want `tool name "a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a12345678" is longer than 128 characters; clients may refuse it\. mcptool\.Add panics at start-up\. Rename it`
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "repos/list", Description: "d", Handler: run})   // want `tool name "repos/list"`

	// Near misses: valid names, a name only known at run time, and resources, whose names are
	// free text.
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: "repos.list_v2-beta", Description: "d", Handler: run})
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: long[:128], Description: "d", Handler: run})
	mcptool.AddResource(s, mcptool.Resource{Name: "Project README", URI: "file:///README.md", Description: "d", Handler: read})
}

func Named(s *mcp.Server, name string) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: name, Description: "d", Handler: run})
}
