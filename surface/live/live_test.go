package live

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHTTPHeader: a server that needs a token lists its tools only to a session that sends it.
func TestHTTPHeader(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "token", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "t", Description: "T."}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer test-token" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()

	name, value, err := ParseHeader("authorization:  Bearer test-token ")
	require.NoError(t, err)
	assert.Equal(t, "Authorization", name)
	header := http.Header{name: {value}}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sf, err := HTTP(ctx, srv.URL, header, nil, "test")
	require.NoError(t, err)
	require.Len(t, sf.Tools, 1)
	assert.Equal(t, "t", sf.Tools[0].Name)

	short, cancelShort := context.WithTimeout(context.Background(), time.Second)
	defer cancelShort()
	_, err = HTTP(short, srv.URL, nil, nil, "test")
	assert.Error(t, err, "without the token the server refuses the session")
}

func TestParseHeaderRejects(t *testing.T) {
	for _, bad := range []string{"no colon", ": value", "two words: v"} {
		_, _, err := ParseHeader(bad)
		assert.Error(t, err, bad)
	}
}
