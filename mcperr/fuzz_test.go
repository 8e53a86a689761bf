package mcperr_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcplint-go/mcplint/mcperr"
)

// FuzzClassify: any error text, wrapped any way, classifies to a known code
// with a non-empty message and no data, and classification is stable.
func FuzzClassify(f *testing.F) {
	f.Add("Invalid API key provided", uint8(0))
	f.Add("dial tcp: lookup x: no such host", uint8(1))
	f.Add("status code 429", uint8(2))
	f.Add("", uint8(3))
	f.Fuzz(func(t *testing.T, msg string, wrap uint8) {
		var err error = errors.New(msg)
		switch wrap % 4 {
		case 1:
			err = fmt.Errorf("context: %w", err)
		case 2:
			err = errors.Join(err, errors.New(msg))
		case 3:
			err = fmt.Errorf("outer %s: %w", msg, fmt.Errorf("inner: %w", err))
		}
		e := mcperr.Classify(err)
		if e == nil {
			t.Fatal("Classify returned nil for a non-nil error")
		}
		if !e.Code().Known() {
			t.Fatalf("unknown code %d for %q", e.Code(), msg)
		}
		if e.Message() == "" {
			t.Fatal("empty message")
		}
		if e.Data() != nil {
			t.Fatalf("a classified plain error carries data: %v", e.Data())
		}
		if got := mcperr.ClassifyCode(err); got != e.Code() {
			t.Fatalf("ClassifyCode %v != Classify %v", got, e.Code())
		}
		if again := mcperr.Classify(e); again != e {
			t.Fatal("classifying an *Error must return it unchanged")
		}
	})
}

type closeBody struct {
	*bytes.Reader
	closed bool
}

func (b *closeBody) Close() error { b.closed = true; return nil }

// FuzzFromHTTPResponse: any status, Retry-After, body and limit give the
// status's code, a body within the limit that is valid UTF-8, data that
// marshals to JSON, and a closed body.
func FuzzFromHTTPResponse(f *testing.F) {
	f.Add(429, "30", []byte(`{"error":"slow down"}`), 1024)
	f.Add(503, "Wed, 21 Oct 2015 07:28:00 GMT", []byte("upstream down"), 8)
	f.Add(404, "", []byte("\xff\xfe\xfd"), 2)
	f.Add(200, "-1", []byte{}, 0)
	f.Fuzz(func(t *testing.T, status int, retryAfter string, body []byte, limit int) {
		limit %= 4096
		b := &closeBody{Reader: bytes.NewReader(body)}
		h := http.Header{}
		if retryAfter != "" {
			h.Set("Retry-After", retryAfter)
		}
		e := mcperr.FromHTTPResponse(&http.Response{StatusCode: status, Header: h, Body: b}, mcperr.WithBodyLimit(limit))
		if !b.closed {
			t.Fatal("body not closed")
		}
		if e.Code() != mcperr.CodeForHTTPStatus(status) {
			t.Fatalf("code %v, want %v", e.Code(), mcperr.CodeForHTTPStatus(status))
		}
		if !utf8.ValidString(e.Message()) {
			t.Fatalf("message is not UTF-8: %q", e.Message())
		}
		d := e.Data()
		if s, ok := d["body"].(string); ok {
			if limit <= 0 {
				t.Fatal("body captured with capture off")
			}
			if len(s) > limit || !utf8.ValidString(s) {
				t.Fatalf("body %q breaks limit %d or UTF-8", s, limit)
			}
		}
		if ra, ok := d["retryAfter"].(string); ok {
			if len(ra) > 64 || !utf8.ValidString(ra) || ra != strings.TrimSpace(ra) {
				t.Fatalf("bad retryAfter %q", ra)
			}
		}
		if secs, ok := d["retryAfterSeconds"].(int); ok && secs < 0 {
			t.Fatalf("negative retryAfterSeconds %d", secs)
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatalf("data does not marshal: %v", err)
		}
	})
}

// FuzzRedact: redaction never panics, keeps valid UTF-8 valid, and is
// idempotent (a redacted body is not redacted again into something else).
func FuzzRedact(f *testing.F) {
	f.Add(`{"token":"abc","password":"p"}`)
	f.Add("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig")
	f.Add("https://user:pw@host/x?api_key=1&x=2 ghp_ABCDEFGH sk-12345678")
	f.Fuzz(func(t *testing.T, s string) {
		once := mcperr.Redact(s)
		if utf8.ValidString(s) && !utf8.ValidString(once) {
			t.Fatalf("Redact(%q) = %q is not UTF-8", s, once)
		}
		if twice := mcperr.Redact(once); twice != once {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, once, twice)
		}
	})
}
