package mcperr_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
)

func TestRedactURLs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`Get "https://api.example.com/v1/items?key=AIzaSyA-secret&page=2": dial tcp: connection refused`,
			`Get "https://api.example.com/v1/items?key=[REDACTED]&page=[REDACTED]": dial tcp: connection refused`},
		{"fetch https://user:hunter2@db.example.com:5432/x failed.", "fetch https://[REDACTED]@db.example.com:5432/x failed."},
		{"clone https://ghtoken123@github.com/o/r.git", "clone https://[REDACTED]@github.com/o/r.git"},
		{"see https://h/p?AIzaSyBare#frag)", "see https://h/p?[REDACTED]#frag)"},
		{"no query https://example.com/a/b, fine", "no query https://example.com/a/b, fine"},
		{"email me@example.com is not a URL", "email me@example.com is not a URL"},
		{"template issues://{owner}/{repo}{?fields*} failed", "template issues://{owner}/{repo}{?fields*} failed"},
		{"postgres://app:pw@10.0.0.1/db?sslmode=disable", "postgres://[REDACTED]@10.0.0.1/db?sslmode=[REDACTED]"},
	} {
		got := mcperr.Redact(c.in)
		assert.Equal(t, c.want, got, c.in)
		assert.Equal(t, got, mcperr.Redact(got), "idempotent")
	}
}

// TestRedactHTTPClientError: the error a failed http.Client request returns quotes its URL
// with the query (Go strips only a password); Redact removes the key from it.
func TestRedactHTTPClientError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	addr := srv.URL
	srv.Close() // every request now fails
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, addr+"/v1?api_key=sk-live-0123456789&q=x", nil)
	require.NoError(t, err)
	_, err = http.DefaultClient.Do(req)
	require.Error(t, err)
	require.Contains(t, err.Error(), "sk-live-0123456789", "the stdlib error quotes the key; the test needs it to")
	got := mcperr.Redact(err.Error())
	assert.NotContains(t, got, "sk-live")
	assert.Contains(t, got, "api_key=[REDACTED]")
}
