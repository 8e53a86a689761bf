// Package panics registers, one go-sdk tool at a time, the types of the schema-serializable,
// schema-tag-syntax and schema-is-object fixtures, plus their near misses. The rules report
// here at the registration (the types live in other packages), naming the tool; a test runs
// every registration against the real go-sdk and checks that exactly the reported tools
// panic.
package panics

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	isobj "fixtures/schemarules/schema-is-object"
	ser "fixtures/schemarules/schema-serializable"
	tag "fixtures/schemarules/schema-tag-syntax"
)

type Out struct {
	N int `json:"n" jsonschema:"n"`
}

func h[In, O any](ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, O, error) {
	var o O
	return nil, o, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// mustFor is the module's own schema builder over jsonschema-go.
func mustFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(err)
	}
	return s
}

// Tool registers one tool on a server.
type Tool struct {
	Name     string
	Register func(*mcp.Server)
}

var Tools = []Tool{
	{"chan", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "chan"}, h[ser.WithChan, Out]) }},                  // want `field Events \(input.events of tool "chan"\): type chan int .* mcp.AddTool panics at start-up`
	{"func", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "func"}, h[ser.WithFunc, Out]) }},                  // want `tool "func"\): type func\(\) error`
	{"complex", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "complex"}, h[ser.WithComplex, Out]) }},         // want `tool "complex"\): type complex128`
	{"unsafe", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "unsafe"}, h[ser.WithUnsafe, Out]) }},            // want `tool "unsafe"\): type unsafe.Pointer`
	{"intkeys", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "intkeys"}, h[ser.WithIntKeys, Out]) }},         // want `tool "intkeys"\): map key type int`
	{"cycle", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "cycle"}, h[Out, ser.NodeOut]) }},                 // want `field Children \(output.root.children\[\] of tool "cycle"\): type schemaserializable.Node contains itself`
	{"selfcycle", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "selfcycle"}, h[ser.Node, Out]) }},            // want `field Children \(input.children\[\] of tool "selfcycle"\)`
	{"embedstime", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "embedstime"}, h[ser.EmbedsTime, Out]) }},    // want `tool "embedstime"\): embedded time.Time`
	{"nested", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "nested"}, h[ser.Nested, Out]) }},                // want `field Ch \(input.inner\[\].ch of tool "nested"\)`
	{"invopop", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "invopop"}, h[tag.Invopop, Out]) }},             // want `field Query \(input.query of tool "invopop"\): jsonschema tag "required,description=The query"`
	{"descronly", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "descronly"}, h[tag.DescriptionOnly, Out]) }}, // want `tool "descronly"\): jsonschema tag "description=`
	{"emptytag", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "emptytag"}, h[tag.Empty, Out]) }},             // want `tool "emptytag"\): empty jsonschema tag`
	{"enumtag", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "enumtag"}, h[tag.Enum, Out]) }},                // want `tool "enumtag"\): jsonschema tag "enum=fast,enum=slow"`
	{"unused", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "unused"}, h[tag.NotATool, Out]) }},              // want `tool "unused"\): jsonschema tag "required,description=x"`
	{"string", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "string"}, h[string, Out]) }},                    // want `tool "string": go-sdk infers the input schema from string`
	{"slice", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "slice"}, h[[]isobj.Args, Out]) }},                // want `tool "slice": go-sdk infers the input schema`
	{"ptrptr", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "ptrptr"}, h[**isobj.Args, Out]) }},              // want `tool "ptrptr": go-sdk infers the input schema`
	{"namedany", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "namedany"}, h[isobj.Anything, Out]) }},        // want `tool "namedany": go-sdk infers the input schema`
	{"missing", func(s *mcp.Server) { s.AddTool(&mcp.Tool{Name: "missing"}, low) }},                                  // want `tool "missing" has no InputSchema`
	{"array", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "array", InputSchema: &jsonschema.Schema{Type: "array"}}, low) // want `tool "array": the input schema's type is "array"`
	}},
	{"rawnotype", func(s *mcp.Server) { s.AddTool(&mcp.Tool{Name: "rawnotype", InputSchema: json.RawMessage(`{}`)}, low) }}, // want `tool "rawnotype": the input schema has no "type"`
	{"invopopref", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "invopopref", InputSchema: invopop.Reflect(&isobj.Args{})}, low) // want `tool "invopopref": invopop builds an input schema without an object root`
	}},
	{"forslice", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "forslice", InputSchema: mustFor[[]isobj.Args]()}, low) // want `tool "forslice": jsonschema-go builds an input schema without an object root`
	}},
	{"rawbad", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "rawbad", InputSchema: json.RawMessage(`{"type":}`)}, low) // want `tool "rawbad": the input schema is not valid JSON`
	}},

	// Near misses: each of these registers without a panic.
	{"invopopexpanded", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "invopopexpanded", InputSchema: (&invopop.Reflector{ExpandedStruct: true}).Reflect(&isobj.Args{})}, low)
	}},
	{"forstruct", func(s *mcp.Server) { s.AddTool(&mcp.Tool{Name: "forstruct", InputSchema: mustFor[isobj.Args]()}, low) }},
	{"fine", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "fine"}, h[ser.Fine, Out]) }},
	{"selfembed", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "selfembed"}, h[ser.SelfEmbed, Out]) }},
	{"anyout", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "anyout"}, h[Out, any]) }},
	{"given", func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "given", InputSchema: &jsonschema.Schema{Type: "object"}, OutputSchema: &jsonschema.Schema{Type: "object"}}, h[ser.WithChan, ser.NodeOut])
	}},
	{"tagsfine", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "tagsfine"}, h[tag.Fine, Out]) }},
	{"any", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "any"}, h[any, Out]) }},
	{"ptr", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "ptr"}, h[*isobj.Args, Out]) }},
	{"map", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "map"}, h[map[string]int, Out]) }},
	{"sliceout", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "sliceout"}, h[isobj.Args, []Out]) }},
	{"object", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "object", InputSchema: json.RawMessage(`{"type":"object"}`)}, low)
	}},
}
