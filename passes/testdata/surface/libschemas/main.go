// Command libschemas is a go-sdk server that builds tool schemas itself with schema libraries
// (google/jsonschema-go and invopop/jsonschema), directly, through a generic helper, and
// marshalled to JSON. The surface tests compare what mcplint infers with what it lists.
package main

import (
	"context"
	"encoding/json"
	"log"
	"reflect"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Filter struct {
	Status string `json:"status" jsonschema:"enum=open,enum=closed" jsonschema_description:"Status to match"`
	Owner  string `json:"owner,omitempty" jsonschema:"description=The owner,maxLength=39"`
}

type Search struct {
	Query   string     `json:"query" jsonschema:"required,description=What to search for,minLength=1"`
	Limit   int        `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100,default=20"`
	Since   *time.Time `json:"since,omitempty"`
	Filter  Filter     `json:"filter"`
	Filters []Filter   `json:"filters,omitempty"`
	Next    *Search    `json:"next,omitempty"`
}

type Greeting struct {
	Name  string `json:"name" jsonschema:"who to greet"`
	Times int8   `json:"times,omitempty"`
}

type Result struct {
	Count int      `json:"count"`
	Items []string `json:"items"`
}

type Page struct {
	Total int      `json:"total"`
	Items []Filter `json:"items"`
	Next  *Page    `json:"next,omitempty"`
}

// schemaOf is the module's own generic schema builder.
func schemaOf[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(err)
	}
	return s
}

// listOf builds the schema of a list of T.
func listOf[T any]() *jsonschema.Schema {
	s, _ := jsonschema.For[[]T](nil)
	return s
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in Greeting) (*mcp.CallToolResult, Result, error) {
	return nil, Result{}, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// mustTool registers fn, a function of the server's own handler shape, through reflection
// (the server's own MustTool): the input schema is reflected from fn's input parameter, so
// each call's schema is its handler's In.
func mustTool(s *mcp.Server, name, desc string, fn any) {
	v := reflect.ValueOf(fn)
	in, err := jsonschema.ForType(v.Type().In(1), nil)
	if err != nil {
		panic(err)
	}
	s.AddTool(&mcp.Tool{Name: name, Description: desc, InputSchema: in}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		arg := reflect.New(v.Type().In(1))
		if err := json.Unmarshal(req.Params.Arguments, arg.Interface()); err != nil {
			return nil, err
		}
		out := v.Call([]reflect.Value{reflect.ValueOf(ctx), arg.Elem()})
		if err, _ := out[1].Interface().(error); err != nil {
			return nil, err
		}
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		return res, nil
	})
}

func greet(ctx context.Context, in Greeting) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func count(ctx context.Context, in Result) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "libschemas", Version: "1.0.0"}, nil)

	greetSchema, err := jsonschema.For[Greeting](nil)
	if err != nil {
		log.Fatal(err)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "for_input", Description: "jsonschema.For.", InputSchema: greetSchema}, typed)

	mcp.AddTool(s, &mcp.Tool{Name: "helper_input", Description: "A generic helper.", InputSchema: schemaOf[Greeting]()}, typed)

	r := &invopop.Reflector{ExpandedStruct: true}
	s.AddTool(&mcp.Tool{Name: "invopop_expanded", Description: "An expanded Reflector.", InputSchema: r.Reflect(&Search{})}, raw)

	out, err := json.Marshal(invopop.Reflect(&Page{}))
	if err != nil {
		log.Fatal(err)
	}
	s.AddTool(&mcp.Tool{
		Name:         "invopop_output",
		Description:  "A default Reflector, marshalled.",
		InputSchema:  json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(out),
	}, raw)

	s.AddTool(&mcp.Tool{Name: "list_output", Description: "A list.", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: listOf[Greeting]()}, raw)

	// Near misses: the schema is changed after the library builds it, and a Reflector
	// option mcplint does not mirror. Both are unknown, not guessed.
	custom, err := jsonschema.For[Greeting](nil)
	if err != nil {
		log.Fatal(err)
	}
	custom.Properties["name"].MaxLength = jsonschema.Ptr(10)
	mcp.AddTool(s, &mcp.Tool{Name: "changed_after", Description: "Changed.", InputSchema: custom}, typed)

	mapped := &invopop.Reflector{ExpandedStruct: true, KeyNamer: func(s string) string { return "k_" + s }}
	s.AddTool(&mcp.Tool{Name: "key_namer", Description: "A KeyNamer.", InputSchema: mapped.Reflect(&Greeting{})}, raw)

	// ReflectFromType on an inline literal, with requiredness from the jsonschema tags only.
	s.AddTool(&mcp.Tool{Name: "from_type", Description: "ReflectFromType.",
		InputSchema: (&invopop.Reflector{ExpandedStruct: true, RequiredFromJSONSchemaTags: true}).ReflectFromType(reflect.TypeFor[Search]())}, raw)

	// Near miss: a Reflector changed after its literal.
	later := new(invopop.Reflector)
	later.ExpandedStruct = true
	s.AddTool(&mcp.Tool{Name: "set_later", Description: "Set later.", InputSchema: later.Reflect(&Greeting{})}, raw)

	mustTool(s, "reflected_greet", "Reflected from greet's input.", greet)
	mustTool(s, "reflected_count", "Reflected from count's input.", count)

	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
