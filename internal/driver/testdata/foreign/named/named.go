// Package named loads its tools' definitions as data and registers each by name with its
// handler, the write tool only when not read-only (portainer-mcp's YAML tools and
// addToolIfExists).
package named

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The tools' names, as the data names them.
const (
	ToolList   = "named_list"
	ToolDelete = "named_delete"
)

// Server registers the tools the data defines.
type Server struct {
	srv      *server.MCPServer
	tools    map[string]mcp.Tool
	readOnly bool
}

// New loads the definitions from data.
func New(srv *server.MCPServer, data []byte, readOnly bool) (*Server, error) {
	var defs []mcp.Tool
	if err := json.Unmarshal(data, &defs); err != nil {
		return nil, err
	}
	s := &Server{srv: srv, tools: map[string]mcp.Tool{}, readOnly: readOnly}
	for _, d := range defs {
		s.tools[d.Name] = d
	}
	return s, nil
}

// Register registers every tool the data defines that has a handler here.
func (s *Server) Register() {
	s.addToolIfExists(ToolList, s.handleList())
	if !s.readOnly {
		s.addToolIfExists(ToolDelete, s.handleDelete())
	}
}

func (s *Server) addToolIfExists(name string, handler server.ToolHandlerFunc) {
	if tool, ok := s.tools[name]; ok {
		s.srv.AddTool(tool, handler)
	}
}

func (s *Server) handleList() server.ToolHandlerFunc {
	return func(_ context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("a, b"), nil
	}
}

func (s *Server) handleDelete() server.ToolHandlerFunc {
	return func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id, err := req.RequireString("id")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText("deleted " + id), nil
	}
}
