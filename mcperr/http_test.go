package mcperr_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
)

func TestCodeForHTTPStatus(t *testing.T) {
	cases := map[int]mcperr.Code{
		400: mcperr.CodeInvalidParams, 401: mcperr.CodeUnauthorized, 402: mcperr.CodeForbidden,
		403: mcperr.CodeForbidden, 404: mcperr.CodeNotFound, 405: mcperr.CodeInvalidRequest,
		408: mcperr.CodeTimeout, 409: mcperr.CodeConflict, 410: mcperr.CodeInvalidRequest,
		412: mcperr.CodeConflict, 418: mcperr.CodeInvalidRequest, 422: mcperr.CodeValidationError,
		423: mcperr.CodeConflict, 424: mcperr.CodeConflict, 425: mcperr.CodeTimeout,
		429: mcperr.CodeRateLimited, 451: mcperr.CodeInvalidRequest, 499: mcperr.CodeInvalidRequest,
		500: mcperr.CodeInternalError, 501: mcperr.CodeInternalError, 502: mcperr.CodeServiceUnavailable,
		503: mcperr.CodeServiceUnavailable, 504: mcperr.CodeTimeout, 599: mcperr.CodeServiceUnavailable,
		200: mcperr.CodeUnknownError, 302: mcperr.CodeUnknownError, 600: mcperr.CodeUnknownError,
		0: mcperr.CodeUnknownError, -1: mcperr.CodeUnknownError,
	}
	for status, want := range cases {
		assert.Equal(t, want.String(), mcperr.CodeForHTTPStatus(status).String(), "status %d", status)
	}
}

// trackingBody records how much was read and whether it was closed.
type trackingBody struct {
	r      io.Reader
	read   int
	closed bool
}

func (b *trackingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += n
	return n, err
}

func (b *trackingBody) Close() error { b.closed = true; return nil }

func response(status int, body string, header http.Header) (*http.Response, *trackingBody) {
	tb := &trackingBody{r: strings.NewReader(body)}
	if header == nil {
		header = http.Header{}
	}
	return &http.Response{StatusCode: status, Status: http.StatusText(status), Header: header, Body: tb}, tb
}

func TestFromHTTPResponse429(t *testing.T) {
	resp, body := response(429, `{"message":"slow down"}`, http.Header{"Retry-After": {"30"}})
	e := mcperr.FromHTTPResponse(resp, mcperr.WithService("GitHub"), mcperr.WithData("endpoint", "/search"))
	assert.Equal(t, mcperr.CodeRateLimited, e.Code())
	assert.Equal(t, "GitHub responded 429 Too Many Requests", e.Message())
	assert.Equal(t, map[string]any{
		"status": 429, "service": "GitHub", "retryAfter": "30", "retryAfterSeconds": 30,
		"endpoint": "/search",
	}, e.Data(), "no body by default")
	assert.True(t, e.Retryable())
	assert.True(t, body.closed)
}

// The body is the upstream's words, not ours: by default it never reaches
// the client (no-stringify-upstream-error), though the connection is still
// drained and closed.
func TestFromHTTPResponseSendsNoBodyByDefault(t *testing.T) {
	resp, body := response(401, `{"message":"Bad credentials","token":"ghp_abcdefghijklmnop0123456789"}`, nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithService("GitHub"))
	assert.Equal(t, "GitHub responded 401 Unauthorized", e.Message())
	assert.Equal(t, map[string]any{"status": 401, "service": "GitHub"}, e.Data())
	assert.NotContains(t, e.Error(), "ghp_")
	assert.True(t, body.closed)
	assert.Greater(t, body.read, 0, "the body is drained so the connection can be reused")
}

func TestFromHTTPResponseBodyIsRedacted(t *testing.T) {
	secrets := []struct{ body, secret string }{
		{`{"error":"bad","token":"s3cr3t-value-1"}`, "s3cr3t-value-1"},
		{`{"access_token": "at-777", "ok": true}`, "at-777"},
		{`{"client_secret":"cs-888"}`, "cs-888"},
		{`{"password":"hunter2"}`, "hunter2"},
		{`{"apiKey":"k-999"}`, "k-999"},
		{"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", "eyJhbGciOiJIUzI1NiJ9"},
		{"authorization=Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"},
		{"X-Api-Key: abc123def456", "abc123def456"},
		{"denied for https://api.example.com/x?api_key=qq11&x=1", "qq11"},
		{"token ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 is revoked", "ghp_ABCDEFGHIJKLMNOPQRST"},
		{"bad key github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "github_pat_11ABCDEFG"},
		{"slack xoxb-1234-5678-abcdefgh rejected", "xoxb-1234"},
		{"key AKIAIOSFODNN7EXAMPLE invalid", "AKIAIOSFODNN7EXAMPLE"},
		{"invalid key sk-proj-abcdefghijklmnopqrstuv", "sk-proj-abcdefghij"},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl expired", "eyJzdWIiOiIxIn0"},
		{"dsn postgres://admin:hunter3@db:5432/app unreachable", "hunter3"},
	}
	for _, tc := range secrets {
		resp, _ := response(400, tc.body, nil)
		e := mcperr.FromHTTPResponse(resp, mcperr.WithBodyLimit(512))
		got, _ := e.Data()["body"].(string)
		assert.NotContains(t, got, tc.secret, "body %q", tc.body)
		assert.Contains(t, got, "[REDACTED]", "body %q", tc.body)
	}
	// Ordinary text survives.
	resp, _ := response(422, `{"message":"Validation Failed","errors":[{"field":"title","code":"missing"}]}`, nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithBody())
	assert.Equal(t, `{"message":"Validation Failed","errors":[{"field":"title","code":"missing"}]}`, e.Data()["body"])
}

// A secret straddling the limit is redacted before the cut, so no prefix of
// it leaks.
func TestFromHTTPResponseRedactsBeforeCutting(t *testing.T) {
	body := strings.Repeat("x", 20) + ` "token":"abcdefghijklmnopqrstuvwxyz"`
	resp, _ := response(400, body, nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithBodyLimit(36))
	got := e.Data()["body"].(string)
	assert.NotContains(t, got, "abcdef")
	assert.LessOrEqual(t, len(got), 36)
}

func TestFromHTTPResponseBodyLimitOptIn(t *testing.T) {
	long := strings.Repeat("a", 5000)
	resp, body := response(500, long, nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithBody())
	assert.Equal(t, mcperr.CodeInternalError, e.Code())
	assert.Equal(t, "upstream service responded 500 Internal Server Error", e.Message())
	assert.Len(t, e.Data()["body"], mcperr.DefaultBodyLimit)
	assert.Equal(t, true, e.Data()["bodyTruncated"])
	assert.True(t, body.closed)
	assert.Equal(t, 5000, body.read, "the rest is drained (bounded) so the connection can be reused")

	resp, _ = response(400, "short", nil)
	e = mcperr.FromHTTPResponse(resp, mcperr.WithBodyLimit(3))
	assert.Equal(t, "sho", e.Data()["body"])
}

func TestFromHTTPResponseBodyOff(t *testing.T) {
	resp, body := response(401, `{"token":"secret-value"}`, nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithBodyLimit(0))
	assert.Equal(t, mcperr.CodeUnauthorized, e.Code())
	_, has := e.Data()["body"]
	assert.False(t, has)
	assert.NotContains(t, e.Error(), "secret-value")
	assert.True(t, body.closed)
}

func TestFromHTTPResponseDrainIsBounded(t *testing.T) {
	tb := &trackingBody{r: io.LimitReader(zeros{}, 10<<20)}
	resp := &http.Response{StatusCode: 503, Header: http.Header{}, Body: tb}
	e := mcperr.FromHTTPResponse(resp)
	assert.Equal(t, mcperr.CodeServiceUnavailable, e.Code())
	assert.Less(t, tb.read, 1<<20, "an endless body is not read to the end")
	assert.True(t, tb.closed)
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}

func TestFromHTTPResponseUTF8Boundary(t *testing.T) {
	resp, _ := response(404, "ééé", nil) // 6 bytes
	e := mcperr.FromHTTPResponse(resp, mcperr.WithBodyLimit(3))
	assert.Equal(t, "é", e.Data()["body"], "a rune is not split")
	resp, _ = response(404, "ok\xffbad", nil)
	e = mcperr.FromHTTPResponse(resp, mcperr.WithBody())
	assert.Equal(t, "ok\uFFFDbad", e.Data()["body"])
}

func TestFromHTTPResponseRetryAfterDate(t *testing.T) {
	future := time.Now().Add(2 * time.Minute).UTC().Format(http.TimeFormat)
	resp, _ := response(503, "", http.Header{"Retry-After": {future}})
	e := mcperr.FromHTTPResponse(resp)
	assert.Equal(t, future, e.Data()["retryAfter"])
	secs, ok := e.Data()["retryAfterSeconds"].(int)
	require.True(t, ok)
	assert.InDelta(t, 120, secs, 5)

	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC).Format(http.TimeFormat)
	resp, _ = response(503, "", http.Header{"Retry-After": {past}})
	assert.Equal(t, 0, mcperr.FromHTTPResponse(resp).Data()["retryAfterSeconds"])

	// Further away than a time.Duration reaches (about 292 years): the longest delay, not a
	// negative one. Found by FuzzFromHTTPResponse.
	farAway := time.Date(7000, 10, 1, 0, 0, 0, 0, time.UTC).Format(http.TimeFormat)
	resp, _ = response(503, "", http.Header{"Retry-After": {farAway}})
	assert.Equal(t, 1<<31-1, mcperr.FromHTTPResponse(resp).Data()["retryAfterSeconds"])

	resp, _ = response(503, "", http.Header{"Retry-After": {"soon"}})
	e = mcperr.FromHTTPResponse(resp)
	assert.Equal(t, "soon", e.Data()["retryAfter"])
	_, has := e.Data()["retryAfterSeconds"]
	assert.False(t, has)
}

func TestFromHTTPResponseNilAndNoBody(t *testing.T) {
	e := mcperr.FromHTTPResponse(nil)
	assert.Equal(t, mcperr.CodeInternalError, e.Code())
	e = mcperr.FromHTTPResponse(&http.Response{StatusCode: 404, Header: http.Header{}})
	assert.Equal(t, mcperr.CodeNotFound, e.Code())
	assert.Equal(t, map[string]any{"status": 404}, e.Data())
}

func TestFromHTTPResponseOptionsOverride(t *testing.T) {
	resp, _ := response(503, "", nil)
	e := mcperr.FromHTTPResponse(resp, mcperr.WithRetryable(false), mcperr.WithReason("upstream_down"))
	assert.False(t, e.Retryable())
	assert.Equal(t, "upstream_down", e.Reason())
}
