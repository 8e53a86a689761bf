package callleaves

import (
	"context"
	"net/http"
	"os"
	"strconv"
)

type fetcher struct{}

func (*fetcher) fetch(url string) error {
	_, err := http.Get(url) // want `leaves`
	return err
}

func newReader() func(string) ([]byte, error) {
	return func(name string) ([]byte, error) { return os.ReadFile(name) } // want `leaves`
}

var (
	fetch = (&fetcher{}).fetch
	read  = newReader()
	parse = strconv.Atoi
)

func report(err error, code int) error { return err }

type getter interface {
	Get(ctx context.Context) error
}

func calls(ctx context.Context, g getter) {
	err := fetch("https://example.com") // want `leaves`
	_, _ = read("config.json")          // want `leaves`
	_, perr := parse("12")
	_ = g.Get(ctx)                                                            // want `leaves`
	_, _ = http.NewRequestWithContext(ctx, "GET", "https://example.com", nil) // a request builder
	_ = report(err, 1)                                                        // want `upstream args 0`
	_ = report(perr, 2)
}

type tokenKey struct{}

// token takes a context only to read a value from it: a call of it stays in the process.
func token(ctx context.Context) (string, error) {
	v, _ := ctx.Value(tokenKey{}).(string)
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	return v, nil
}

// lookup hands its context on to a call that leaves.
func lookup(ctx context.Context, g getter) error {
	return g.Get(ctx) // want `leaves`
}

// ignored takes a context and does nothing with it.
func ignored(ctx context.Context) error { return nil }

func contexts(ctx context.Context, g getter) {
	_, _ = token(ctx)
	_ = lookup(ctx, g) // want `leaves`
	_ = ignored(ctx)
}
