// Command conditional registers tools under the conditions servers use to filter them: a
// guard that skips write tools in a loop, a helper called only under a flag, a definition of
// another package registered under a configuration switch. Its near misses are registered
// whatever holds: after an error check and a nil check, and by a helper one of whose calls is unconditional.
package main

import (
	"context"
	"errors"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/surface/conditional/tools"
)

type config struct {
	ReadOnly bool
	Admin    bool
	Excluded map[string]bool
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func registerWrite(s *server.MCPServer, cfg config) {
	if cfg.ReadOnly {
		return
	}
	s.AddTool(mcp.NewTool("write_file", mcp.WithDescription("Write a file.")), handle)
}

func registerAdmin(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("admin_reset", mcp.WithDescription("Reset everything.")), handle)
}

func registerCommon(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("common", mcp.WithDescription("Always there.")), handle)
}

func setup(s *server.MCPServer) error {
	if _, err := os.Getwd(); err != nil {
		return err
	}
	if s == nil {
		return errors.New("no server")
	}
	s.AddTool(mcp.NewTool("after_check", mcp.WithDescription("Registered once the check passed.")), handle)
	return nil
}

func main() {
	cfg := config{ReadOnly: os.Getenv("READ_ONLY") == "1"}
	s := server.NewMCPServer("conditional", "1.0.0")
	registerWrite(s, cfg)
	if cfg.Admin {
		registerAdmin(s)
		registerCommon(s)
	}
	registerCommon(s)
	if !cfg.Excluded["purge"] {
		s.AddTool(tools.NewPurgeTool(), handle)
	}
	s.AddTool(tools.NewStatsTool(), handle)
	registerPairs(s, cfg.ReadOnly)
	for _, r := range tools.Registrations() {
		if cfg.ReadOnly && r.Write {
			continue
		}
		r.RegisterWith(s)
	}
	tools.Ping().RegisterWith(s)
	registerAlways(s)
	registerTable(s, os.Args[1:])
	registerLevels(s, len(os.Args))
	if err := setup(s); err != nil {
		panic(errors.Join(err))
	}
	_ = server.ServeStdio(s)
}
