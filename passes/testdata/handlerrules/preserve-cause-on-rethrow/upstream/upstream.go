// Package upstream is an API client of the module: it imports no SDK, and its functions'
// errors reach the handlers of the package that imports it.
package upstream

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

type Client struct{ HTTP *http.Client }

// Labels is reached by a handler in another package: its findings are reported here.
func (c *Client) Labels(ctx context.Context, u string) ([]string, error) {
	resp, err := c.do(ctx, u)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return nil, nil
}

// do is reached through Labels, a second level.
func (c *Client) do(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("execute request: %v", err) // want `fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause`
	}
	return resp, nil
}

// Delete drops the upstream error entirely.
func Delete(ctx context.Context, c *http.Client, u string) error {
	req, _ := http.NewRequestWithContext(ctx, "DELETE", u, nil)
	if _, err := c.Do(req); err != nil {
		return errors.New("delete failed") // want `error built while handling err drops it entirely`
	}
	return nil
}

// Near misses: the same mistakes in functions whose error no handler returns.

// Ping's error the handler only logs.
func Ping(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return fmt.Errorf("ping: %v", err)
	}
	return nil
}

// Warm is called by main only.
func Warm(ctx context.Context, c *http.Client, u string) error {
	if _, err := c.Get(u); err != nil {
		return errors.New("warm failed")
	}
	return nil
}
