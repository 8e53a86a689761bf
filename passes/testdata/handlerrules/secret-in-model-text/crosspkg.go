package a

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/handlerrules/secret-in-model-text/client"
)

type apiTools struct {
	c    *client.Client
	conn client.ConnString
	cfg  *settingsFile
}

type settingsFile struct{ value string }

// GetToken is the configuration's getter.
func (f *settingsFile) GetToken() string { return f.value }

// GenerateToken makes a token a tool returns on purpose.
func (f *settingsFile) GenerateToken() string { return "new" }

// client.Issues and client.Teams carry the key get put in the URL: one finding here, at the
// first, naming client.go's line.
func (t *apiTools) issues(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if err := t.c.Issues(); err != nil {
		return nil, Hits{}, fmt.Errorf("issues: %w", err) // want `field Client.apiKey \(via client.go:24\) reaches the model in tool error text`
	}
	return nil, Hits{}, nil
}

func (t *apiTools) teams(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if err := t.c.Teams(); err != nil {
		return nil, Hits{}, fmt.Errorf("teams: %w", err)
	}
	return nil, Hits{}, nil
}

// Through a helper that passes its text on, a DSN's String-like method, a getter, and the
// password of data an API returned, in error text.
func (t *apiTools) trimmed(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, fmt.Errorf("bad token %s", client.Trim(t.cfg.GetToken())) // want `the result of GetToken reaches the model in tool error text`
}

func (t *apiTools) connect(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, fmt.Errorf("cannot connect to %s", t.conn.URL()) // want `field ConnString.Password \(via client.go:59\) reaches the model in tool error text`
}

type dbUser struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (t *apiTools) checkUser(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var u dbUser
	if err := json.Unmarshal([]byte(q.Text), &u); err != nil {
		return nil, Hits{}, err
	}
	return nil, Hits{}, fmt.Errorf("user %s cannot log in with %s", u.Name, u.Password) // want `field dbUser.Password reaches the model in tool error text`
}

// Near misses: a helper that does not pass its text on, a token made on purpose, and the
// same API data in a success result.
func (t *apiTools) masked(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, fmt.Errorf("bad token (%s)", client.Mask(t.cfg.GetToken()))
}

func (t *apiTools) generated(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "your token: " + t.cfg.GenerateToken()}}}, Hits{}, nil
}

func (t *apiTools) createdUser(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	var u dbUser
	if err := json.Unmarshal([]byte(q.Text), &u); err != nil {
		return nil, Hits{}, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "created " + u.Name + " with password " + u.Password}}}, Hits{}, nil
}

func registerAPI(s *mcp.Server, t *apiTools) {
	mcp.AddTool(s, &mcp.Tool{Name: "issues"}, t.issues)
	mcp.AddTool(s, &mcp.Tool{Name: "teams"}, t.teams)
	mcp.AddTool(s, &mcp.Tool{Name: "trimmed"}, t.trimmed)
	mcp.AddTool(s, &mcp.Tool{Name: "connect"}, t.connect)
	mcp.AddTool(s, &mcp.Tool{Name: "check_user"}, t.checkUser)
	mcp.AddTool(s, &mcp.Tool{Name: "masked"}, t.masked)
	mcp.AddTool(s, &mcp.Tool{Name: "generated"}, t.generated)
	mcp.AddTool(s, &mcp.Tool{Name: "created_user"}, t.createdUser)
	mcp.AddTool(s, &mcp.Tool{Name: "token_error"}, t.tokenError)
}

// ReadToken returns a token and an error; the error is no token (mcp-victoriametrics'
// getBearerToken).
func (f *settingsFile) ReadToken() (string, error) {
	if f.value == "" {
		return "", fmt.Errorf("no token configured")
	}
	return f.value, nil
}

func (t *apiTools) tokenError(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if _, err := t.cfg.ReadToken(); err != nil {
		return nil, Hits{}, fmt.Errorf("failed to get token: %v", err)
	}
	return nil, Hits{}, nil
}
