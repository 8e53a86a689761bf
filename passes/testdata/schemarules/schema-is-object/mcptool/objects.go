// Package mcptoolobjects: mcptool.Add needs an input that infers to a JSON object and an
// output that is a struct, and panics at start-up otherwise.
package mcptoolobjects

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Args struct {
	Q string `json:"q" jsonschema:"the query"`
}

type Item struct {
	Name string `json:"name" jsonschema:"the name"`
}

type Items []Item

type Page Item // a named struct type defined from another: still a struct

func handle[In, Out any](ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	var out Out
	return out, nil
}

func Register(s *mcp.Server) {
	mcptool.Add(s, mcptool.Tool[Args, []Item]{ // want `tool "slice_out": the output type \[\]Item is not a struct, so mcptool\.Add panics at start-up; wrap it in a struct`
		Name: "slice_out", Description: "d", Handler: handle[Args, []Item],
	})
	mcptool.Add(s, mcptool.Tool[Args, Items]{ // want `tool "named_slice_out": the output type Items is not a struct`
		Name: "named_slice_out", Description: "d", Handler: handle[Args, Items],
	})
	mcptool.Add(s, mcptool.Tool[Args, map[string]int]{ // want `tool "map_out": the output type map\[string\]int is not a struct`
		Name: "map_out", Description: "d", Handler: handle[Args, map[string]int],
	})
	mcptool.Add(s, mcptool.Tool[Args, any]{ // want `tool "any_out": the output type any is not a struct`
		Name: "any_out", Description: "d", Handler: handle[Args, any],
	})
	mcptool.Add(s, mcptool.Tool[Args, string]{ // want `tool "string_out": the output type string is not a struct`
		Name: "string_out", Description: "d", Handler: handle[Args, string],
	})
	mcptool.Add(s, mcptool.Tool[string, Item]{ // want `tool "string_in": mcptool infers \(with go-sdk's schema library\) the input schema from string as type "string", and mcptool\.Add panics at start-up; use a struct input type`
		Name: "string_in", Description: "d", Handler: handle[string, Item],
	})
	mcptool.Add(s, mcptool.Tool[[]Args, Item]{ // want `tool "slice_in": mcptool infers \(with go-sdk's schema library\) the input schema from \[\]Args as type \["null", "array"\]`
		Name: "slice_in", Description: "d", Handler: handle[[]Args, Item],
	})

	// Near misses: struct outputs, pointers to them (mcptool looks through every pointer, for
	// the input too), a named struct type, and inputs that are objects or any.
	mcptool.Add(s, mcptool.Tool[Args, Item]{Name: "struct_out", Description: "d", Handler: handle[Args, Item]})
	mcptool.Add(s, mcptool.Tool[Args, *Item]{Name: "ptr_out", Description: "d", Handler: handle[Args, *Item]})
	mcptool.Add(s, mcptool.Tool[Args, **Item]{Name: "ptrptr_out", Description: "d", Handler: handle[Args, **Item]})
	mcptool.Add(s, mcptool.Tool[Args, Page]{Name: "named_struct_out", Description: "d", Handler: handle[Args, Page]})
	mcptool.Add(s, mcptool.Tool[**Args, Item]{Name: "ptrptr_in", Description: "d", Handler: handle[**Args, Item]})
	mcptool.Add(s, mcptool.Tool[any, Item]{Name: "any_in", Description: "d", Handler: handle[any, Item]})
	mcptool.Add(s, mcptool.Tool[map[string]any, Item]{Name: "map_in", Description: "d", Handler: handle[map[string]any, Item]})
}

// Prompt arguments are the fields of a struct.
type Style struct {
	Tone string `json:"tone" jsonschema:"how it should sound"`
}

func prompt[A any](ctx context.Context, req *mcp.GetPromptRequest, a A) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func RegisterPrompts(s *mcp.Server) {
	mcptool.AddPrompt(s, mcptool.Prompt[string]{Name: "scalar", Description: "d", Handler: prompt[string]})                    // want `prompt "scalar": its arguments type string is not a struct, so mcptool\.AddPrompt panics at start-up`
	mcptool.AddPrompt(s, mcptool.Prompt[map[string]string]{Name: "map", Description: "d", Handler: prompt[map[string]string]}) // want `prompt "map": its arguments type map\[string\]string is not a struct`

	// Near misses: a struct and a pointer to one.
	mcptool.AddPrompt(s, mcptool.Prompt[Style]{Name: "style", Description: "d", Handler: prompt[Style]})
	mcptool.AddPrompt(s, mcptool.Prompt[*Style]{Name: "style_ptr", Description: "d", Handler: prompt[*Style]})
}

// A generic wrapper: the types are only known per instantiation, so nothing is claimed.
func AddTyped[In, Out any](s *mcp.Server, name string, h func(context.Context, *mcptool.Call, In) (Out, error)) {
	mcptool.Add(s, mcptool.Tool[In, Out]{Name: name, Description: "d", Handler: h})
}
