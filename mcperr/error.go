// Package mcperr gives Go MCP servers typed errors: a JSON-RPC code, a message
// meant for the client, structured data, and a cause kept for the server's
// own logs. Factories build them, Classify derives one from any error, and
// FromHTTPResponse from an upstream HTTP failure.
//
// The wire layer (package mcptool) sends Code, Message and Data to the
// client; the cause never leaves the process.
package mcperr

import (
	"errors"
	"maps"
)

// Keys in Data that the options below own. They are written by WithReason,
// WithRecovery and WithRetryable, and read back by the accessors.
const (
	DataKeyReason    = "reason"    // string: the contract reason
	DataKeyRecovery  = "recovery"  // object {"hint": string}: the agent's next move
	DataKeyRetryable = "retryable" // bool: whether an unchanged retry may succeed
)

// Error is an MCP error: a code, a client-facing message, optional structured
// data that is sent to the client, and an optional cause that is not.
//
// An Error is immutable once built; share it freely between goroutines.
type Error struct {
	code    Code
	message string
	data    map[string]any
	cause   error
}

// Option configures an Error built by New, a factory, or FromHTTPResponse.
type Option func(*config)

type config struct {
	err *Error
	// Only FromHTTPResponse reads these.
	service   string
	bodyLimit int
	bodySet   bool
}

// New builds an Error with the given code and message. An empty message is
// replaced by the code's name so the client never sees a blank error.
func New(code Code, msg string, opts ...Option) *Error {
	c := config{err: &Error{code: code, message: msg}}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.err.message == "" {
		c.err.message = code.String()
	}
	return c.err
}

// WithCause records the error that caused this one. It is reachable with
// errors.Is/As and shown by Error(), but it is never sent to the client.
func WithCause(err error) Option {
	return func(c *config) { c.err.cause = err }
}

// WithData adds one key to the structured data sent to the client. Values
// must marshal to JSON; the wire layer drops (and logs) a key that does not.
func WithData(key string, value any) Option {
	return func(c *config) { c.err.setData(key, value) }
}

// WithReason sets data.reason: a stable snake_case identifier the client can
// switch on without parsing the message.
func WithReason(reason string) Option {
	return func(c *config) { c.err.setData(DataKeyReason, reason) }
}

// WithRecovery sets data.recovery.hint: what the agent should do next. The
// wire layer also prints it as a "Recovery:" line in the text content.
func WithRecovery(hint string) Option {
	return func(c *config) { c.err.setData(DataKeyRecovery, map[string]any{"hint": hint}) }
}

// WithRetryable sets data.retryable, overriding the default that the code
// implies (see Code.Retryable).
func WithRetryable(retryable bool) Option {
	return func(c *config) { c.err.setData(DataKeyRetryable, retryable) }
}

func (e *Error) setData(key string, value any) {
	if e.data == nil {
		e.data = make(map[string]any)
	}
	e.data[key] = value
}

// Error returns the message, followed by the cause's text when there is one
// that the message does not already end with. The client sees only Message.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	if e.cause == nil {
		return e.message
	}
	ct := safeText(e.cause)
	if ct == "" || ct == e.message {
		return e.message
	}
	return e.message + ": " + ct
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.cause
}

// Is matches by code: errors.Is(err, mcperr.CodeNotFound) and
// errors.Is(err, mcperr.NotFound("")) both report whether err carries
// CodeNotFound.
func (e *Error) Is(target error) bool {
	if e == nil {
		return false
	}
	switch t := target.(type) {
	case Code:
		return e.code == t
	case *Error:
		return t != nil && e.code == t.code
	}
	return false
}

// Code returns the JSON-RPC code.
func (e *Error) Code() Code {
	if e == nil {
		return 0
	}
	return e.code
}

// Message returns the client-facing message.
func (e *Error) Message() string {
	if e == nil {
		return ""
	}
	return e.message
}

// Cause returns the cause, which is never sent to the client.
func (e *Error) Cause() error {
	if e == nil {
		return nil
	}
	return e.cause
}

// Data returns a copy of the structured data (nil when there is none).
func (e *Error) Data() map[string]any {
	if e == nil || len(e.data) == 0 {
		return nil
	}
	return maps.Clone(e.data)
}

// Reason returns data.reason, or "" when unset.
func (e *Error) Reason() string {
	if e == nil {
		return ""
	}
	s, _ := e.data[DataKeyReason].(string)
	return s
}

// Recovery returns data.recovery.hint, or "" when unset.
func (e *Error) Recovery() string {
	if e == nil {
		return ""
	}
	switch r := e.data[DataKeyRecovery].(type) {
	case map[string]any:
		s, _ := r["hint"].(string)
		return s
	case map[string]string:
		return r["hint"]
	case string:
		return r
	}
	return ""
}

// Retryable reports whether an unchanged retry may succeed: data.retryable
// when set, otherwise what the code implies.
func (e *Error) Retryable() bool {
	if r, ok := e.RetryableSet(); ok {
		return r
	}
	return e.Code().Retryable()
}

// RetryableSet returns data.retryable and whether it was set explicitly.
func (e *Error) RetryableSet() (retryable, ok bool) {
	if e == nil {
		return false, false
	}
	r, ok := e.data[DataKeyRetryable].(bool)
	return r, ok
}

// Decision is what an agent should do next: retry when the error is
// retryable, otherwise what the code implies.
func (e *Error) Decision() Decision {
	if r, ok := e.RetryableSet(); ok {
		if r {
			return DecisionRetry
		}
		if d := e.Code().Decision(); d != DecisionRetry {
			return d
		}
		return DecisionGiveUp
	}
	return e.Code().Decision()
}

// With returns a copy of e with more options applied; e is unchanged.
func (e *Error) With(opts ...Option) *Error {
	if e == nil {
		return nil
	}
	cp := &Error{code: e.code, message: e.message, data: maps.Clone(e.data), cause: e.cause}
	c := config{err: cp}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return cp
}

// As returns the first *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e, true
	}
	return nil, false
}

// safeText returns err.Error(), or "" if that panics (a typed nil with a
// value receiver, for instance): error text is only ever decoration here.
func safeText(err error) (s string) {
	defer func() {
		if recover() != nil {
			s = ""
		}
	}()
	return err.Error()
}

// InvalidParams builds a CodeInvalidParams error: the arguments are malformed
// or miss required fields.
func InvalidParams(msg string, opts ...Option) *Error { return New(CodeInvalidParams, msg, opts...) }

// InvalidRequest builds a CodeInvalidRequest error: the operation is not
// supported in this form.
func InvalidRequest(msg string, opts ...Option) *Error {
	return New(CodeInvalidRequest, msg, opts...)
}

// NotFound builds a CodeNotFound error: the entity does not exist.
func NotFound(msg string, opts ...Option) *Error { return New(CodeNotFound, msg, opts...) }

// Forbidden builds a CodeForbidden error: the caller is known but lacks
// permission.
func Forbidden(msg string, opts ...Option) *Error { return New(CodeForbidden, msg, opts...) }

// Unauthorized builds a CodeUnauthorized error: credentials are missing,
// invalid or expired.
func Unauthorized(msg string, opts ...Option) *Error { return New(CodeUnauthorized, msg, opts...) }

// ValidationError builds a CodeValidationError error: a business rule
// rejected well-formed input.
func ValidationError(msg string, opts ...Option) *Error {
	return New(CodeValidationError, msg, opts...)
}

// Conflict builds a CodeConflict error: a duplicate, a version mismatch or a
// concurrent change.
func Conflict(msg string, opts ...Option) *Error { return New(CodeConflict, msg, opts...) }

// RateLimited builds a CodeRateLimited error: too many requests; retry later.
func RateLimited(msg string, opts ...Option) *Error { return New(CodeRateLimited, msg, opts...) }

// Timeout builds a CodeTimeout error: the operation ran out of time.
func Timeout(msg string, opts ...Option) *Error { return New(CodeTimeout, msg, opts...) }

// ServiceUnavailable builds a CodeServiceUnavailable error: an upstream
// dependency failed or is unreachable.
func ServiceUnavailable(msg string, opts ...Option) *Error {
	return New(CodeServiceUnavailable, msg, opts...)
}

// ConfigurationError builds a CodeConfigurationError error: the server is
// misconfigured (a missing environment variable, a bad setting).
func ConfigurationError(msg string, opts ...Option) *Error {
	return New(CodeConfigurationError, msg, opts...)
}

// InternalError builds a CodeInternalError error: a bug or an unexpected state.
func InternalError(msg string, opts ...Option) *Error { return New(CodeInternalError, msg, opts...) }

// SerializationError builds a CodeSerializationError error: data could not be
// encoded or decoded (JSON, XML, a parser).
func SerializationError(msg string, opts ...Option) *Error {
	return New(CodeSerializationError, msg, opts...)
}

// DatabaseError builds a CodeDatabaseError error: the storage layer failed.
func DatabaseError(msg string, opts ...Option) *Error { return New(CodeDatabaseError, msg, opts...) }
