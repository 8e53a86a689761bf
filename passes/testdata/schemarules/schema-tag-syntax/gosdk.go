// Package schematagsyntax: jsonschema tags go-sdk rejects make mcp.AddTool panic at start-up.
package schematagsyntax

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Invopop struct {
	Query string `json:"query" jsonschema:"required,description=The query"` // want `field Query \(input\.query\): jsonschema tag "required,description=The query" begins with a key=value option, so mcp\.AddTool panics at start-up; write the description alone`
}

type DescriptionOnly struct {
	Path string `json:"path,omitempty" jsonschema:"description=Where\\, exactly"` // want `jsonschema tag "description=Where\\\\, exactly" begins with a key=value option`
}

type Empty struct {
	Name string `json:"name" jsonschema:""` // want `field Name \(input\.name\): empty jsonschema tag, so mcp\.AddTool panics at start-up; remove it or write a description`
	Kept string `json:"kept" jsonschema:"kept"`
}

type OnlyEmptyTag struct {
	Alone string `jsonschema:""` // want `empty jsonschema tag`
}

// Enum options are a mark3labs form: go-sdk rejects them, and no rewrite keeps their meaning.
type Enum struct {
	Mode string `json:"mode" jsonschema:"enum=fast,enum=slow"` // want `jsonschema tag "enum=fast,enum=slow" begins with a key=value option`
}

// RequiredButOptional: invopop said required, the json tag says omitempty; a rewrite would
// have to pick one, so there is no fix.
type RequiredButOptional struct {
	Q string `json:"q,omitempty" jsonschema:"required,description=q"` // want `jsonschema tag "required,description=q" begins`
}

// Near misses: valid go-sdk tags.
type Fine struct {
	A string `json:"a" jsonschema:"the a, e.g. x=1"`
	B string `json:"b" jsonschema:"the mode,enum=fast"`
	C string `json:"c" jsonschema:"required"`
	D string `json:"d"`
}

type Out struct {
	N int `json:"n" jsonschema:"n"`
}

func handler[In any](ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "invopop", Description: "d"}, handler[Invopop])
	mcp.AddTool(s, &mcp.Tool{Name: "description", Description: "d"}, handler[DescriptionOnly])
	mcp.AddTool(s, &mcp.Tool{Name: "empty", Description: "d"}, handler[Empty])
	mcp.AddTool(s, &mcp.Tool{Name: "onlyempty", Description: "d"}, handler[OnlyEmptyTag])
	mcp.AddTool(s, &mcp.Tool{Name: "enum", Description: "d"}, handler[Enum])
	mcp.AddTool(s, &mcp.Tool{Name: "reqopt", Description: "d"}, handler[RequiredButOptional])
	mcp.AddTool(s, &mcp.Tool{Name: "fine", Description: "d"}, handler[Fine])
}

// NotATool has an invopop tag but is never a tool's input: go-sdk never reads it.
type NotATool struct {
	X string `jsonschema:"required,description=x"`
}
