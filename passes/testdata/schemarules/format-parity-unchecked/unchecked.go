// Package unchecked: renderings static analysis cannot follow.
package unchecked

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"strings"
	"text/template"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Q string `json:"q" jsonschema:"query"`
}

type Out struct {
	Name string   `json:"name" jsonschema:"name"`
	Tags []string `json:"tags" jsonschema:"tags"`
}

var tmpl = template.Must(template.New("out").Parse("{{.Name}} {{.Tags}}"))

func templated(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, out); err != nil {
		return nil, Out{}, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}}, out, nil // want `tool "templated": its Content passes output values to \(\*text/template\.Template\)\.Execute, which mcplint cannot follow; test with mcptooltest\.CheckFormatParity`
}

func asXML(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	data, _ := xml.Marshal(out)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, out, nil // want `tool "xml": its Content passes output values to encoding/xml.Marshal`
}

// Near misses: JSON is followed, and leaves passed to other packages are shown.
func asJSON(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	data, _ := json.Marshal(out)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, out, nil
}

func leaves(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	text := strings.ToUpper(out.Name) + " " + strings.Join(out.Tags, ",")
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "templated", Description: "d"}, templated)
	mcp.AddTool(s, &mcp.Tool{Name: "xml", Description: "d"}, asXML)
	mcp.AddTool(s, &mcp.Tool{Name: "json", Description: "d"}, asJSON)
	mcp.AddTool(s, &mcp.Tool{Name: "leaves", Description: "d"}, leaves)
}
