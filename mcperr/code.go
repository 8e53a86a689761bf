package mcperr

import "strconv"

// Code is a JSON-RPC error code. The standard JSON-RPC 2.0 codes and codes
// of the implementation-defined range -32000..-32019 are declared below; any
// other value is an unknown code (see [Code.Known]).
type Code int

// The error codes. The JSON-RPC 2.0 codes keep their standard meaning. The
// others lie in -32000..-32019, the part of the server-error range that MCP
// revision 2026-07-28 leaves to implementations (SEP-2575: -32020..-32099 is
// the specification's), and none is a code any revision assigns, so no
// client reads one as a protocol error: -32002 is "resource not found" to
// clients before 2026-07-28. That moved three codes; see [RetiredCode].
// The others match @cyanheads/mcp-ts-core's JsonRpcErrorCode.
const (
	CodeParseError     Code = -32700 // malformed JSON received
	CodeInvalidRequest Code = -32600 // unsupported operation, missing client capability
	CodeMethodNotFound Code = -32601 // the method does not exist
	CodeInvalidParams  Code = -32602 // bad input, missing fields, schema violation
	CodeInternalError  Code = -32603 // unexpected failure; a bug

	CodeServiceUnavailable   Code = -32000 // an upstream dependency is down
	CodeNotFound             Code = -32001 // the entity does not exist
	CodeConflict             Code = -32012 // duplicate, version mismatch, concurrent change
	CodeRateLimited          Code = -32003 // too many requests
	CodeTimeout              Code = -32004 // the operation exceeded its time limit
	CodeForbidden            Code = -32005 // authenticated, but not allowed
	CodeUnauthorized         Code = -32006 // no or bad credentials
	CodeValidationError      Code = -32007 // a business rule rejected the input
	CodeConfigurationError   Code = -32008 // the server is misconfigured
	CodeInitializationFailed Code = -32009 // a component failed to start
	CodeDatabaseError        Code = -32010 // the storage layer failed
	CodeRequestCancelled     Code = -32011 // the request was cancelled
	CodeSerializationError   Code = -32013 // data could not be (de)serialised
	CodeUnknownError         Code = -32019 // nothing more specific fits
)

// Decision is what an agent should do next when it receives an error: the
// four branches an agent actually has.
type Decision int

const (
	// DecisionRetry: the failure is transient; retry the same call, after
	// any delay the error names.
	DecisionRetry Decision = iota + 1
	// DecisionFixInput: the arguments are wrong; change them and call again.
	DecisionFixInput
	// DecisionWorkAround: the target is missing, contested or off limits; try
	// another entity or tool, or ask the user.
	DecisionWorkAround
	// DecisionGiveUp: nothing the agent does will make this call succeed.
	DecisionGiveUp
)

// String returns the decision as snake_case: retry, fix_input, work_around,
// give_up.
func (d Decision) String() string {
	switch d {
	case DecisionRetry:
		return "retry"
	case DecisionFixInput:
		return "fix_input"
	case DecisionWorkAround:
		return "work_around"
	case DecisionGiveUp:
		return "give_up"
	}
	return "Decision(" + strconv.Itoa(int(d)) + ")"
}

// codeInfo is everything known about one code, in one place, so the
// classifier, the wire layer and the linter read the same facts.
type codeInfo struct {
	code     Code
	name     string // the constant's suffix: "NotFound"
	factory  bool   // a factory function with this name exists
	decision Decision
	baseline bool // may bubble up from anywhere without being declared
}

// codeTable lists the known codes in declaration order.
var codeTable = [...]codeInfo{
	{CodeParseError, "ParseError", false, DecisionFixInput, false},
	{CodeInvalidRequest, "InvalidRequest", true, DecisionFixInput, false},
	{CodeMethodNotFound, "MethodNotFound", false, DecisionWorkAround, false},
	{CodeInvalidParams, "InvalidParams", true, DecisionFixInput, false},
	{CodeInternalError, "InternalError", true, DecisionGiveUp, true},
	{CodeServiceUnavailable, "ServiceUnavailable", true, DecisionRetry, true},
	{CodeNotFound, "NotFound", true, DecisionWorkAround, false},
	{CodeConflict, "Conflict", true, DecisionWorkAround, false},
	{CodeRateLimited, "RateLimited", true, DecisionRetry, false},
	{CodeTimeout, "Timeout", true, DecisionRetry, true},
	{CodeForbidden, "Forbidden", true, DecisionWorkAround, false},
	{CodeUnauthorized, "Unauthorized", true, DecisionWorkAround, false},
	{CodeValidationError, "ValidationError", true, DecisionFixInput, true},
	{CodeConfigurationError, "ConfigurationError", true, DecisionGiveUp, false},
	{CodeInitializationFailed, "InitializationFailed", false, DecisionGiveUp, false},
	{CodeDatabaseError, "DatabaseError", true, DecisionRetry, false},
	{CodeRequestCancelled, "RequestCancelled", false, DecisionGiveUp, false},
	{CodeSerializationError, "SerializationError", true, DecisionGiveUp, true},
	{CodeUnknownError, "UnknownError", false, DecisionGiveUp, false},
}

// retired are the values the moved codes had before, for code that matches on
// numbers: -32002 collides with "resource not found" (MCP before 2026-07-28),
// -32070 and -32099 lie in the range 2026-07-28 reserves for the specification.
var retired = map[int]Code{-32002: CodeConflict, -32070: CodeSerializationError, -32099: CodeUnknownError}

// RetiredCode returns the code that had the value n before mcperr moved it out
// of the codes MCP assigns: RetiredCode(-32002) is CodeConflict. Clients that
// match on numbers can accept both while servers upgrade.
func RetiredCode(n int) (Code, bool) {
	c, ok := retired[n]
	return c, ok
}

func lookup(c Code) (codeInfo, bool) {
	for _, ci := range codeTable {
		if ci.code == c {
			return ci, true
		}
	}
	return codeInfo{}, false
}

// KnownCodes returns every declared code, in declaration order. The slice is
// new on each call.
func KnownCodes() []Code {
	out := make([]Code, len(codeTable))
	for i, ci := range codeTable {
		out[i] = ci.code
	}
	return out
}

// BaselineCodes returns the codes any tool may produce without declaring
// them in its contract (failures that bubble up from infrastructure):
// InternalError, ServiceUnavailable, Timeout, ValidationError,
// SerializationError.
func BaselineCodes() []Code {
	var out []Code
	for _, ci := range codeTable {
		if ci.baseline {
			out = append(out, ci.code)
		}
	}
	return out
}

// CodeByName returns the code whose constant is named "Code"+name, e.g.
// CodeByName("NotFound") == CodeNotFound.
func CodeByName(name string) (Code, bool) {
	for _, ci := range codeTable {
		if ci.name == name {
			return ci.code, true
		}
	}
	return 0, false
}

// FactoryFor returns the name of the factory function that builds an error
// with code c ("NotFound" for CodeNotFound), if the package has one.
func FactoryFor(c Code) (name string, ok bool) {
	ci, ok := lookup(c)
	if !ok || !ci.factory {
		return "", false
	}
	return ci.name, true
}

// Known reports whether c is one of the declared codes.
func (c Code) Known() bool {
	_, ok := lookup(c)
	return ok
}

// String returns the suffix of the code's constant name ("NotFound"), or
// "Code(<n>)" for an unknown code.
func (c Code) String() string {
	if ci, ok := lookup(c); ok {
		return ci.name
	}
	return "Code(" + strconv.Itoa(int(c)) + ")"
}

// Error makes a Code usable as an errors.Is target:
// errors.Is(err, mcperr.CodeNotFound) reports whether err carries that code.
func (c Code) Error() string {
	return c.String() + " (" + strconv.Itoa(int(c)) + ")"
}

// Decision is what an agent should do on receiving this code. Unknown codes
// give DecisionGiveUp.
func (c Code) Decision() Decision {
	if ci, ok := lookup(c); ok {
		return ci.decision
	}
	return DecisionGiveUp
}

// Retryable reports whether retrying the same call unchanged may succeed:
// true exactly when the decision is DecisionRetry.
func (c Code) Retryable() bool {
	return c.Decision() == DecisionRetry
}

// Baseline reports whether c is one of [BaselineCodes].
func (c Code) Baseline() bool {
	ci, ok := lookup(c)
	return ok && ci.baseline
}
