// Package requiredignored: a jsonschema tag cannot make a field required.
package requiredignored

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	A string `json:"a" jsonschema:"required"`                   // already required: the word claims nothing false
	B string `json:"b,omitempty" jsonschema:"The b,required"`   // want `field B \(input\.b\): omitempty makes it optional and jsonschema "required" is ignored; drop whichever is wrong`
	C string `json:"c,omitzero" jsonschema:"Required, the c"`   // want `omitzero makes it optional`
	D string `json:"d" jsonschema:"Required fields come first"` // a sentence, not the option
	E string `json:"e" jsonschema:"the e"`
	F string `json:"f" jsonschema:"required,description=x"` // invalid: schema-tag-syntax's business
}

type Out struct {
	N int    `json:"n" jsonschema:"required"`
	O string `json:"o,omitempty" jsonschema:"required"` // want `field O \(output.o\)`
}

func handler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "req", Description: "d"}, handler)
}

type M3Args struct {
	Path string `json:"path,omitempty" jsonschema:"the path,required,enum=a"` // want `field Path \(input.path\): omitempty makes it optional and jsonschema "required" is ignored`
	Name string `json:"name" jsonschema:"the name,required"`                  // already required
}

func M3() m3.Tool {
	return m3.NewTool("m3req", m3.WithDescription("d"), m3.WithInputSchema[M3Args]())
}

// Unused carries the word but is no tool's input.
type Unused struct {
	X string `json:"x" jsonschema:"required"`
}
