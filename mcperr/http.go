package mcperr

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// DefaultBodyLimit is how many bytes of an upstream error body WithBody
// keeps in data.body. Without WithBody or WithBodyLimit no body is kept.
const DefaultBodyLimit = 1024

// redactMargin is how far past the limit the body is read before redaction,
// so a credential straddling the cut is recognised whole and no prefix of it
// survives.
const redactMargin = 256

// drainLimit bounds how much of the rest of a body is read (and discarded)
// before closing it, so the connection can be reused without reading an
// unbounded stream.
const drainLimit = 64 << 10

// Data keys FromHTTPResponse writes.
const (
	DataKeyStatus            = "status"            // int: the HTTP status code
	DataKeyService           = "service"           // string: from WithService
	DataKeyRetryAfter        = "retryAfter"        // string: the Retry-After header as sent
	DataKeyRetryAfterSeconds = "retryAfterSeconds" // int: Retry-After as a delay in seconds, when it parses
	DataKeyBody              = "body"              // string: the start of the response body
	DataKeyBodyTruncated     = "bodyTruncated"     // bool: true when body was cut at the limit
)

// WithService names the upstream service in the message and in data.service
// ("GitHub responded 404 Not Found"). Only FromHTTPResponse reads it.
func WithService(name string) Option {
	return func(c *config) { c.service = name }
}

// WithBodyLimit makes FromHTTPResponse copy at most n bytes of the response
// body into data.body, with credentials redacted (see Redact); 0 (or less)
// keeps no body, the default. data.body reaches the client and the model:
// the upstream's words become part of the prompt, so opt in only for
// endpoints whose error bodies help the agent (validation details, say).
func WithBodyLimit(n int) Option {
	return func(c *config) { c.bodyLimit = n; c.bodySet = true }
}

// WithBody is WithBodyLimit(DefaultBodyLimit).
func WithBody() Option { return WithBodyLimit(DefaultBodyLimit) }

// CodeForHTTPStatus maps an upstream HTTP status to a code:
//
//	400                                 InvalidParams
//	401                                 Unauthorized
//	402, 403                            Forbidden
//	404                                 NotFound
//	408, 425, 504                       Timeout
//	409, 412, 423, 424                  Conflict
//	422                                 ValidationError
//	429                                 RateLimited
//	other 4xx                           InvalidRequest
//	500, 501                            InternalError
//	502, 503, other 5xx                 ServiceUnavailable
//	anything else (not an error status) UnknownError
//
// 412 Precondition Failed is a Conflict (an If-Match/ETag check lost a race),
// not an InvalidRequest as in mcp-ts-core.
func CodeForHTTPStatus(status int) Code {
	switch status {
	case http.StatusBadRequest:
		return CodeInvalidParams
	case http.StatusUnauthorized:
		return CodeUnauthorized
	case http.StatusPaymentRequired, http.StatusForbidden:
		return CodeForbidden
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusRequestTimeout, http.StatusTooEarly, http.StatusGatewayTimeout:
		return CodeTimeout
	case http.StatusConflict, http.StatusPreconditionFailed, http.StatusLocked, http.StatusFailedDependency:
		return CodeConflict
	case http.StatusUnprocessableEntity:
		return CodeValidationError
	case http.StatusTooManyRequests:
		return CodeRateLimited
	case http.StatusInternalServerError, http.StatusNotImplemented:
		return CodeInternalError
	}
	switch {
	case status >= 400 && status < 500:
		return CodeInvalidRequest
	case status >= 500 && status < 600:
		return CodeServiceUnavailable
	}
	return CodeUnknownError
}

// FromHTTPResponse builds the Error for a failed upstream HTTP response. The
// code comes from CodeForHTTPStatus; the message is a safe summary
// ("GitHub responded 503 Service Unavailable"); data carries the status, the
// service name (WithService) and Retry-After (as sent, and in seconds when
// it parses). The body is sent only with WithBody or WithBodyLimit, and then
// bounded and redacted of credentials. It reads at most a bounded amount of
// the body and always closes it. The request URL is never included: query
// strings carry credentials too often.
//
// Options are applied after the HTTP data, so WithData can override a key;
// WithRetryable overrides the code's default.
func FromHTTPResponse(resp *http.Response, opts ...Option) *Error {
	if resp == nil {
		return InternalError("upstream call returned no HTTP response", opts...)
	}
	settings := config{err: &Error{}}
	for _, o := range opts {
		if o != nil {
			o(&settings)
		}
	}

	body, truncated := captureBody(resp.Body, settings.bodyLimit)

	status := resp.StatusCode
	line := strconv.Itoa(status)
	if text := httpStatusText(status); text != "" {
		line += " " + text
	}
	who := settings.service
	if who == "" {
		who = "upstream service"
	}
	e := &Error{code: CodeForHTTPStatus(status), message: who + " responded " + line}
	e.setData(DataKeyStatus, status)
	if settings.service != "" {
		e.setData(DataKeyService, settings.service)
	}
	if ra := headerValue(resp.Header.Get("Retry-After"), 64); ra != "" {
		e.setData(DataKeyRetryAfter, ra)
		if secs, ok := retryAfterSeconds(ra, time.Now()); ok {
			e.setData(DataKeyRetryAfterSeconds, secs)
		}
	}
	if body != "" {
		e.setData(DataKeyBody, body)
		if truncated {
			e.setData(DataKeyBodyTruncated, true)
		}
	}
	c := config{err: e}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return e
}

// captureBody reads at most limit bytes plus a margin (to detect
// truncation and to see a credential straddling the cut whole), drains a
// bounded remainder, and closes body. The text is made valid UTF-8,
// redacted, then cut to the limit on a rune boundary.
func captureBody(body io.ReadCloser, limit int) (text string, truncated bool) {
	if body == nil {
		return "", false
	}
	defer body.Close()
	if limit <= 0 {
		_, _ = io.CopyN(io.Discard, body, drainLimit)
		return "", false
	}
	buf, _ := io.ReadAll(io.LimitReader(body, int64(limit)+redactMargin))
	_, _ = io.CopyN(io.Discard, body, drainLimit)
	// Invalid bytes become U+FFFD; redaction changes lengths too, so the
	// limit is applied to the final text.
	s := Redact(strings.ToValidUTF8(string(buf), "\uFFFD"))
	if len(s) > limit {
		truncated = true
		s = s[:limit]
	}
	for len(s) > 0 && !utf8.ValidString(s) {
		// Do not split a multi-byte rune.
		s = s[:len(s)-1]
	}
	return strings.TrimSpace(s), truncated
}

// headerValue makes an upstream header value safe to send on: valid UTF-8,
// trimmed, and at most max bytes without splitting a rune.
func headerValue(v string, max int) string {
	v = strings.TrimSpace(strings.ToValidUTF8(v, ""))
	if len(v) > max {
		v = v[:max]
		for len(v) > 0 && !utf8.ValidString(v) {
			v = v[:len(v)-1]
		}
		v = strings.TrimSpace(v)
	}
	return v
}

// retryAfterSeconds parses Retry-After: delay-seconds or an HTTP-date
// (RFC 9110 §10.2.3). A date in the past gives 0.
func retryAfterSeconds(v string, now time.Time) (int, bool) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > 1<<31-1 {
			n = 1<<31 - 1
		}
		return int(n), true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d <= 0 {
		return 0, true
	}
	// Round up without adding to d: Sub saturates at about 292 years, and a date past that
	// (the year 7000) would overflow into a negative delay.
	secs := int64(d / time.Second)
	if d%time.Second != 0 {
		secs++
	}
	if secs > 1<<31-1 {
		secs = 1<<31 - 1
	}
	return int(secs), true
}

// httpStatusText is http.StatusText, kept here so the classifier and
// FromHTTPResponse agree on the phrase.
func httpStatusText(status int) string {
	return http.StatusText(status)
}
