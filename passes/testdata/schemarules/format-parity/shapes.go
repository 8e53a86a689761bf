package parity

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The defects of gosdk.go and m3.go written in other shapes of control flow, and near misses
// in the same shapes.

// viaVariable: the content and the result are held in variables first.
func viaVariable(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 3}
	content := text(fmt.Sprintf("Found %d items", out.Total))
	res := &mcp.CallToolResult{Content: content} // want `tool "via_variable": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content this result sets; render them`
	return res, out, nil
}

// elseBranch: the text is chosen in an else branch; the size is never shown.
func elseBranch(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	out.Total = len(out.Items)
	var msg string
	if out.Total == 0 {
		msg = "nothing found"
	} else {
		var names []string
		for _, it := range out.Items {
			names = append(names, it.Name)
		}
		msg = fmt.Sprintf("%d matches: %s (truncated: %v, next: %v)", out.Total, strings.Join(names, ", "), out.Truncated, out.Next)
	}
	return &mcp.CallToolResult{Content: text(msg)}, out, nil // want `tool "else_branch": output\.items\[\]\.size \(field Size\) is not in the Content`
}

// viaHelper: a helper of the package renders only the count.
func viaHelper(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 2}
	return &mcp.CallToolResult{Content: text(headline(out))}, out, nil // want `tool "via_helper": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content`
}

func headline(o Out) string { return fmt.Sprintf("%d results", o.Total) }

// viaClosure: a closure that captures the output renders only the count.
func viaClosure(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 2}
	line := func() string { return fmt.Sprintf("%d results", out.Total) }
	return &mcp.CallToolResult{Content: text(line())}, out, nil // want `tool "via_closure": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content`
}

// namedResults: the result and the output in named results, a bare return.
func namedResults(ctx context.Context, req *mcp.CallToolRequest, in Args) (res *mcp.CallToolResult, out Out, err error) {
	out = Out{Items: fetch(in.Q), Total: 1}
	res = &mcp.CallToolResult{Content: text(fmt.Sprintf("%d result", out.Total))} // want `tool "named_results": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content`
	return
}

// countedRows: the names and sizes are collected, but only their number is shown.
func countedRows(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 1}
	var rows []string
	for _, it := range out.Items {
		rows = append(rows, it.Name+" "+fmt.Sprint(it.Size))
	}
	msg := fmt.Sprintf("%d rows of %d, truncated=%v, next=%v", len(rows), out.Total, out.Truncated, out.Next)
	return &mcp.CallToolResult{Content: text(msg)}, out, nil // want `tool "counted_rows": output\.items\[\]\.name \(field Name\) and output\.items\[\]\.size \(field Size\) are not in the Content`
}

// declaredResult: the result declared by var and filled field by field (go-sdk's memory
// example): a fixed sentence is all a content-only client sees.
func declaredResult(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	var res mcp.CallToolResult
	items := fetch(in.Q)
	res.Content = []mcp.Content{&mcp.TextContent{Text: "Search done"}} // want `tool "declared_result": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.total \(field Total\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content`
	return &res, Out{Items: items, Total: len(items)}, nil
}

// viaResultHelper: a helper of the package makes the result from the text it is given.
func viaResultHelper(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q), Total: 2}
	return textResult(fmt.Sprintf("%d results", out.Total)), out, nil // want `tool "via_result_helper": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.truncated \(field Truncated\) and output\.next \(field Next\) are not in the Content`
}

func textResult(s string) *mcp.CallToolResult { return &mcp.CallToolResult{Content: text(s)} }

// Near misses in the same shapes.

// viaResultRender: a helper of the package makes the result from the output and renders all
// of it.
func viaResultRender(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	return renderedResult(out), out, nil
}

func renderedResult(o Out) *mcp.CallToolResult { return &mcp.CallToolResult{Content: text(render(o))} }

// elseJSON: each branch shows everything, one as JSON.
func elseJSON(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	var msg string
	if in.Q == "" {
		data, err := json.Marshal(out)
		if err != nil {
			return nil, Out{}, err
		}
		msg = string(data)
	} else {
		msg = render(out)
	}
	return &mcp.CallToolResult{Content: text(msg)}, out, nil
}

// closureAll: a closure that writes every field into a builder the handler owns.
func closureAll(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	var b strings.Builder
	add := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	add("%d matches, truncated=%v", out.Total, out.Truncated)
	for _, it := range out.Items {
		add("%s (%d bytes)", it.Name, it.Size)
	}
	if out.Next != nil {
		add("next: %s", *out.Next)
	}
	return &mcp.CallToolResult{Content: text(b.String())}, out, nil
}

// errorPath: the error is held in a variable that is nil on the way out; the text is the
// output's JSON through a variable.
func errorPath(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	out := Out{Items: fetch(in.Q)}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, Out{}, err
	}
	body := string(data)
	return &mcp.CallToolResult{Content: text(body)}, out, err
}

func RegisterShapes(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "via_variable", Description: "d"}, viaVariable)
	mcp.AddTool(s, &mcp.Tool{Name: "else_branch", Description: "d"}, elseBranch)
	mcp.AddTool(s, &mcp.Tool{Name: "via_helper", Description: "d"}, viaHelper)
	mcp.AddTool(s, &mcp.Tool{Name: "via_closure", Description: "d"}, viaClosure)
	mcp.AddTool(s, &mcp.Tool{Name: "named_results", Description: "d"}, namedResults)
	mcp.AddTool(s, &mcp.Tool{Name: "counted_rows", Description: "d"}, countedRows)
	mcp.AddTool(s, &mcp.Tool{Name: "declared_result", Description: "d"}, declaredResult)
	mcp.AddTool(s, &mcp.Tool{Name: "via_result_helper", Description: "d"}, viaResultHelper)
	mcp.AddTool(s, &mcp.Tool{Name: "via_result_render", Description: "d"}, viaResultRender)
	mcp.AddTool(s, &mcp.Tool{Name: "else_json", Description: "d"}, elseJSON)
	mcp.AddTool(s, &mcp.Tool{Name: "closure_all", Description: "d"}, closureAll)
	mcp.AddTool(s, &mcp.Tool{Name: "error_path", Description: "d"}, errorPath)
}

// mark3labs in the same shapes.

func weatherVar(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	summary := "done"
	if w.City == "" {
		summary = "unknown city"
	}
	return m3.NewToolResultStructured(w, summary), nil // want `tool "weather_var": output.temp_c \(field TempC\) is not shown by the text passed to NewToolResultStructured`
}

func weatherHelper(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	return m3.NewToolResultStructured(w, cityLine(w)), nil // want `tool "weather_helper": output.temp_c \(field TempC\) is not shown`
}

func cityLine(w Weather) string { return "weather in " + w.City }

func weatherClosure(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	temp := func() string { return fmt.Sprintf("%.1f°C", w.TempC) }
	return m3.NewToolResultStructured(w, temp()), nil // want `tool "weather_closure": output.city \(field City\) is not shown`
}

// Near miss: both ways of the else show both fields.
func weatherElse(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	var s string
	if req.GetBool("verbose", false) {
		s = fmt.Sprintf("%+v", w)
	} else {
		s = cityLine(w) + fmt.Sprintf(": %.1f°C", w.TempC)
	}
	return m3.NewToolResultStructured(w, s), nil
}

func RegisterM3Shapes(s *server.MCPServer) {
	s.AddTool(m3.NewTool("weather_var", m3.WithDescription("d")), weatherVar)
	s.AddTool(m3.NewTool("weather_helper", m3.WithDescription("d")), weatherHelper)
	s.AddTool(m3.NewTool("weather_closure", m3.WithDescription("d")), weatherClosure)
	s.AddTool(m3.NewTool("weather_else", m3.WithDescription("d")), weatherElse)
}
