// Package ann: behaviour hints that contradict each other.
package ann

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func ptr[T any](v T) *T { return &v }

func Register(s *mcp.Server, dyn *mcp.ToolAnnotations) {
	yes := true
	s.AddTool(&mcp.Tool{Name: "both", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{
		ReadOnlyHint:    true,
		DestructiveHint: ptr(true), // want `tool "both" is read-only and destructive;`
	}}, low)
	s.AddTool(&mcp.Tool{Name: "both2", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &yes}}, low) // want `tool "both2" is read-only and destructive`

	// Near misses.
	s.AddTool(&mcp.Tool{Name: "ro", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, low)
	s.AddTool(&mcp.Tool{Name: "ro-nd", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: ptr(false)}}, low)
	s.AddTool(&mcp.Tool{Name: "rw-d", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true)}}, low)
	s.AddTool(&mcp.Tool{Name: "dyn", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: dyn}, low)

	// Go 1.26's new(expr) points to the expression's value; new(bool) to false.
	s.AddTool(&mcp.Tool{Name: "new-true", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(true)}}, low) // want `tool "new-true" is read-only and destructive`
	s.AddTool(&mcp.Tool{Name: "new-false", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(false)}}, low)
	s.AddTool(&mcp.Tool{Name: "new-bool", Description: "d", InputSchema: map[string]any{"type": "object"}, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(bool)}}, low)
}

func M3(ann m3.ToolAnnotation) []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3ro", m3.WithDescription("d"), m3.WithReadOnlyHintAnnotation(true)), // NewTool's default destructiveHint: true is ignored beside readOnlyHint: true
		m3.NewTool("m3ro-ow", m3.WithDescription("d"), m3.WithReadOnlyHintAnnotation(true), m3.WithOpenWorldHintAnnotation(true)),
		m3.NewTool("m3both", m3.WithDescription("d"), m3.WithReadOnlyHintAnnotation(true), m3.WithDestructiveHintAnnotation(true)), // want `tool "m3both" is read-only and destructive;`

		// Near misses.
		m3.NewTool("m3ok", m3.WithDescription("d"), m3.WithReadOnlyHintAnnotation(true), m3.WithDestructiveHintAnnotation(false)),
		m3.NewTool("m3lit", m3.WithDescription("d"), m3.WithToolAnnotation(m3.ToolAnnotation{ReadOnlyHint: m3.ToBoolPtr(true)})),
		m3.NewTool("m3dyn", m3.WithDescription("d"), m3.WithToolAnnotation(ann)),
		m3.NewTool("m3rw", m3.WithDescription("d")),
	}
}
