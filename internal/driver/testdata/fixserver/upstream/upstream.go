// Package upstream is the fixture server's backend: a store that fails for some keys, as an
// API or a database would.
package upstream

import (
	"context"
	"errors"
)

// ErrNotFound is the store's failure for a missing key.
var ErrNotFound = errors.New("not found")

// Fetch returns the value stored under id; "missing" is never there.
func Fetch(ctx context.Context, id string) (string, error) {
	if id == "missing" {
		return "", ErrNotFound
	}
	return "value of " + id, ctx.Err()
}
