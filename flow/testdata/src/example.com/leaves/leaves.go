package leaves

import (
	"context"
	"net/http"

	"example.com/leaves/client"
)

type getter interface{ Get(url string) error }

type local interface{ Local(s string) error }

type withContext interface {
	Fetch(ctx context.Context) error
}

type unimplemented interface{ Ping() error }

type own struct{}

func (own) Ping2() error { // want "leaves"
	_, err := http.Head("https://example.com")
	return err
}

type pinger interface{ Ping2() error }

func calls(ctx context.Context, g getter, l local, w withContext, u unimplemented, p pinger) { // want "leaves"
	var h client.HTTP
	_ = h.Get("x")   // want "leaves"
	_ = h.Twice("x") // want "leaves"
	_ = h.Local("x")
	_, _ = client.ReadConfig() // want "leaves"
	_ = g.Get("x")             // want "leaves"
	_ = l.Local("x")
	_ = w.Fetch(ctx) // want "leaves"
	_ = u.Ping()
	_ = p.Ping2() // want "leaves"
	_, _ = http.NewRequestWithContext(ctx, "GET", "x", nil)
}
