package parity

import (
	"context"
	"fmt"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Weather struct {
	City  string  `json:"city"`
	TempC float64 `json:"temp_c"`
}

func lookup(city string) Weather { return Weather{City: city} }

func weatherDone(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	return m3.NewToolResultStructured(w, "done"), nil // want `tool "weather": output.city \(field City\) and output.temp_c \(field TempC\) are not shown by the text passed to NewToolResultStructured`
}

func weatherText(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	return m3.NewToolResultStructured(w, fmt.Sprintf("%s: %.1f°C", w.City, w.TempC)), nil
}

func weatherTemp(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	return m3.NewToolResultStructured(w, fmt.Sprintf("%.1f°C", w.TempC)), nil // want `tool "weather_temp": output.city \(field City\) is not shown`
}

func weatherVerbose(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	w := lookup(req.GetString("city", ""))
	return m3.NewToolResultStructured(w, fmt.Sprintf("%+v", w)), nil
}

func RegisterM3(s *server.MCPServer) {
	s.AddTool(m3.NewTool("weather", m3.WithDescription("d")), weatherDone)
	s.AddTool(m3.NewTool("weather_text", m3.WithDescription("d")), weatherText)
	s.AddTool(m3.NewTool("weather_temp", m3.WithDescription("d")), weatherTemp)
	s.AddTool(m3.NewTool("weather_verbose", m3.WithDescription("d")), weatherVerbose)
}
