package mcperr

import (
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"regexp"
	"regexp/syntax"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Classify returns the *Error that best describes err, for errors that were
// not built with this package (a library's error, errors.New, fmt.Errorf).
//
// Resolution order, first match wins:
//  1. an *Error anywhere in err's chain is returned as is (its code, message
//     and data are what the author chose);
//  2. Go types and sentinels: context deadlines and cancellation, net
//     timeouts and dial failures, fs.ErrNotExist/ErrPermission/ErrExist,
//     sql.ErrNoRows, encoding/json and encoding/xml errors, strconv.NumError,
//     runtime errors (a bug, never "invalid input"), errors.ErrUnsupported,
//     and any error exposing HTTPStatusCode() or StatusCode();
//  3. provider patterns in the message and error type names: HTTP statuses,
//     AWS exception names, network and DNS failures, database constraint
//     and lock errors, Supabase/JWT, OAuth and LLM-provider errors;
//  4. common phrases, specific before broad ("Invalid API key" is
//     Unauthorized, not ValidationError);
//  5. CodeInternalError.
//
// A classified error's message is err.Error() and its cause is err; it has
// no data, so nothing but that message reaches a client. Classify(nil) is nil.
func Classify(err error) *Error {
	if err == nil {
		return nil
	}
	if e, ok := As(err); ok {
		return e
	}
	code := ClassifyCode(err)
	msg := safeText(err)
	if msg == "" {
		msg = code.String()
	}
	return &Error{code: code, message: msg, cause: err}
}

// ClassifyCode returns the code Classify would give err (0 for nil).
func ClassifyCode(err error) Code {
	if err == nil {
		return 0
	}
	if e, ok := As(err); ok {
		return e.code
	}
	if c, ok := classifyByType(err); ok {
		return c
	}
	msg := safeText(err)
	if c, ok := classifyProvider(msg, typeNames(err)); ok {
		return c
	}
	if c, ok := classifyCommon(msg); ok {
		return c
	}
	return CodeInternalError
}

type httpStatusCoder interface{ HTTPStatusCode() int }
type statusCoder interface{ StatusCode() int }
type timeouter interface{ Timeout() bool }

func classifyByType(err error) (Code, bool) {
	var code Code
	if errors.As(err, &code) {
		return code, true
	}
	var rt runtime.Error
	if errors.As(err, &rt) {
		// A nil dereference says "invalid memory address": a bug, not bad input.
		return CodeInternalError, true
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded):
		return CodeTimeout, true
	case errors.Is(err, context.Canceled):
		return CodeRequestCancelled, true
	case errors.Is(err, sql.ErrNoRows):
		return CodeNotFound, true
	case errors.Is(err, sql.ErrConnDone), errors.Is(err, sql.ErrTxDone):
		return CodeDatabaseError, true
	case errors.Is(err, errors.ErrUnsupported):
		return CodeInvalidRequest, true
	}

	var hs httpStatusCoder
	if errors.As(err, &hs) {
		if c := CodeForHTTPStatus(hs.HTTPStatusCode()); c != CodeUnknownError {
			return c, true
		}
	}
	var sc statusCoder
	if errors.As(err, &sc) {
		if c := CodeForHTTPStatus(sc.StatusCode()); c != CodeUnknownError {
			return c, true
		}
	}

	var to timeouter
	if errors.As(err, &to) && to.Timeout() {
		return CodeTimeout, true
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		// The host could not be resolved: the upstream is unreachable. This
		// is not the entity the agent asked for being absent.
		return CodeServiceUnavailable, true
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return CodeServiceUnavailable, true
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return CodeServiceUnavailable, true
	}

	switch {
	case errors.Is(err, fs.ErrNotExist):
		return CodeNotFound, true
	case errors.Is(err, fs.ErrPermission):
		return CodeForbidden, true
	case errors.Is(err, fs.ErrExist):
		return CodeConflict, true
	}

	var (
		jsonSyntax    *json.SyntaxError
		jsonType      *json.UnmarshalTypeError
		jsonUnsupType *json.UnsupportedTypeError
		jsonUnsupVal  *json.UnsupportedValueError
		jsonMarshaler *json.MarshalerError
		xmlSyntax     *xml.SyntaxError
		xmlUnsupType  *xml.UnsupportedTypeError
		numErr        *strconv.NumError
		invalidUnm    *json.InvalidUnmarshalError
	)
	switch {
	case errors.As(err, &invalidUnm):
		return CodeInternalError, true // a programming error: decoding into a non-pointer
	case errors.As(err, &jsonSyntax), errors.As(err, &jsonType), errors.As(err, &jsonUnsupType),
		errors.As(err, &jsonUnsupVal), errors.As(err, &jsonMarshaler),
		errors.As(err, &xmlSyntax), errors.As(err, &xmlUnsupType):
		return CodeSerializationError, true
	case errors.As(err, &numErr):
		return CodeValidationError, true
	}
	return 0, false
}

// typeNames lists the dynamic type names of err's chain ("*types.ThrottlingException"),
// because SDK error types often carry the provider's exception name only in
// the type.
func typeNames(err error) string {
	var b strings.Builder
	walkChain(err, func(e error) {
		b.WriteString(fmt.Sprintf("%T ", e))
	})
	return b.String()
}

// walkChain visits err and everything it wraps (Unwrap() error and
// Unwrap() []error), bounded so a cyclic chain cannot hang the classifier.
func walkChain(err error, visit func(error)) {
	const maxNodes = 64
	stack := []error{err}
	for n := 0; len(stack) > 0 && n < maxNodes; n++ {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e == nil {
			continue
		}
		visit(e)
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			if next := safeUnwrap(u); next != nil {
				stack = append(stack, next)
			}
		case interface{ Unwrap() []error }:
			next := u.Unwrap()
			for i := len(next) - 1; i >= 0; i-- {
				stack = append(stack, next[i])
			}
		}
	}
}

func safeUnwrap(u interface{ Unwrap() error }) (next error) {
	defer func() {
		if recover() != nil {
			next = nil
		}
	}()
	return u.Unwrap()
}

// pattern is a case-insensitive regexp with a literal prefilter: Go's
// regexp engine costs tens of microseconds per alternation-heavy pattern,
// so a pattern runs only when the lowercased text contains, for every group
// of its filter, at least one of the group's literals.
type pattern struct {
	re     *regexp.Regexp
	filter [][]string // lowercase literal groups, all required; nil: always run
	code   Code
}

func pat(expr string, code Code) pattern {
	expr = `(?i)` + expr
	return pattern{re: regexp.MustCompile(expr), filter: requiredLiterals(expr), code: code}
}

// match reports whether the pattern matches text, whose lowercase form is
// lower.
func (p pattern) match(text, lower string) bool {
	for _, group := range p.filter {
		if !slices.ContainsFunc(group, func(k string) bool { return strings.Contains(lower, k) }) {
			return false
		}
	}
	return p.re.MatchString(text)
}

// requiredLiterals returns groups of lowercase literals such that every
// match of expr contains at least one literal of each group.
func requiredLiterals(expr string) [][]string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return required(re.Simplify())
}

// required computes the filter of re (nil when nothing is required).
func required(re *syntax.Regexp) [][]string {
	switch re.Op {
	case syntax.OpLiteral:
		return [][]string{{strings.ToLower(string(re.Rune))}}
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var out [][]string
		for _, s := range re.Sub {
			out = append(out, required(s)...)
		}
		return out
	case syntax.OpAlternate:
		// One group: each branch contributes its most selective group.
		var group []string
		for _, s := range re.Sub {
			best := mostSelective(required(s))
			if best == nil {
				return nil
			}
			group = append(group, best...)
		}
		return [][]string{group}
	}
	return nil
}

// mostSelective picks the group whose shortest literal is longest.
func mostSelective(groups [][]string) []string {
	var best []string
	for _, g := range groups {
		if shortest(g) > shortest(best) {
			best = g
		}
	}
	return best
}

func shortest(set []string) int {
	if len(set) == 0 {
		return 0
	}
	n := len(set[0])
	for _, s := range set[1:] {
		n = min(n, len(s))
	}
	return n
}

// statusWithKeyword finds "status 429", "status code: 503", "HTTP 404",
// "HTTP/1.1 502", "response code 401".
var statusWithKeyword = regexp.MustCompile(`(?i)\b(?:status(?:[\s_-]*code)?|http(?:/\d(?:\.\d)?)?|response[\s_-]*code)\s*[:=#]?\s*([1-5]\d\d)\b`)

// statusWithPhrase finds "404 Not Found", "429 Too Many Requests": the form
// net/http's Response.Status has, which Go errors often embed.
var statusWithPhrase = regexp.MustCompile(`\b([45]\d\d) ([A-Z][A-Za-z-]*(?: [A-Za-z-]+)*)`)

// providerPatterns are specific to a provider or layer and are checked
// before the common phrases, so "status code 429: invalid request" is
// RateLimited and "dial tcp: lookup x: no such host" is ServiceUnavailable.
// Read-only after initialisation.
var providerPatterns = []pattern{
	// AWS exception names (also matched against Go type names).
	pat(`ThrottlingException|TooManyRequestsException|RequestLimitExceeded|ProvisionedThroughputExceeded|\bSlowDown\b`, CodeRateLimited),
	pat(`ExpiredToken|InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException|SignatureDoesNotMatch|MissingAuthenticationToken`, CodeUnauthorized),
	pat(`AccessDenied|UnauthorizedOperation|AuthorizationError`, CodeForbidden),
	pat(`ResourceNotFoundException|NoSuchKey|NoSuchBucket|NoSuchEntity`, CodeNotFound),
	pat(`ConditionalCheckFailedException|ResourceInUseException|ResourceConflictException|TransactionConflict`, CodeConflict),
	// Network and DNS.
	pat(`no such host|ENOTFOUND|server misbehaving|DNS\s+(?:lookup|resolution|error|failure|timeout)`, CodeServiceUnavailable),
	pat(`connection refused|ECONNREFUSED|connection reset|ECONNRESET|broken pipe|EPIPE|network is unreachable|no route to host|EHOSTUNREACH`, CodeServiceUnavailable),
	pat(`ETIMEDOUT|connection timed out|i/o timeout|TLS handshake timeout|Client\.Timeout exceeded|connection timeout`, CodeTimeout),
	// Databases.
	pat(`unique constraint|duplicate key|Duplicate entry|UNIQUE constraint failed`, CodeConflict),
	pat(`foreign key constraint|violates (?:not-null|check) constraint|NOT NULL constraint failed|CHECK constraint failed`, CodeValidationError),
	pat(`deadlock detected|could not serialize access|database is locked|lock wait timeout|too many connections|connection pool exhausted|driver: bad connection|sql: database is closed`, CodeDatabaseError),
	// Supabase / JWT.
	pat(`JWT expired|invalid JWT|JWSError|jwt malformed|token is expired`, CodeUnauthorized),
	pat(`row[\s-]level security`, CodeForbidden),
	// OAuth error codes (RFC 6749 / 6750).
	pat(`\b(?:invalid_grant|invalid_client|invalid_token|unauthorized_client)\b`, CodeUnauthorized),
	pat(`\b(?:insufficient_scope|access_denied)\b`, CodeForbidden),
	// LLM providers.
	pat(`insufficient_quota|quota exceeded|exceeded your current quota|RESOURCE_EXHAUSTED`, CodeRateLimited),
	pat(`model_not_found`, CodeNotFound),
	pat(`context_length_exceeded|maximum context length`, CodeValidationError),
	pat(`overloaded_error`, CodeServiceUnavailable),
}

// commonPatterns: phrases first, broad keywords last. mcp-ts-core's single
// ordered list let the broad "invalid" win over auth ("Invalid API key"),
// "not found" win over DNS ("no such host"), "not.*allowed" turn validation
// messages into Forbidden, and "timeout" claim "invalid timeout value".
// Read-only after initialisation.
var commonPatterns = []pattern{
	pat(`(?:env(?:ironment)?[\s_-]*var(?:iable)?s?\b.*\b(?:not set|missing|required|unset|empty))|(?:(?:missing|unset|empty)\s+env(?:ironment)?[\s_-]*var)|misconfigured|configuration (?:error|invalid|missing)|invalid configuration|config(?:uration)? (?:file )?not (?:set|loaded)`, CodeConfigurationError),
	pat(`\bnot\s+(?:authori[sz]ed|permitted|allowed)\s+to\b`, CodeForbidden),
	pat(`unauthori[sz]ed|unauthenticated|not\s+authenticated|not\s+authori[sz]ed|authentication\s+(?:failed|required|error)|not\s+logged\s+in|login\s+required|bad\s+credentials|(?:invalid|bad|wrong|incorrect|missing|expired|revoked)[\s_-]+(?:api[\s_-]?key|access[\s_-]?key|(?:access[\s_-]+|bearer[\s_-]+|auth[\s_-]+)?token|credentials?|password|secret|signature|auth(?:entication|orization)?)\b|(?:api[\s_-]?key|token|credentials?|session)\s+(?:is\s+|has\s+|are\s+)?(?:invalid|expired|revoked|missing|required|not\s+valid)`, CodeUnauthorized),
	pat(`forbidden|permission\s+denied|(?:insufficient|missing|lacks?|no)\s+(?:permissions?|privileges?|scopes?|rights)|access\s+(?:is\s+)?denied|operation\s+not\s+permitted|\bpermission\b`, CodeForbidden),
	pat(`rate[\s_-]?limit(?:ed|\s+exceeded|\s+reached)|(?:hit|exceeded|reached|over)\s+(?:the\s+|a\s+|your\s+)?rate[\s_-]?limit|too\s+many\s+requests|throttl(?:ed|ing)|quota\s+(?:exceeded|exhausted)`, CodeRateLimited),
	pat(`timed\s+out|deadline\s+exceeded|time[\s_-]?out\s+(?:exceeded|expired|elapsed|reached|occurred)|(?:request|operation|read|write|connect(?:ion)?|gateway|upstream)\s+time[\s_-]?out`, CodeTimeout),
	pat(`\b(?:request|operation|call)\s+(?:was\s+)?(?:cancell?ed|aborted)\b`, CodeRequestCancelled),
	pat(`service\s+(?:is\s+)?unavailable|temporarily\s+unavailable|bad\s+gateway|upstream\s+(?:error|failure|unavailable|unreachable)|(?:server|service)\s+(?:is\s+)?overloaded|\bunreachable\b`, CodeServiceUnavailable),
	pat(`not\s+found|no\s+such|does\s*n[o']?t\s+exist|do\s+not\s+exist|could\s*n[o']?t\s+find|can\s*n[o']?t\s+find|cannot\s+find|unable\s+to\s+find`, CodeNotFound),
	pat(`conflict|already\s+exists|duplicate|version\s+mismatch|precondition\s+failed|modified\s+by\s+another|concurrent\s+(?:modification|update)`, CodeConflict),
	pat(`looking\s+for\s+beginning\s+of|unexpected\s+end\s+of\s+(?:json|input)|cannot\s+unmarshal|failed\s+to\s+(?:unmarshal|marshal|decode|encode|serialize|deserialize)|(?:serialization|deserialization)\s+(?:error|failed)`, CodeSerializationError),
	pat(`invalid|validation|malformed|bad\s+request|wrong\s+format|must\s+(?:be|not|have|contain)|(?:is|are)\s+required|required\s+(?:field|param\w*|argument)|missing\s+(?:required|param\w*|field|input|value|arg\w*)|out\s+of\s+range|too\s+(?:long|short|large|small|many|few)|cannot\s+be\s+(?:empty|blank|null|negative)|not\s+(?:a\s+)?valid|unsupported\s+(?:format|value|type)|not\s+allowed|schema\s+validation`, CodeValidationError),
	pat(`\btime[\s_-]?out\b`, CodeTimeout),
	pat(`\bcancell?ed\b|\baborted\b`, CodeRequestCancelled),
	pat(`\bdatabase\b|\bsqlstate\b|^pq: |\bORA-\d{5}\b`, CodeDatabaseError),
}

func classifyProvider(msg, types string) (Code, bool) {
	if m := statusWithKeyword.FindStringSubmatch(msg); m != nil {
		if c := statusCode(m[1]); c != CodeUnknownError {
			return c, true
		}
	}
	for _, m := range statusWithPhrase.FindAllStringSubmatch(msg, -1) {
		n, _ := strconv.Atoi(m[1])
		if text := httpStatusText(n); text != "" && strings.HasPrefix(strings.ToLower(m[2]), strings.ToLower(text)) {
			return CodeForHTTPStatus(n), true
		}
	}
	hay := msg + "\n" + types
	lower := strings.ToLower(hay)
	for _, pt := range providerPatterns {
		if pt.match(hay, lower) {
			return pt.code, true
		}
	}
	return 0, false
}

func statusCode(digits string) Code {
	n, err := strconv.Atoi(digits)
	if err != nil {
		return CodeUnknownError
	}
	return CodeForHTTPStatus(n)
}

func classifyCommon(msg string) (Code, bool) {
	lower := strings.ToLower(msg)
	for _, pt := range commonPatterns {
		if pt.match(msg, lower) {
			return pt.code, true
		}
	}
	return 0, false
}
