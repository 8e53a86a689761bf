// Package client is an API client of the server: a package with no definitions of its own.
package client

import (
	"fmt"
	"net/http"
	"net/url"
	"os"

	m3 "github.com/mark3labs/mcp-go/mcp"
)

type Client struct {
	base   string
	apiKey string
}

func New() *Client { return &Client{base: "https://api.example.com", apiKey: os.Getenv("EXAMPLE_KEY")} }

// get puts the key in the query: the *url.Error of a failed request quotes it.
func (c *Client) get(path string) (*http.Response, error) {
	resp, err := http.Get(c.base + path + "?key=" + c.apiKey)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	return resp, nil
}

// Issues and Teams return get's error: a caller in another package is told once, naming the
// line to change here.
func (c *Client) Issues() error {
	resp, err := c.get("/issues")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Teams() error {
	resp, err := c.get("/teams")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Trim passes its text through; Mask does not.
func Trim(s string) string { return s[:min(len(s), 80)] }

func Mask(s string) string { return fmt.Sprintf("%d characters", len(s)) }

// ConnString builds a DSN whose userinfo holds the password.
type ConnString struct {
	Host, User, Password string
}

func (c ConnString) URL() string {
	u := &url.URL{Scheme: "postgres", Host: c.Host, User: url.UserPassword(c.User, c.Password)}
	return u.String()
}

// authFailed is an error result built where nothing is defined.
func AuthFailed() *m3.CallToolResult {
	return m3.NewToolResultError("rejected token " + os.Getenv("EXAMPLE_TOKEN")) // want `environment variable EXAMPLE_TOKEN reaches the model in tool error text`
}
