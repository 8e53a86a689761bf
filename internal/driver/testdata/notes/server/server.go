// Package server has one finding, an info note: an output field without a description.
package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// In is the tool's input.
type In struct {
	City string `json:"city" jsonschema:"the city, as its English name"`
}

// Out is the tool's output; its field has no description.
type Out struct {
	Celsius float64 `json:"celsius"`
}

func forecast(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{Celsius: 21}, nil
}

// New returns the server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "forecast", Description: "Today's forecast for a city."}, forecast)
	return s
}
