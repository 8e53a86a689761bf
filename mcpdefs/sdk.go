package mcpdefs

import (
	"go/types"
	"strings"
)

// Import paths of the APIs mcplint understands. This file is the only place in mcplint that
// spells them.
const (
	goSDKMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
	goSDKJSONRPC = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	m3MCP        = "github.com/mark3labs/mcp-go/mcp"
	m3Server     = "github.com/mark3labs/mcp-go/server"
	mcperrPath   = "github.com/mcplint/mcplint/mcperr"
	mcptoolPath  = "github.com/mcplint/mcplint/mcptool"
)

// knownPaths are the packages whose presence (directly or transitively imported) means a
// package can contain MCP code. Everything else is skipped before any work.
var knownPaths = [...]string{goSDKMCP, goSDKJSONRPC, m3MCP, m3Server, mcperrPath, mcptoolPath}

// KnownPackage reports whether path is a package recognition knows. A package that imports
// none of them, directly or through its dependencies, cannot contain MCP code: drivers use
// this to skip such packages before loading them.
func KnownPackage(path string) bool {
	for _, known := range knownPaths {
		if path == known {
			return true
		}
	}
	return false
}

// SDK identifies whose API a definition or handler is written against.
type SDK int

const (
	SDKUnknown SDK = iota
	GoSDK          // github.com/modelcontextprotocol/go-sdk
	MarkLabs       // github.com/mark3labs/mcp-go
	MCPTool        // mcplint's runtime library on top of go-sdk
)

func (s SDK) String() string {
	switch s {
	case GoSDK:
		return "go-sdk"
	case MarkLabs:
		return "mark3labs"
	case MCPTool:
		return "mcptool"
	}
	return "unknown"
}

// API names an SDK function, method, type or field that rules care about. Rules ask
// "is this call a tool-error result constructor?" instead of matching import paths.
type API int

const (
	APINone API = iota

	// Tool results.
	APIToolResultType         // *CallToolResult of either SDK
	APIToolResultError        // mark3labs NewToolResultError(text)
	APIToolResultErrorf       // mark3labs NewToolResultErrorf(format, args...)
	APIToolResultErrorFromErr // mark3labs NewToolResultErrorFromErr(text, err)
	APIToolResultOK           // a mark3labs constructor that returns a non-nil success result
	APISetError               // go-sdk (*CallToolResult).SetError(err)

	// Tool arguments.
	APIArgRequire // mark3labs CallToolRequest.Require*: fails on a missing or mistyped argument
	APIArgGet     // mark3labs CallToolRequest.Get*: never fails
	APIArgBind    // mark3labs CallToolRequest.BindArguments(&v)

	// Protocol errors.
	APIProtocolErrorType     // go-sdk *jsonrpc.Error
	APIResourceNotFoundError // go-sdk mcp.ResourceNotFoundError(uri)
	APIProtocolErrorFunc     // other go-sdk functions returning a *jsonrpc.Error (URL elicitation)

	// mcperr.
	APIErrType      // *mcperr.Error
	APIErrCodeType  // mcperr.Code
	APIErrNew       // mcperr.New(code, msg, opts...)
	APIErrFactory   // mcperr.NotFound(msg, opts...) and the other 13
	APIErrWithCause // mcperr.WithCause(err)
	APIErrWithReason
	APIErrWithRecovery
	APIErrOption   // any other mcperr option
	APIErrClassify // mcperr.Classify(err)
	APIErrFromHTTP // mcperr.FromHTTPResponse(resp, ...)

	// mcptool.
	APICallFail        // (*mcptool.Call).Fail(reason, msg, opts...)
	APICallRecoveryFor // (*mcptool.Call).RecoveryFor(reason)
)

// apiTable maps "path.Name" (functions, types) and "path.Type.Method" (methods) to an API.
var apiTable = map[string]API{
	goSDKMCP + ".CallToolResult":                                         APIToolResultType,
	goSDKMCP + ".CallToolResult.SetError":                                APISetError,
	goSDKMCP + ".ResourceNotFoundError":                                  APIResourceNotFoundError,
	goSDKMCP + ".URLElicitationRequiredError":                            APIProtocolErrorFunc,
	goSDKJSONRPC + ".Error":                                              APIProtocolErrorType,
	"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2.WireError": APIProtocolErrorType,

	m3MCP + ".CallToolResult":                APIToolResultType,
	m3MCP + ".NewToolResultError":            APIToolResultError,
	m3MCP + ".NewToolResultErrorf":           APIToolResultErrorf,
	m3MCP + ".NewToolResultErrorFromErr":     APIToolResultErrorFromErr,
	m3MCP + ".NewToolResultText":             APIToolResultOK,
	m3MCP + ".NewToolResultJSON":             APIToolResultOK,
	m3MCP + ".NewToolResultStructured":       APIToolResultOK,
	m3MCP + ".NewToolResultStructuredOnly":   APIToolResultOK,
	m3MCP + ".NewToolResultImage":            APIToolResultOK,
	m3MCP + ".NewToolResultAudio":            APIToolResultOK,
	m3MCP + ".NewToolResultResource":         APIToolResultOK,
	m3MCP + ".CallToolRequest.BindArguments": APIArgBind,

	mcperrPath + ".Error":            APIErrType,
	mcperrPath + ".Code":             APIErrCodeType,
	mcperrPath + ".New":              APIErrNew,
	mcperrPath + ".WithCause":        APIErrWithCause,
	mcperrPath + ".WithReason":       APIErrWithReason,
	mcperrPath + ".WithRecovery":     APIErrWithRecovery,
	mcperrPath + ".WithData":         APIErrOption,
	mcperrPath + ".WithRetryable":    APIErrOption,
	mcperrPath + ".Classify":         APIErrClassify,
	mcperrPath + ".FromHTTPResponse": APIErrFromHTTP,

	mcptoolPath + ".Call.Fail":        APICallFail,
	mcptoolPath + ".Call.RecoveryFor": APICallRecoveryFor,
}

// Factories maps each mcperr factory to the code constant it stands for. It mirrors DESIGN
// section 5; a test checks it against the mcperr package itself.
var mcperrFactories = map[string]string{
	"InvalidParams":      "CodeInvalidParams",
	"InvalidRequest":     "CodeInvalidRequest",
	"NotFound":           "CodeNotFound",
	"Forbidden":          "CodeForbidden",
	"Unauthorized":       "CodeUnauthorized",
	"ValidationError":    "CodeValidationError",
	"Conflict":           "CodeConflict",
	"RateLimited":        "CodeRateLimited",
	"Timeout":            "CodeTimeout",
	"ServiceUnavailable": "CodeServiceUnavailable",
	"ConfigurationError": "CodeConfigurationError",
	"InternalError":      "CodeInternalError",
	"SerializationError": "CodeSerializationError",
	"DatabaseError":      "CodeDatabaseError",
}

// apiKey is the table key of an object: "path.Name" or "path.Recv.Method".
func apiKey(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	path := obj.Pkg().Path()
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok {
				return path + "." + n.Origin().Obj().Name() + "." + fn.Name()
			}
			return ""
		}
	}
	return path + "." + obj.Name()
}

// APIOf classifies an object (function, method, type name) of a known SDK.
func APIOf(obj types.Object) API {
	if obj == nil || obj.Pkg() == nil {
		return APINone
	}
	if fn, ok := obj.(*types.Func); ok {
		fn = fn.Origin()
		obj = fn
	}
	key := apiKey(obj)
	if api, ok := apiTable[key]; ok {
		return api
	}
	path := obj.Pkg().Path()
	switch path {
	case m3MCP:
		if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil && strings.HasPrefix(key, m3MCP+".CallToolRequest.") {
			switch {
			case strings.HasPrefix(fn.Name(), "Require"):
				return APIArgRequire
			case strings.HasPrefix(fn.Name(), "Get"):
				return APIArgGet
			}
		}
	case mcperrPath:
		if _, ok := mcperrFactories[obj.Name()]; ok {
			if _, isFunc := obj.(*types.Func); isFunc {
				return APIErrFactory
			}
		}
		if fn, ok := obj.(*types.Func); ok && strings.HasPrefix(fn.Name(), "With") && fn.Signature().Recv() == nil {
			return APIErrOption
		}
	}
	return APINone
}

// TypeAPI classifies a type: *jsonrpc.Error, *mcperr.Error, *CallToolResult and so on,
// looking through one pointer.
func TypeAPI(t types.Type) API {
	if t == nil {
		return APINone
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return APIOf(n.Origin().Obj())
	}
	return APINone
}

// FactoryCode is the mcperr code constant name a factory stands for ("NotFound" →
// "CodeNotFound").
func FactoryCode(factory string) (string, bool) {
	c, ok := mcperrFactories[factory]
	return c, ok
}

// FactoryForCode is the factory for a code constant name ("CodeNotFound" → "NotFound").
func FactoryForCode(code string) (string, bool) {
	for f, c := range mcperrFactories {
		if c == code {
			return f, true
		}
	}
	return "", false
}
