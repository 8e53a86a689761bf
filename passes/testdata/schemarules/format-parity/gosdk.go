// Package parity: a typed go-sdk handler that sets Content must show every output field in
// it, because go-sdk then adds no JSON text of its own.
package parity

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Q string `json:"q" jsonschema:"query"`
}

type Item struct {
	Name string `json:"name" jsonschema:"name"`
	Size int    `json:"size" jsonschema:"bytes"`
}

type Out struct {
	Items     []Item  `json:"items" jsonschema:"matches"`
	Total     int     `json:"total" jsonschema:"how many"`
	Truncated bool    `json:"truncated,omitempty" jsonschema:"more exist"`
	Next      *string `json:"next,omitempty" jsonschema:"cursor"`
	internal  string
}

func fetch(q string) []Item { return nil }

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

// summary shows only the count.
func summary(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 3}
	msg := fmt.Sprintf("Found %d items", out.Total)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, out, nil // want `tool "summary": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content this result sets; render them`
}

// countOnly reads the items, but only their number.
func countOnly(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	items := fetch(in.Q)
	res := &mcp.CallToolResult{}
	res.Content = text(fmt.Sprintf("%d items", len(items))) // want `tool "count": output.items\[\].name \(field Name\), output.items\[\].size \(field Size\), output.total \(field Total\), output.truncated \(field Truncated\) and output.next \(field Next\) are not in the Content`
	return res, Out{Items: items, Total: len(items)}, nil
}

// full renders every field: a range loop, a condition, a pointer, a builder.
func full(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	out.Total = len(out.Items)
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches\n", out.Total)
	for _, it := range out.Items {
		b.WriteString("- " + it.Name + " (" + fmt.Sprint(it.Size) + " bytes)\n")
	}
	if out.Truncated {
		b.WriteString("(more results exist)\n")
	}
	if out.Next != nil {
		fmt.Fprintf(&b, "next page: %s\n", *out.Next)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}, out, nil
}

// helper renders through a function of the package.
func helper(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	return &mcp.CallToolResult{Content: text(render(out))}, out, nil
}

func render(o Out) string {
	lines := []string{fmt.Sprintf("total=%d truncated=%v", o.Total, o.Truncated)}
	for i := range o.Items {
		lines = append(lines, row(o.Items[i]))
	}
	if o.Next != nil {
		lines = append(lines, *o.Next)
	}
	return strings.Join(lines, "\n")
}

func row(it Item) string { return fmt.Sprintf("%s %d", it.Name, it.Size) }

// asJSON shows the whole value.
func asJSON(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, Out{}, err
	}
	return &mcp.CallToolResult{Content: text(string(data))}, out, nil
}

// auto leaves Content nil: go-sdk adds the JSON itself.
func auto(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{Items: fetch(in.Q)}, nil
}

// failure returns an error result: its text is about the error, not the output.
func failure(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return &mcp.CallToolResult{IsError: true, Content: text("no such repository")}, Out{}, nil
}

// byLocals renders the locals it puts into the output: each is the field it is given to.
func byLocals(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	items := fetch(in.Q)
	total := len(items)
	out := Out{Items: items, Total: total}
	return &mcp.CallToolResult{Content: text(show(items, total, out))}, out, nil
}

// byLocalsVar is byLocals with the output declared by var: the same locals are the same fields.
func byLocalsVar(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	items := fetch(in.Q)
	total := len(items)
	var out = Out{Items: items, Total: total}
	return &mcp.CallToolResult{Content: text(show(items, total, out))}, out, nil
}

func show(items []Item, total int, out Out) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches\n", total)
	for _, it := range items {
		b.WriteString(it.Name + " " + fmt.Sprint(it.Size) + "\n")
	}
	if out.Truncated && out.Next != nil {
		b.WriteString("more: " + *out.Next)
	}
	return b.String()
}

// aliasShort reads the items through a variable that holds them.
func aliasShort(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	items := out.Items
	return &mcp.CallToolResult{Content: text(showItems(out, items))}, out, nil
}

// aliasVar is aliasShort with the variable declared by var: it holds the items all the same.
func aliasVar(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	var items = out.Items
	return &mcp.CallToolResult{Content: text(showItems(out, items))}, out, nil
}

func showItems(out Out, items []Item) string {
	s := fmt.Sprintf("%d matches, truncated=%v\n", out.Total, out.Truncated)
	for _, it := range items {
		s += it.Name + " " + fmt.Sprint(it.Size) + "\n"
	}
	if out.Next != nil {
		s += *out.Next
	}
	return s
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "aliasshort", Description: "d"}, aliasShort)
	mcp.AddTool(s, &mcp.Tool{Name: "aliasvar", Description: "d"}, aliasVar)
	mcp.AddTool(s, &mcp.Tool{Name: "locals", Description: "d"}, byLocals)
	mcp.AddTool(s, &mcp.Tool{Name: "localsvar", Description: "d"}, byLocalsVar)
	mcp.AddTool(s, &mcp.Tool{Name: "summary", Description: "d"}, summary)
	mcp.AddTool(s, &mcp.Tool{Name: "count", Description: "d"}, countOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "full", Description: "d"}, full)
	mcp.AddTool(s, &mcp.Tool{Name: "helper", Description: "d"}, helper)
	mcp.AddTool(s, &mcp.Tool{Name: "json", Description: "d"}, asJSON)
	mcp.AddTool(s, &mcp.Tool{Name: "auto", Description: "d"}, auto)
	mcp.AddTool(s, &mcp.Tool{Name: "failure", Description: "d"}, failure)
}

// A generic wrapper: Out is only known per instantiation, so nothing is checked here.
func addWithSummary[O any](s *mcp.Server, name string, run func() O) {
	mcp.AddTool(s, &mcp.Tool{Name: name, Description: "d"}, func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, O, error) {
		out := run()
		return &mcp.CallToolResult{Content: text("done")}, out, nil
	})
}
