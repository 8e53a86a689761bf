package a

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// dsn is the database's connection string, password included.
var databaseDSN = os.Getenv("DATABASE_DSN")

type jira struct {
	baseURL  string
	password string
}

// An error result's text, built by mark3labs' constructors.
func (j *jira) issue(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	resp, err := http.Get(j.baseURL + "/issue?user=bot&password=" + j.password)
	if err != nil {
		return m3.NewToolResultErrorFromErr("fetching the issue failed", err), nil // want `field jira.password reaches the model in tool error text`
	}
	defer resp.Body.Close()
	return m3.NewToolResultText("ok"), nil
}

func (j *jira) connect(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	if !strings.HasPrefix(databaseDSN, "postgres://") {
		return m3.NewToolResultError("cannot connect to " + databaseDSN), nil // want `package variable databaseDSN reaches the model in tool error text`
	}
	return m3.NewToolResultErrorf("connected with %s", os.Getenv("JIRA_API_TOKEN")), nil // want `environment variable JIRA_API_TOKEN reaches the model in tool error text`
}

// The incoming request's Authorization header, echoed in a result.
func (j *jira) debug(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return m3.NewToolResultText("auth: " + req.Header.Get("Authorization")), nil // want `the Authorization header reaches the model in tool result text`
}

// A prompt message and a resource's contents.
func (j *jira) prompt(ctx context.Context, req m3.GetPromptRequest) (*m3.GetPromptResult, error) {
	msg := m3.NewPromptMessage(m3.RoleUser, m3.NewTextContent("log in with "+j.password)) // want `field jira.password reaches the model in content text`
	return m3.NewGetPromptResult("login", []m3.PromptMessage{msg}), nil
}

func (j *jira) resource(ctx context.Context, req m3.ReadResourceRequest) ([]m3.ResourceContents, error) {
	return []m3.ResourceContents{m3.TextResourceContents{URI: req.Params.URI, Text: databaseDSN}}, nil // want `package variable databaseDSN reaches the model in resource contents`
}

// A server whose middleware turns every handler error into an error result: the handler's
// error text reaches the model.
func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return m3.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func (j *jira) converted(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	if req.GetString("id", "") == "" {
		return nil, fmt.Errorf("no id (user bot, password %s)", j.password) // want `field jira.password reaches the model in tool error text`
	}
	return m3.NewToolResultText("ok"), nil
}

// Near misses.

// A plain handler's error is a JSON-RPC error (upstream-error-as-protocol-error's concern),
// not text the model reads.
func (j *jira) plain(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	if req.GetString("id", "") == "" {
		return nil, fmt.Errorf("no id (password %s)", j.password)
	}
	return m3.NewToolResultText("ok"), nil
}

// The variable's name, a header's name, and a redacted value.
func (j *jira) names(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	if os.Getenv("JIRA_API_TOKEN") == "" {
		return m3.NewToolResultError("set JIRA_API_TOKEN or send an Authorization header"), nil
	}
	if req.Header.Get("Content-Type") != "" {
		return m3.NewToolResultText("content type: " + req.Header.Get("Content-Type")), nil
	}
	return m3.NewToolResultText("password: " + redact(j.password)), nil
}

func redact(s string) string { return strings.Repeat("*", len(s)) }

// A default taken from the environment and written into a parameter's description, which
// tools/list sends to the model.
func loginTool() m3.Tool {
	password := os.Getenv("JIRA_PASSWORD")
	return m3.NewTool("login",
		m3.WithString("password", m3.Description(fmt.Sprintf("the password (default: %s from JIRA_PASSWORD)", password))), // want `environment variable JIRA_PASSWORD reaches the model in a description`
		m3.WithString("user", m3.Description("the user (default from JIRA_USER)")),
	)
}

func registerJira(j *jira) {
	plain := server.NewMCPServer("jira", "1.0")
	plain.AddTool(m3.NewTool("issue"), j.issue)
	plain.AddTool(m3.NewTool("connect"), j.connect)
	plain.AddTool(m3.NewTool("debug"), j.debug)
	plain.AddTool(m3.NewTool("plain"), j.plain)
	plain.AddTool(m3.NewTool("names"), j.names)
	plain.AddPrompt(m3.NewPrompt("login"), j.prompt)
	plain.AddResource(m3.NewResource("jira://dsn", "dsn"), j.resource)
	converting := server.NewMCPServer("jira", "1.0", server.WithToolHandlerMiddleware(errorsAsResults))
	converting.AddTool(m3.NewTool("converted"), j.converted)
}

var baseTool = m3.NewTool("base", m3.WithDescription("Base."))

// A description extended at run time with a credential (linear-mcp-go's shape).
func registerExtended(s *server.MCPServer, j *jira) {
	t := baseTool
	if key := os.Getenv("JIRA_API_TOKEN"); key != "" {
		t.Description += " Send 'Authorization: " + key + "'." // want `environment variable JIRA_API_TOKEN reaches the model in a description`
	}
	s.AddTool(t, j.plain)
}
