package mcpdefs

import (
	"go/types"
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Import paths of the APIs mcplint understands. This file is the only place in mcplint that
// spells them, but for the schema libraries' (schemalib).
const (
	goSDKMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
	goSDKJSONRPC = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	m3MCP        = "github.com/mark3labs/mcp-go/mcp"
	m3Server     = "github.com/mark3labs/mcp-go/server"
	mcperrPath   = "github.com/mcplint-go/mcplint/mcperr"
	mcptoolPath  = "github.com/mcplint-go/mcplint/mcptool"
	// jsonschemaPath is the schema library go-sdk (and mark3labs) build on.
	jsonschemaPath = schemalib.JSONSchemaGoPath
	// uritemplatePath is the RFC 6570 library go-sdk matches resource templates with;
	// servers parse their templates with it too and hand the SDK its Raw() text.
	uritemplatePath = "github.com/yosida95/uritemplate/v3"
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
	APICallFailHTTP    // (*mcptool.Call).FailHTTP(reason, resp, opts...): builds like Fail
	APICallRecoveryFor // (*mcptool.Call).RecoveryFor(reason)
	APICallFrom        // mcptool.CallFrom(ctx)
	APIErrWith         // (*mcperr.Error).With(opts...)
	APIErrWithData     // mcperr.WithData(key, value)

	// Serving.
	APIServeStdio   // serves a server over stdio: mark3labs ServeStdio, NewStdioServer, StdioServer.Listen
	APIServeHTTP    // serves a server over streamable HTTP or SSE: the go-sdk handlers, mark3labs NewSSEServer, NewStreamableHTTPServer, Start
	APIServeRun     // go-sdk Server.Run: serving over the transport it is given
	APIServeConnect // go-sdk Server.Connect: serving, unless the transport is in-memory (a test or an inspection)
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
	mcperrPath + ".WithData":         APIErrWithData,
	mcperrPath + ".Error.With":       APIErrWith,
	mcperrPath + ".WithRetryable":    APIErrOption,
	mcperrPath + ".Classify":         APIErrClassify,
	mcperrPath + ".FromHTTPResponse": APIErrFromHTTP,

	mcptoolPath + ".Call.Fail":        APICallFail,
	mcptoolPath + ".Call.FailHTTP":    APICallFailHTTP,
	mcptoolPath + ".Call.RecoveryFor": APICallRecoveryFor,
	mcptoolPath + ".CallFrom":         APICallFrom,

	goSDKMCP + ".Server.Run":                 APIServeRun,
	goSDKMCP + ".Server.Connect":             APIServeConnect,
	goSDKMCP + ".NewStreamableHTTPHandler":   APIServeHTTP,
	goSDKMCP + ".NewSSEHandler":              APIServeHTTP,
	m3Server + ".ServeStdio":                 APIServeStdio,
	m3Server + ".NewStdioServer":             APIServeStdio,
	m3Server + ".StdioServer.Listen":         APIServeStdio,
	m3Server + ".NewSSEServer":               APIServeHTTP,
	m3Server + ".SSEServer.Start":            APIServeHTTP,
	m3Server + ".NewStreamableHTTPServer":    APIServeHTTP,
	m3Server + ".StreamableHTTPServer.Start": APIServeHTTP,
}

// nilObject reports whether obj is nil, or a nil pointer of a types.Object kind: a
// `*types.Func` that is nil (from `fn, _ := x.(*types.Func)` or a callee that is a function
// value) is a non-nil types.Object whose methods panic.
func nilObject(obj types.Object) bool {
	switch o := obj.(type) {
	case nil:
		return true
	case *types.Func:
		return o == nil
	case *types.Var:
		return o == nil
	case *types.TypeName:
		return o == nil
	case *types.Const:
		return o == nil
	case *types.PkgName:
		return o == nil
	case *types.Builtin:
		return o == nil
	case *types.Label:
		return o == nil
	case *types.Nil:
		return o == nil
	}
	return false
}

// apiKey is the table key of an object: "path.Name" or "path.Recv.Method".
func apiKey(obj types.Object) string {
	if nilObject(obj) || obj.Pkg() == nil {
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
	if nilObject(obj) || obj.Pkg() == nil {
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
		if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() == nil && isFactory(fn.Name()) {
			return APIErrFactory
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

// The factory vocabulary comes from package mcperr itself (FactoryFor, CodeByName), so the
// linter and the runtime cannot disagree about which factories exist and what they build.

// isFactory reports whether name is an mcperr factory function: one FactoryFor names.
func isFactory(name string) bool {
	_, ok := FactoryCode(name)
	return ok
}

// FactoryCode is the code a factory builds ("NotFound" → mcperr.CodeNotFound).
func FactoryCode(factory string) (mcperr.Code, bool) {
	c, ok := mcperr.CodeByName(factory)
	if !ok {
		return 0, false
	}
	if f, ok := mcperr.FactoryFor(c); !ok || f != factory {
		return 0, false
	}
	return c, true
}

// FactoryForCode is the factory for a code constant name ("CodeNotFound" → "NotFound").
func FactoryForCode(constName string) (string, bool) {
	name, ok := strings.CutPrefix(constName, "Code")
	if !ok {
		return "", false
	}
	c, ok := mcperr.CodeByName(name)
	if !ok {
		return "", false
	}
	return mcperr.FactoryFor(c)
}
