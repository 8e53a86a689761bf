package a

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// settings is a configuration store like viper's.
type settings struct{ values map[string]string }

func (s settings) GetString(key string) string { return s.values[key] }

// OpenAIConfig is printed whole below.
type OpenAIConfig struct {
	Model  string
	APIKey string
}

// Redacted prints itself without its key.
type Redacted struct {
	Model  string
	APIKey string
}

func (r Redacted) String() string { return "model " + r.Model }

type shapes struct {
	conf   settings
	openai OpenAIConfig
	safe   Redacted
}

// A configuration getter of a credential's key, a struct printed whole, and the request's
// headers ranged over and joined.
func (s *shapes) getter(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText("token: " + s.conf.GetString("slack_bot_token")), nil // want `setting slack_bot_token reaches the model in tool result text`
}

func (s *shapes) whole(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultErrorf("model unavailable with %+v", s.openai), nil // want `OpenAIConfig with its APIKey reaches the model in tool error text`
}

func (s *shapes) headers(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	var lines []string
	for k, v := range req.Header {
		lines = append(lines, k+": "+strings.Join(v, ", "))
	}
	return m3.NewToolResultText(strings.Join(lines, "\n")), nil // want `the request headers reach the model in`
}

// Near misses: a tool argument named password is the model's own; a setting that is no
// credential; a struct whose String method leaves the key out.
func (s *shapes) argument(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText("checked " + req.GetString("password", "")), nil
}

func (s *shapes) setting(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText(fmt.Sprintf("region %s, token file %s", s.conf.GetString("region"), s.conf.GetString("token_file"))), nil
}

func (s *shapes) stringer(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultErrorf("unavailable: %v", s.safe), nil
}

func registerShapes(s *shapes) {
	srv := server.NewMCPServer("shapes", "1.0")
	srv.AddTool(m3.NewTool("getter"), s.getter)
	srv.AddTool(m3.NewTool("whole"), s.whole)
	srv.AddTool(m3.NewTool("headers"), s.headers)
	srv.AddTool(m3.NewTool("argument"), s.argument)
	srv.AddTool(m3.NewTool("setting"), s.setting)
	srv.AddTool(m3.NewTool("stringer"), s.stringer)
	srv.AddTool(m3.NewTool("runner_token"), s.runnerToken)
	srv.AddTool(m3.NewTool("runner_token_whole"), s.runnerTokenWhole)
}

// RunnerToken is an API's response: the token a tool creates for the user on purpose.
type RunnerToken struct {
	Token     string `json:"token"`
	ExpiresAt string `json:"expires_at"`
}

func createRunnerToken(ctx context.Context) (*RunnerToken, error) {
	var tok RunnerToken
	if err := json.Unmarshal([]byte(`{"token":"t"}`), &tok); err != nil {
		return nil, err
	}
	return &tok, nil
}

// Near misses: a token an API returns, and the response printed whole.
func (s *shapes) runnerToken(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	tok, err := createRunnerToken(ctx)
	if err != nil {
		return m3.NewToolResultErrorFromErr("creating the token failed", err), nil
	}
	return m3.NewToolResultText("token " + tok.Token + " expires " + tok.ExpiresAt), nil
}

func (s *shapes) runnerTokenWhole(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	var tok RunnerToken
	if err := json.Unmarshal([]byte(req.GetString("raw", "")), &tok); err != nil {
		return m3.NewToolResultErrorFromErr("bad token", err), nil
	}
	return m3.NewToolResultText(fmt.Sprintf("%+v", tok)), nil
}
