// Package apiclient is an API client of the module: it imports no SDK, and its functions'
// errors reach the handlers of the package that imports it.
package apiclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// Get is reached by a handler in another package; the body is dumped one level down.
func Get(ctx context.Context, c *http.Client, u string) (string, error) {
	return get(ctx, c, u)
}

func get(ctx context.Context, c *http.Client, u string) (string, error) {
	resp, err := c.Get(u)
	if err != nil {
		return "", fmt.Errorf("get: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("upstream answered %d: %s", resp.StatusCode, body) // want `error text embeds a raw upstream response body \(through body\)`
	}
	return string(body), nil
}

// Probe's error the handler only logs: a near miss.
func Probe(ctx context.Context, c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("probe answered: %s", body)
}
