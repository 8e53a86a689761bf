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
