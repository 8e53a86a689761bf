package unchecked

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The renderings of unchecked.go in other shapes of control flow, and near misses.

// templatedHelper: the template runs in a helper of the package, its text held in a variable.
func templatedHelper(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	s := execute(out)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}, out, nil // want `tool "templated_helper": its Content passes output values to \(\*text/template\.Template\)\.Execute, which mcplint cannot follow; test with mcptooltest\.CheckFormatParity`
}

func execute(out Out) string {
	var b bytes.Buffer
	if err := tmpl.Execute(&b, out); err != nil {
		return ""
	}
	return b.String()
}

// xmlElse: XML in an else branch.
func xmlElse(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	var data []byte
	if in.Q == "" {
		data = []byte("empty")
	} else {
		data, _ = xml.Marshal(out)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, out, nil // want `tool "xml_else": its Content passes output values to encoding/xml.Marshal`
}

// xmlClosure: XML in a closure.
func xmlClosure(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	render := func() string {
		data, _ := xml.Marshal(out)
		return string(data)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: render()}}}, out, nil // want `tool "xml_closure": its Content passes output values to encoding/xml.Marshal`
}

// Near miss: JSON in a closure is followed.
func jsonClosure(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Name: in.Q}
	render := func() string {
		data, _ := json.Marshal(out)
		return string(data)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: render()}}}, out, nil
}

func RegisterShapes(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "templated_helper", Description: "d"}, templatedHelper)
	mcp.AddTool(s, &mcp.Tool{Name: "xml_else", Description: "d"}, xmlElse)
	mcp.AddTool(s, &mcp.Tool{Name: "xml_closure", Description: "d"}, xmlClosure)
	mcp.AddTool(s, &mcp.Tool{Name: "json_closure", Description: "d"}, jsonClosure)
}
