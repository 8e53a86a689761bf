// Package schemas exercises what recognition reports about tool schemas, mutation, omitted
// handlers, prompt arguments and result content.
package schemas

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Q string `json:"q"`
}

type Out struct {
	N int `json:"n"`
}

func typed(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func typedPtr(ctx context.Context, req *gosdk.CallToolRequest, in *In) (*gosdk.CallToolResult, any, error) {
	return nil, nil, nil
}

func typedAny(ctx context.Context, req *gosdk.CallToolRequest, in any) (*gosdk.CallToolResult, *Out, error) {
	return nil, nil, nil
}

func low(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, nil
}

const rawSchema = `{"type": "object", "properties": {"when": {"type": "string", "format": "uri"}}}`

func Register(s *gosdk.Server, dyn *jsonschema.Schema) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "inferred"}, typed)     // want `schema in=inferred:schemas.In out=inferred:schemas.Out`
	gosdk.AddTool(s, &gosdk.Tool{Name: "ptr"}, typedPtr)       // want `schema in=inferred:schemas.In out=absent`
	gosdk.AddTool(s, &gosdk.Tool{Name: "any"}, typedAny)       // want `schema in=default{type:object} out=inferred:schemas.Out`
	s.AddTool(&gosdk.Tool{Name: "missing"}, low)               // want `schema in=absent out=absent`
	s.AddTool(&gosdk.Tool{Name: "dyn", InputSchema: dyn}, low) // want `schema in=handbuilt:DYN out=absent`
	s.AddTool(&gosdk.Tool{                                     // want `schema in=handbuilt:{type:object,properties:{q:{type:string,format:uri,enum:<>}},not:{}} out=absent`
		Name: "lit",
		InputSchema: &jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"q": {Type: "string", Format: "uri", Enum: []any{}}},
			Not:        &jsonschema.Schema{},
		},
	}, low)
	s.AddTool(&gosdk.Tool{Name: "raw", InputSchema: json.RawMessage(rawSchema)}, low)                           // want `schema in=handbuilt:{type:object,properties:{when:{type:string,format:uri}}} out=absent`
	s.AddTool(&gosdk.Tool{Name: "map", InputSchema: map[string]any{"type": "object", "x": []string{"a"}}}, low) // want `schema in=handbuilt:{type:object,x:<a>} out=absent`
	s.AddTool(&gosdk.Tool{Name: "bad", InputSchema: json.RawMessage(`{"type":`)}, low)                          // want `schema in=handbuilt:INVALID out=absent`

	mutated := &gosdk.Tool{Name: "mutated"} // want `schema in=unknown out=unknown mutated`
	mutated.InputSchema = dyn
	s.AddTool(mutated, low)

	addressed := gosdk.Tool{Name: "addressed"} // want `schema in=absent out=absent`
	s.AddTool(&addressed, low)

	passed := &gosdk.Tool{Name: "passed"} // want `schema in=unknown out=unknown mutated`
	configure(passed)
	gosdk.AddTool(s, passed, typed)
}

func configure(t *gosdk.Tool) {}

// Unregistered literals: the schema depends on the caller.
func Tool() *gosdk.Tool {
	return &gosdk.Tool{Name: "elsewhere"} // want `schema in=unknown out=unknown`
}
