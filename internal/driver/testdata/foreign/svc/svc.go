// Package svc is one service of the server: it lists its tools and, apart, its handlers by
// tool name; package srv registers each tool with the handler of its name
// (cloud-native-mcp-server's GetTools and GetHandlers).
package svc

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/foreign/svc/svchandlers"
	"example.com/foreign/svc/svctools"
)

// Service is the time service.
type Service struct{ enabled bool }

// New makes the service.
func New() *Service { return &Service{enabled: true} }

// GetTools lists the service's tools.
func (s *Service) GetTools() []mcp.Tool {
	if !s.enabled {
		return nil
	}
	return []mcp.Tool{svctools.TimeTool(), svctools.SleepTool()}
}

// GetHandlers gives each tool's handler by its name.
func (s *Service) GetHandlers() map[string]server.ToolHandlerFunc {
	return map[string]server.ToolHandlerFunc{
		"svc_time":  svchandlers.HandleTime,
		"svc_sleep": svchandlers.HandleSleep(60),
	}
}
