// Package args: mark3labs handlers that read arguments their tools' input schemas do not
// declare, so the model never sends them.
package args

import (
	"context"
	"encoding/json"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func search(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	q, err := req.RequireString("qeury") // want `tool "search" declares no argument "qeury", which the model never sends; fix the name or declare it`
	if err != nil {
		return m3.NewToolResultError(err.Error()), nil
	}
	limit := req.GetInt("max", 10) // want `tool "search" declares no argument "max"`
	lang := req.GetString("language", "en")
	_ = req.GetInt("limit", 10)
	return m3.NewToolResultText(q + lang + string(rune(limit))), nil
}

// Two tools share one handler: a name either declares is read on its calls.
func lookup(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	id := req.GetString("id", "")
	user := req.GetString("user", "")
	org := req.GetString("org", "")
	verbose := req.GetBool("verbos", false) // want `no tool this handler serves declares "verbos", which the model never sends`
	_ = verbose
	return m3.NewToolResultText(id + user + org), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(m3.NewTool("search",
		m3.WithDescription("Searches the index."),
		m3.WithString("query", m3.Required(), m3.Description("The query.")),
		m3.WithString("language", m3.Description("The language.")),
		m3.WithNumber("limit", m3.Description("The limit.")),
	), search)

	s.AddTool(m3.NewTool("lookup_user",
		m3.WithDescription("Finds a user."),
		m3.WithString("id", m3.Description("The id.")),
		m3.WithString("user", m3.Description("The user.")),
		m3.WithBoolean("verbose", m3.Description("More detail.")),
	), lookup)
	s.AddTool(m3.NewTool("lookup_org",
		m3.WithDescription("Finds an organisation."),
		m3.WithString("id", m3.Description("The id.")),
		m3.WithString("org", m3.Description("The org.")),
	), lookup)

	s.AddTool(m3.NewTool("delete",
		m3.WithDescription("Deletes a file."),
		m3.WithString("path", m3.Required(), m3.Description("The path.")),
	), func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		path, err := req.RequireString("filepath") // want `tool "delete" declares no argument "filepath"`
		if err != nil {
			return m3.NewToolResultError(err.Error()), nil
		}
		force := req.GetBool("path", false)
		_ = force
		return m3.NewToolResultText(path), nil
	})

	s.AddTool(m3.NewToolWithRawSchema("rename", "Renames a file.", json.RawMessage(`{"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"}}}`)),
		func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
			from := req.GetString("from", "")
			to := req.GetString("target", "") // want `tool "rename" declares no argument "target"`
			return m3.NewToolResultText(from + to), nil
		})
}
