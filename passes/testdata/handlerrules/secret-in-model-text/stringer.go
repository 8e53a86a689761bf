package a

import (
	"context"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DSN prints its password: fmt calls String.
type DSN struct{ Host, User, Password string }

func (d DSN) String() string {
	return "postgres://" + d.User + ":" + d.Password + "@" + d.Host
}

type dbTools struct{ dsn DSN }

func (t *dbTools) ping(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, fmt.Errorf("cannot reach %s", t.dsn) // want `field DSN.Password reaches the model in tool error text`
}

// Near miss: a function that returns the whole configuration, of which the message shows only
// the URL.
func loadConfig() *Config {
	return &Config{BaseURL: os.Getenv("BASE_URL"), APIKey: os.Getenv("API_KEY")}
}

func (t *dbTools) where(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	cfg := loadConfig()
	return nil, Hits{}, fmt.Errorf("cannot reach %s", cfg.BaseURL)
}

func registerDB(s *mcp.Server, t *dbTools) {
	mcp.AddTool(s, &mcp.Tool{Name: "ping"}, t.ping)
	mcp.AddTool(s, &mcp.Tool{Name: "where"}, t.where)
}
