// Package render is a shared renderer in another package: its body is out of reach of the
// package that uses it.
package render

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Report struct {
	Title string   `json:"title" jsonschema:"title"`
	Lines []string `json:"lines" jsonschema:"lines"`
}

func Format(r Report) []mcp.Content {
	return []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(r.Title, r.Lines)}}
}

func Text(r Report) string { return r.Title }
