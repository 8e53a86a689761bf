package a

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/handlerrules/upstream-error-as-protocol-error/weatherapi"
)

// forecaster is the handler's view of the weather client; its implementation is
// weatherapi.Client, which calls HTTP without taking a context.
type forecaster interface {
	Forecast(city string) (string, error)
	Alerts(city string) (string, error)
	Units(system string) (string, error)
}

var _ forecaster = (*weatherapi.Client)(nil)

type weatherTools struct{ client forecaster }

// The failure of a call through the interface is the upstream's.
func (w *weatherTools) forecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := w.client.Forecast(req.GetString("city", ""))
	if err != nil {
		return nil, fmt.Errorf("forecast: %w", err) // want `w.client.Forecast failed upstream`
	}
	return mcp.NewToolResultText(f), nil
}

// The same through a method that calls another that calls HTTP.
func (w *weatherTools) alerts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := w.client.Alerts(req.GetString("city", ""))
	if err != nil {
		return nil, err // want `w.client.Alerts failed upstream`
	}
	return mcp.NewToolResultText(a), nil
}

// The concrete client, called directly.
func concreteForecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var c weatherapi.Client
	f, err := c.Forecast(req.GetString("city", ""))
	if err != nil {
		return nil, err // want `c.Forecast failed upstream`
	}
	return mcp.NewToolResultText(f), nil
}

// A helper of this package without a context that reads a file.
func readTemplate(name string) (string, error) {
	b, err := os.ReadFile("templates/" + name)
	return string(b), err
}

func template(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, err := readTemplate(req.GetString("name", ""))
	if err != nil {
		return nil, err // want `readTemplate failed upstream`
	}
	return mcp.NewToolResultText(t), nil
}

// Near miss: the interface method whose implementation never leaves the process.
func (w *weatherTools) units(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	u, err := w.client.Units(req.GetString("system", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(u), nil
}

// Near miss: an interface with no implementation the package can see says nothing.
type clock interface{ Now() (string, error) }

func now(ctx context.Context, req mcp.CallToolRequest, c clock) (*mcp.CallToolResult, error) {
	t, err := c.Now()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(t), nil
}
