package a

import (
	"context"
	"fmt"
	"net/http"
	"os"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// weatherHandler reads the token once and hands it to the handler it makes: the closure's
// captured token is the environment variable's value.
func weatherHandler() server.ToolHandlerFunc {
	token := os.Getenv("WEATHER_API_TOKEN")
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		resp, err := http.Get("https://api.example.com/weather?token=" + token)
		if err != nil {
			return m3.NewToolResultError(fmt.Sprintf("request with token %s failed: %v", token, err)), nil // want `environment variable WEATHER_API_TOKEN reaches the model in tool error text`
		}
		defer resp.Body.Close()
		return m3.NewToolResultText("sunny"), nil
	}
}

// A variable the closure captures by reference and the factory sets after making it.
func countingHandler() server.ToolHandlerFunc {
	var key string
	h := func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		return m3.NewToolResultError("bad key " + key), nil // want `environment variable SEARCH_API_KEY reaches the model in tool error text`
	}
	key = os.Getenv("SEARCH_API_KEY")
	return h
}

// Near miss: the captured value is the service's address, not a credential.
func baseHandler() server.ToolHandlerFunc {
	base := os.Getenv("WEATHER_BASE_URL")
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		return m3.NewToolResultError("cannot reach " + base), nil
	}
}

// A database's connection URL carries its password.
func dsnHandler(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	dsn := os.Getenv("DATABASE_URL")
	return m3.NewToolResultError("cannot connect to " + dsn), nil // want `environment variable DATABASE_URL reaches the model in tool error text`
}

// Through two closures: the factory's token is captured by a builder closure, which captures
// it again in the handler it returns.
func layeredHandler() server.ToolHandlerFunc {
	token := os.Getenv("FORECAST_API_TOKEN")
	build := func(prefix string) server.ToolHandlerFunc {
		return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
			return m3.NewToolResultError(prefix + " rejected token " + token), nil // want `environment variable FORECAST_API_TOKEN reaches the model in tool error text`
		}
	}
	return build("forecast")
}

// Near miss: the captured token is redacted before it reaches the text.
func redactedHandler() server.ToolHandlerFunc {
	token := os.Getenv("ALERTS_API_TOKEN")
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		return m3.NewToolResultError("rejected token ending " + redact(token)), nil
	}
}

func registerCaptured(s *server.MCPServer) {
	s.AddTool(m3.NewTool("layered", m3.WithDescription("W.")), layeredHandler())
	s.AddTool(m3.NewTool("redacted", m3.WithDescription("W.")), redactedHandler())
	s.AddTool(m3.NewTool("weather", m3.WithDescription("W.")), weatherHandler())
	s.AddTool(m3.NewTool("counting", m3.WithDescription("W.")), countingHandler())
	s.AddTool(m3.NewTool("base", m3.WithDescription("W.")), baseHandler())
	s.AddTool(m3.NewTool("dsn", m3.WithDescription("W.")), dsnHandler)
}
