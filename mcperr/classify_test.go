package mcperr_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"reflect"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
)

func TestClassifyKeepsMcpErrors(t *testing.T) {
	e := mcperr.NotFound("no such order", mcperr.WithData("id", "o-1"))
	assert.Same(t, e, mcperr.Classify(e))
	assert.Same(t, e, mcperr.Classify(fmt.Errorf("loading: %w", e)))
	assert.Same(t, e, mcperr.Classify(errors.Join(errors.New("x"), e)))
	assert.Nil(t, mcperr.Classify(nil))
	assert.Equal(t, mcperr.Code(0), mcperr.ClassifyCode(nil))
}

func TestClassifyPlainErrorHasNoData(t *testing.T) {
	err := errors.New("user 42 not found")
	c := mcperr.Classify(err)
	assert.Equal(t, mcperr.CodeNotFound, c.Code())
	assert.Equal(t, "user 42 not found", c.Message())
	assert.Nil(t, c.Data())
	assert.Same(t, err, c.Cause())
}

type statusErr struct{ code int }

func (e statusErr) Error() string       { return "api error" }
func (e statusErr) HTTPStatusCode() int { return e.code }

type plainStatus struct{ code int }

func (e *plainStatus) Error() string   { return "request failed" }
func (e *plainStatus) StatusCode() int { return e.code }

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "something slow" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

type ThrottlingException struct{}

func (*ThrottlingException) Error() string { return "api error: please back off" }

func TestClassifyByType(t *testing.T) {
	_, numErr := strconv.Atoi("x")
	var syn *json.SyntaxError
	jsonErr := json.Unmarshal([]byte("{"), &struct{}{})
	require.ErrorAs(t, jsonErr, &syn)
	var typed *json.UnmarshalTypeError
	typeErr := json.Unmarshal([]byte(`{"a":"x"}`), &struct{ A int }{})
	require.ErrorAs(t, typeErr, &typed)
	cases := []struct {
		name string
		err  error
		want mcperr.Code
	}{
		{"deadline", context.DeadlineExceeded, mcperr.CodeTimeout},
		{"wrapped deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), mcperr.CodeTimeout},
		{"os deadline", os.ErrDeadlineExceeded, mcperr.CodeTimeout},
		{"canceled", context.Canceled, mcperr.CodeRequestCancelled},
		{"no rows", fmt.Errorf("get user: %w", sql.ErrNoRows), mcperr.CodeNotFound},
		{"conn done", sql.ErrConnDone, mcperr.CodeDatabaseError},
		{"fs not exist", &fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist}, mcperr.CodeNotFound},
		{"fs permission", &fs.PathError{Op: "open", Path: "/x", Err: fs.ErrPermission}, mcperr.CodeForbidden},
		{"fs exist", &fs.PathError{Op: "mkdir", Path: "/x", Err: fs.ErrExist}, mcperr.CodeConflict},
		{"json syntax", jsonErr, mcperr.CodeSerializationError},
		{"json type", typeErr, mcperr.CodeSerializationError},
		{"json invalid unmarshal is a bug", &json.InvalidUnmarshalError{Type: reflect.TypeFor[int]()}, mcperr.CodeInternalError},
		{"strconv", numErr, mcperr.CodeValidationError},
		{"unsupported", fmt.Errorf("export: %w", errors.ErrUnsupported), mcperr.CodeInvalidRequest},
		{"http status method", statusErr{429}, mcperr.CodeRateLimited},
		{"status code method", &plainStatus{404}, mcperr.CodeNotFound},
		{"net timeout", timeoutErr{}, mcperr.CodeTimeout},
		{"dns is unavailability, not absence", &net.DNSError{Err: "no such host", Name: "api.example.com", IsNotFound: true}, mcperr.CodeServiceUnavailable},
		{"conn refused", &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}, mcperr.CodeServiceUnavailable},
		{"errno reset", fmt.Errorf("read: %w", syscall.ECONNRESET), mcperr.CodeServiceUnavailable},
		{"code as error", fmt.Errorf("lookup: %w", mcperr.CodeConflict), mcperr.CodeConflict},
		{"aws type name", &ThrottlingException{}, mcperr.CodeRateLimited},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want.String(), mcperr.Classify(tc.err).Code().String())
		})
	}
}

func TestClassifyRuntimeErrorIsInternal(t *testing.T) {
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = r.(error)
			}
		}()
		xs := []int{1}
		_ = xs[len(xs)+2] // index out of range
	}()
	require.Error(t, err)
	assert.Equal(t, mcperr.CodeInternalError, mcperr.Classify(err).Code())
	// The message alone ("index out of range") would say ValidationError.
	assert.Equal(t, mcperr.CodeInternalError, mcperr.ClassifyCode(fmt.Errorf("wrap: %w", err)))
}

// TestClassifyMessages covers the provider and common patterns. Cases marked
// "mcp-ts-core:" are messages mcp-ts-core's classifier gets wrong, with what it
// returns.
func TestClassifyMessages(t *testing.T) {
	cases := []struct {
		msg  string
		want mcperr.Code
	}{
		// Fixed misclassifications.
		{"Invalid API key provided", mcperr.CodeUnauthorized},                                                                 // mcp-ts-core: ValidationError
		{"invalid credentials", mcperr.CodeUnauthorized},                                                                      // mcp-ts-core: ValidationError
		{"incorrect password for user bob", mcperr.CodeUnauthorized},                                                          // mcp-ts-core: InternalError
		{"token has expired", mcperr.CodeUnauthorized},                                                                        // mcp-ts-core: InternalError
		{"API key is required", mcperr.CodeUnauthorized},                                                                      // mcp-ts-core: InternalError
		{"Get \"https://api.example.com/v1\": dial tcp: lookup api.example.com: no such host", mcperr.CodeServiceUnavailable}, // mcp-ts-core: NotFound
		{"User: arn:aws:iam::1:user/x is not authorized to perform: s3:GetObject", mcperr.CodeForbidden},                      // mcp-ts-core: Unauthorized
		{"null values not allowed in column name", mcperr.CodeValidationError},                                                // mcp-ts-core: Forbidden
		{"invalid timeout value -5", mcperr.CodeValidationError},                                                              // mcp-ts-core: ValidationError, kept
		{"Invalid request: rate limit exceeded", mcperr.CodeRateLimited},                                                      // mcp-ts-core: ValidationError
		{"invalid request: too many requests", mcperr.CodeRateLimited},                                                        // mcp-ts-core: ValidationError
		{"unexpected response: 503 Service Unavailable", mcperr.CodeServiceUnavailable},
		{"github: GET /repos/x/y: 404 Not Found []", mcperr.CodeNotFound},
		{"request failed with HTTP 401", mcperr.CodeUnauthorized}, // mcp-ts-core: InternalError
		{"upstream returned status 429", mcperr.CodeRateLimited},  // mcp-ts-core: InternalError
		{"status code 502 from backend", mcperr.CodeServiceUnavailable},
		{"status code: 409", mcperr.CodeConflict},
		{"invalid character 'x' looking for beginning of value", mcperr.CodeSerializationError}, // mcp-ts-core: ValidationError
		{"unexpected end of JSON input", mcperr.CodeSerializationError},
		{"context deadline exceeded", mcperr.CodeTimeout},
		{"context canceled", mcperr.CodeRequestCancelled},
		{"the operation was aborted", mcperr.CodeRequestCancelled},
		{"OPENAI_API_KEY environment variable not set", mcperr.CodeConfigurationError},

		// Provider patterns.
		{"ThrottlingException: Rate exceeded", mcperr.CodeRateLimited},
		{"AccessDeniedException: not allowed", mcperr.CodeForbidden},
		{"ResourceNotFoundException: table x", mcperr.CodeNotFound},
		{"ConditionalCheckFailedException: The conditional request failed", mcperr.CodeConflict},
		{"ExpiredTokenException: the security token included in the request is expired", mcperr.CodeUnauthorized},
		{"dial tcp 127.0.0.1:5432: connect: connection refused", mcperr.CodeServiceUnavailable},
		{"read tcp: connection reset by peer", mcperr.CodeServiceUnavailable},
		{"write: broken pipe", mcperr.CodeServiceUnavailable},
		{"net/http: request canceled (Client.Timeout exceeded while awaiting headers)", mcperr.CodeTimeout},
		{"read tcp 1.2.3.4:443: i/o timeout", mcperr.CodeTimeout},
		{"pq: duplicate key value violates unique constraint \"users_email_key\"", mcperr.CodeConflict},
		{"ERROR: insert or update on table \"orders\" violates foreign key constraint", mcperr.CodeValidationError},
		{"UNIQUE constraint failed: users.email", mcperr.CodeConflict},
		{"database is locked", mcperr.CodeDatabaseError},
		{"JWT expired", mcperr.CodeUnauthorized},
		{"new row violates row-level security policy for table \"docs\"", mcperr.CodeForbidden},
		{"oauth2: \"invalid_grant\" \"Bad Request\"", mcperr.CodeUnauthorized},
		{"insufficient_scope: repo:write", mcperr.CodeForbidden},
		{"You exceeded your current quota, please check your plan", mcperr.CodeRateLimited},
		{"model_not_found: gpt-9", mcperr.CodeNotFound},
		{"context_length_exceeded: 200000 tokens", mcperr.CodeValidationError},
		{"overloaded_error: Overloaded", mcperr.CodeServiceUnavailable},

		// Common patterns.
		{"unauthorized", mcperr.CodeUnauthorized},
		{"user is not authenticated", mcperr.CodeUnauthorized},
		{"permission denied", mcperr.CodeForbidden},
		{"insufficient permissions to delete the project", mcperr.CodeForbidden},
		{"access denied", mcperr.CodeForbidden},
		{"Forbidden", mcperr.CodeForbidden},
		{"item not found", mcperr.CodeNotFound},
		{"no such file or directory", mcperr.CodeNotFound},
		{"repository doesn't exist", mcperr.CodeNotFound},
		{"could not find the branch", mcperr.CodeNotFound},
		{"email already exists", mcperr.CodeConflict},
		{"version mismatch: expected 3, got 4", mcperr.CodeConflict},
		{"name must be at most 64 characters", mcperr.CodeValidationError},
		{"malformed query", mcperr.CodeValidationError},
		{"missing required field: title", mcperr.CodeValidationError},
		{"request was throttled", mcperr.CodeRateLimited},
		{"operation timed out", mcperr.CodeTimeout},
		{"timeout", mcperr.CodeTimeout},
		{"service unavailable", mcperr.CodeServiceUnavailable},
		{"bad gateway", mcperr.CodeServiceUnavailable},
		{"the database rejected the write", mcperr.CodeDatabaseError},

		// Near misses that must not match a specific class.
		{"tokenizer failed on input", mcperr.CodeInternalError},
		{"something went wrong", mcperr.CodeInternalError},
		{"HTTP 200 OK but empty body", mcperr.CodeInternalError},
		{"status 302 redirect loop", mcperr.CodeInternalError},
		{"", mcperr.CodeInternalError},
	}
	for _, tc := range cases {
		t.Run(tc.msg, func(t *testing.T) {
			got := mcperr.Classify(errors.New(tc.msg))
			assert.Equal(t, tc.want.String(), got.Code().String(), "message %q", tc.msg)
		})
	}
}

func TestClassifyEmptyMessageStillHasText(t *testing.T) {
	assert.Equal(t, "InternalError", mcperr.Classify(errors.New("")).Message())
}

func TestClassifyPanickingError(t *testing.T) {
	var p *panicky
	assert.Equal(t, mcperr.CodeInternalError, mcperr.ClassifyCode(p))
	assert.Equal(t, "InternalError", mcperr.Classify(p).Message())
}
