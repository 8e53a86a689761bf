// Package mcptoolparity: an mcptool Format must show every leaf of the output, because its
// content replaces the JSON text mcptool would otherwise send.
package mcptoolparity

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type Args struct {
	Q string `json:"q" jsonschema:"query"`
}

type Item struct {
	Name string `json:"name" jsonschema:"name"`
	Size int    `json:"size" jsonschema:"bytes"`
}

type Page struct {
	Items     []Item            `json:"items" jsonschema:"matches"`
	Total     int               `json:"total" jsonschema:"how many"`
	Truncated bool              `json:"truncated,omitempty" jsonschema:"more exist"`
	Next      *string           `json:"next,omitempty" jsonschema:"cursor"`
	Labels    map[string]string `json:"labels,omitempty" jsonschema:"labels"`
	cache     string
	Debug     string `json:"-"`
}

func search(ctx context.Context, call *mcptool.Call, in Args) (Page, error) { return Page{}, nil }

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

// Countonly shows the count and nothing else.
var CountOnly = mcptool.Tool[Args, Page]{
	Name:        "count_only",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content { // want `tool "count_only": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\), output\.next \(field Next\) and output\.labels\{\} \(field Labels\) are not shown by Format; render them`
		return text(fmt.Sprintf("%d of %d", len(p.Items), p.Total))
	},
}

// Full shows every leaf: a range loop, a condition, a pointer, a map, a builder.
var Full = mcptool.Tool[Args, Page]{
	Name:        "full",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content {
		var b strings.Builder
		fmt.Fprintf(&b, "%d matches\n", p.Total)
		for _, it := range p.Items {
			b.WriteString("- " + it.Name + " (" + fmt.Sprint(it.Size) + " bytes)\n")
		}
		if p.Truncated {
			b.WriteString("(more results exist)\n")
		}
		if p.Next != nil {
			fmt.Fprintf(&b, "next page: %s\n", *p.Next)
		}
		for k, v := range p.Labels {
			fmt.Fprintf(&b, "%s=%s\n", k, v)
		}
		return text(b.String())
	},
}

// formatPage is a function of the package, reached through helpers.
func formatPage(p Page) []mcp.Content {
	lines := []string{header(p)}
	for i := range p.Items {
		lines = append(lines, row(p.Items[i]))
	}
	return text(strings.Join(lines, "\n"))
}

func header(p Page) string {
	next := ""
	if p.Next != nil {
		next = *p.Next
	}
	return fmt.Sprintf("total=%d truncated=%v next=%s labels=%v", p.Total, p.Truncated, next, p.Labels)
}

func row(it Item) string { return fmt.Sprintf("%s %d", it.Name, it.Size) }

var Helpers = mcptool.Tool[Args, Page]{Name: "helpers", Description: "d", Handler: search, Format: formatPage}

// formatRows forgets the sizes in its helper.
func formatRows(p Page) []mcp.Content {
	var rows []string
	for _, it := range p.Items {
		rows = append(rows, nameOnly(it))
	}
	return text(fmt.Sprintf("%d/%v/%v/%v: %s", p.Total, p.Truncated, p.Next, p.Labels, strings.Join(rows, ", ")))
}

func nameOnly(it Item) string { return it.Name }

var Rows = mcptool.Tool[Args, Page]{
	Name:        "rows",
	Description: "d",
	Handler:     search,
	Format:      formatRows, // want `tool "rows": output.items\[\].size \(field Size\) is not shown by Format`
}

// Whole-value uses show every field.
var AsJSON = mcptool.Tool[Args, Page]{
	Name:        "as_json",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content {
		data, err := json.MarshalIndent(p, "", "  ")
		if err != nil {
			return text("cannot render the page")
		}
		return text(string(data))
	},
}

var AsPlusV = mcptool.Tool[Args, Page]{
	Name:        "as_plus_v",
	Description: "d",
	Handler:     search,
	Format:      func(p Page) []mcp.Content { return text(fmt.Sprintf("%+v", p)) },
}

// A pointer output: Format receives the pointer.
func searchPtr(ctx context.Context, call *mcptool.Call, in Args) (*Item, error) { return &Item{}, nil }

var Pointer = mcptool.Tool[Args, *Item]{
	Name:        "pointer",
	Description: "d",
	Handler:     searchPtr,
	Format: func(it *Item) []mcp.Content { // want `tool "pointer": output.size \(field Size\) is not shown by Format`
		return text("item " + it.Name)
	},
}

// A method value of the package.
type renderer struct{ prefix string }

func (r renderer) item(it *Item) []mcp.Content {
	return text(fmt.Sprintf("%s%s (%d)", r.prefix, it.Name, it.Size))
}

var Method = mcptool.Tool[Args, *Item]{Name: "method", Description: "d", Handler: searchPtr, Format: renderer{prefix: "> "}.item}

// No Format, or a nil one: the text is the output's JSON.
var NoFormat = mcptool.Tool[Args, Page]{Name: "no_format", Description: "d", Handler: search}

var NilFormat = mcptool.Tool[Args, Page]{Name: "nil_format", Description: "d", Handler: search, Format: nil}

// Embedded fields are promoted into the output object; Format held in a variable.
type Audit struct {
	By string `json:"by" jsonschema:"who"`
	At string `json:"at" jsonschema:"when"`
}

type Change struct {
	Audit
	ID string `json:"id" jsonschema:"change ID"`
}

func change(ctx context.Context, call *mcptool.Call, in Args) (Change, error) { return Change{}, nil }

var formatChange = func(c Change) []mcp.Content { return text(c.ID + " by " + c.By) }

var Changed = mcptool.Tool[Args, Change]{
	Name:        "changed",
	Description: "d",
	Handler:     change,
	Format:      formatChange, // want `tool "changed": output.at \(field At\) is not shown by Format`
}

func Register(s *mcp.Server) {
	mcptool.Add(s, Changed)
	for _, t := range []mcptool.Tool[Args, Page]{CountOnly, Full, Helpers, Rows, AsJSON, AsPlusV, NoFormat, NilFormat} {
		mcptool.Add(s, t)
	}
	mcptool.Add(s, Pointer)
	mcptool.Add(s, Method)
}
