package main

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/surface/conditional/tools"
)

// pairTool is the server's own tool struct: its Register method reads the definition from
// the Tool field, so the literals below are registered there, and their conditions are the
// conditions of Register's calls.
type pairTool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func (t *pairTool) Register(s *server.MCPServer) {
	s.AddTool(t.Tool, t.Handler)
}

type category interface{ tools() []pairTool }

type files struct{}

func (files) tools() []pairTool {
	return []pairTool{
		{Tool: mcp.NewTool("read_file", mcp.WithDescription("Read a file.")), Handler: handle},
		{Tool: mcp.NewTool("delete_file", mcp.WithDescription("Delete a file.")), Handler: handle},
	}
}

func isWrite(name string) bool { return name == "delete_file" }

func registerPairs(s *server.MCPServer, readOnly bool) {
	for _, c := range []category{files{}} {
		for _, t := range c.tools() {
			if readOnly && isWrite(t.Tool.Name) {
				continue
			}
			t.Register(s)
		}
	}
}

// alwaysTool's Register is called whatever holds: its literal is no conditional tool.
type alwaysTool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func (t alwaysTool) Register(s *server.MCPServer) { s.AddTool(t.Tool, t.Handler) }

func registerAlways(s *server.MCPServer) {
	alwaysTool{Tool: mcp.NewTool("version", mcp.WithDescription("The version.")), Handler: handle}.Register(s)
}

// kindTool pairs another package's definition function with its handler.
type kindTool struct {
	Func    func() mcp.Tool
	Handler server.ToolHandlerFunc
}

// kindReg is one group of a table written out in registerTable.
type kindReg struct {
	Tools []kindTool
}

// registerTable ranges over a table written out here (a map of groups, each with a slice of
// another package's definition functions): every element reaches the registration, so the
// loops are no condition. The range over names given at run time is one.
func registerTable(s *server.MCPServer, enabled []string) {
	table := map[string]kindReg{
		"vm": {Tools: []kindTool{{Func: tools.VMList, Handler: handle}}},
	}
	for _, reg := range table {
		for _, t := range reg.Tools {
			s.AddTool(t.Func(), t.Handler)
		}
	}
	for _, name := range enabled {
		s.AddTool(mcp.NewTool(name+"_count", mcp.WithDescription("Counts.")), handle)
	}
}

// levelTool registers itself with the closure a local helper stored in its register field.
type levelTool struct {
	min      int
	register func(*server.MCPServer)
}

func levelTools() []levelTool {
	def := func(min int, reg func(*server.MCPServer)) levelTool { return levelTool{min: min, register: reg} }
	return []levelTool{
		def(2, func(s *server.MCPServer) {
			s.AddTool(mcp.NewTool("run_apply", mcp.WithDescription("Applies the plan.")), handle)
		}),
	}
}

// registerLevels calls each tool's register field only at or above its level.
func registerLevels(s *server.MCPServer, allowed int) {
	for _, t := range levelTools() {
		if t.min <= allowed {
			t.register(s)
		}
	}
}
