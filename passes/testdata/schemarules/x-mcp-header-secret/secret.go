// Package secret: header annotations on properties that carry credentials, which proxies and
// access logs then see in clear, and near misses.
package secret

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func header(name string) map[string]any { return map[string]any{"x-mcp-header": name} }

func headerOption(name string) m3.PropertyOption {
	return func(schema map[string]any) { schema["x-mcp-header"] = name }
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "login", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"user":          {Type: "string", Extra: header("User")},
		"password":      {Type: "string", Extra: header("Password")},                                          // want `tool "login": "password" goes out in header Mcp-Param-Password, which proxies log; keep credentials out of headers`
		"apiKey":        {Type: "string", Extra: header("Key")},                                               // want `tool "login": "apiKey" goes out in header Mcp-Param-Key`
		"auth":          {Type: "string", Description: "GitHub personal access token", Extra: header("Auth")}, // want `tool "login": "auth" goes out in header Mcp-Param-Auth`
		"session_token": {Type: "string", Extra: header("Session")},                                           // want `"session_token" goes out in header`
	}}}, low)

	// Near misses: a page cursor, a token count, a secret without an annotation, an invalid
	// annotation (x-mcp-header-valid's) and a schema go-sdk does not decode.
	s.AddTool(&mcp.Tool{Name: "list", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"page_token": {Type: "string", Extra: header("Page")},
		"maxTokens":  {Type: "integer", Extra: header("Max-Tokens")},
		"password":   {Type: "string"},
		"owner":      {Type: "string", Description: "the repository owner", Extra: header("Owner")},
	}}}, low)
	s.AddTool(&mcp.Tool{Name: "skipped", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"nullable": {Types: []string{"null", "string"}},
		"secret":   {Type: "string", Extra: header("Secret")},
	}}}, low)
}

var Login = m3.NewTool("m3login",
	m3.WithString("token", headerOption("Token")), // want `tool "m3login": "token" goes out in header Mcp-Param-Token`
	m3.WithString("next_token", headerOption("Next")),
)
