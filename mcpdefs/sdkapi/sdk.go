// Package sdkapi is recognition's vocabulary: the import paths of the SDKs, the runtime library
// and the schema libraries, which function, method or type of them is which API (APIOf,
// TypeAPI), the SDK a definition is written against, what a call that builds an
// *mcperr.Error says (BuildOf), and which constructors' arguments and which fields become
// text the model reads (ModelTextArgs, ModelTextField). It knows names, not code: it reads no
// package of the user's module. It is the only place in mcplint that spells those import
// paths; recognition (mcpdefs and its subpackages) and the rule families name APIs through it.
//
// It must not import any package of the module but mcperr (whose factories it lists) and
// internal/reachable (which imports nothing of the module); internal/layers' test pins it.
package sdkapi

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/mcplint-go/mcplint/internal/reachable"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Module paths of the SDKs and of the schema library go-sdk builds on, as go.mod requires them.
const (
	GoSDKModule        = "github.com/modelcontextprotocol/go-sdk"
	MarkLabsModule     = "github.com/mark3labs/mcp-go"
	JSONSchemaGoModule = "github.com/google/jsonschema-go"
)

// Import paths of the APIs mcplint understands.
const (
	GoSDKMCPPath     = "github.com/modelcontextprotocol/go-sdk/mcp"
	GoSDKJSONRPCPath = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	// GoSDKWireErrorPath is the internal package of go-sdk's wire error type (WireError), the
	// dynamic type of the protocol errors it hands handlers.
	GoSDKWireErrorPath = "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"
	MarkLabsMCPPath    = "github.com/mark3labs/mcp-go/mcp"
	MarkLabsServerPath = "github.com/mark3labs/mcp-go/server"
	MCPErrPath         = "github.com/mcplint-go/mcplint/mcperr"
	MCPToolPath        = "github.com/mcplint-go/mcplint/mcptool"
	// JSONSchemaPath is the schema library go-sdk (and mark3labs) build on; InvopopPath is
	// invopop/jsonschema, which mcp-go's tag layer mirrors from v0.44 on.
	JSONSchemaPath = "github.com/google/jsonschema-go/jsonschema"
	InvopopPath    = "github.com/invopop/jsonschema"
	// URITemplatePath is the RFC 6570 library go-sdk matches resource templates with;
	// servers parse their templates with it too and hand the SDK its Raw() text.
	URITemplatePath = "github.com/yosida95/uritemplate/v3"
)

// knownPaths are the packages whose presence (directly or transitively imported) means a
// package can contain MCP code. Everything else is skipped before any work.
var knownPaths = [...]string{GoSDKMCPPath, GoSDKJSONRPCPath, MarkLabsMCPPath, MarkLabsServerPath, MCPErrPath, MCPToolPath}

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

// Imports reports whether pkg imports a package of sdk's module (go-sdk or mcp-go).
func Imports(pkg *types.Package, sdk SDK) bool {
	module := map[SDK]string{GoSDK: GoSDKModule, MarkLabs: MarkLabsModule}[sdk]
	for _, imp := range pkg.Imports() {
		if module != "" && (imp.Path() == module || strings.HasPrefix(imp.Path(), module+"/")) {
			return true
		}
	}
	return false
}

// Reachable returns the known packages among pkg's transitive imports, by path. It is
// recognition's early bail-out: a package that cannot see any of them cannot contain MCP code.
func Reachable(pkg *types.Package) map[string]*types.Package {
	found := map[string]*types.Package{}
	for p := range reachable.From([]*types.Package{pkg}, (*types.Package).Imports) {
		if KnownPackage(p.Path()) {
			found[p.Path()] = p
		}
	}
	return found
}

// SDK identifies whose API a definition or handler is written against.
type SDK int

// The SDKs recognition knows, and mcplint's runtime library.
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

// The SDK and runtime functions and types recognition tells apart; APINone for any other.
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
	GoSDKMCPPath + ".CallToolResult":                                     APIToolResultType,
	GoSDKMCPPath + ".CallToolResult.SetError":                            APISetError,
	GoSDKMCPPath + ".ResourceNotFoundError":                              APIResourceNotFoundError,
	GoSDKMCPPath + ".URLElicitationRequiredError":                        APIProtocolErrorFunc,
	GoSDKJSONRPCPath + ".Error":                                          APIProtocolErrorType,
	"github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2.WireError": APIProtocolErrorType,

	MarkLabsMCPPath + ".CallToolResult":                APIToolResultType,
	MarkLabsMCPPath + ".NewToolResultError":            APIToolResultError,
	MarkLabsMCPPath + ".NewToolResultErrorf":           APIToolResultErrorf,
	MarkLabsMCPPath + ".NewToolResultErrorFromErr":     APIToolResultErrorFromErr,
	MarkLabsMCPPath + ".NewToolResultText":             APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultJSON":             APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultStructured":       APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultStructuredOnly":   APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultImage":            APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultAudio":            APIToolResultOK,
	MarkLabsMCPPath + ".NewToolResultResource":         APIToolResultOK,
	MarkLabsMCPPath + ".CallToolRequest.BindArguments": APIArgBind,

	MCPErrPath + ".Error":            APIErrType,
	MCPErrPath + ".Code":             APIErrCodeType,
	MCPErrPath + ".New":              APIErrNew,
	MCPErrPath + ".WithCause":        APIErrWithCause,
	MCPErrPath + ".WithReason":       APIErrWithReason,
	MCPErrPath + ".WithRecovery":     APIErrWithRecovery,
	MCPErrPath + ".WithData":         APIErrWithData,
	MCPErrPath + ".Error.With":       APIErrWith,
	MCPErrPath + ".WithRetryable":    APIErrOption,
	MCPErrPath + ".Classify":         APIErrClassify,
	MCPErrPath + ".FromHTTPResponse": APIErrFromHTTP,

	MCPToolPath + ".Call.Fail":        APICallFail,
	MCPToolPath + ".Call.FailHTTP":    APICallFailHTTP,
	MCPToolPath + ".Call.RecoveryFor": APICallRecoveryFor,
	MCPToolPath + ".CallFrom":         APICallFrom,

	GoSDKMCPPath + ".Server.Run":                       APIServeRun,
	GoSDKMCPPath + ".Server.Connect":                   APIServeConnect,
	GoSDKMCPPath + ".NewStreamableHTTPHandler":         APIServeHTTP,
	GoSDKMCPPath + ".NewSSEHandler":                    APIServeHTTP,
	MarkLabsServerPath + ".ServeStdio":                 APIServeStdio,
	MarkLabsServerPath + ".NewStdioServer":             APIServeStdio,
	MarkLabsServerPath + ".StdioServer.Listen":         APIServeStdio,
	MarkLabsServerPath + ".NewSSEServer":               APIServeHTTP,
	MarkLabsServerPath + ".SSEServer.Start":            APIServeHTTP,
	MarkLabsServerPath + ".NewStreamableHTTPServer":    APIServeHTTP,
	MarkLabsServerPath + ".StreamableHTTPServer.Start": APIServeHTTP,
}

// NilObject reports whether obj is nil, or a nil pointer of a types.Object kind: a
// `*types.Func` that is nil (from `fn, _ := x.(*types.Func)` or a callee that is a function
// value) is a non-nil types.Object whose methods panic.
func NilObject(obj types.Object) bool {
	if obj == nil {
		return true
	}
	v := reflect.ValueOf(obj)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Key is the table key of an object: "path.Name" or "path.Recv.Method".
func Key(obj types.Object) string {
	if NilObject(obj) || obj.Pkg() == nil {
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

// IsPointerTo reports whether t is a pointer to the named type whose Key is key
// ("path.Name"), type arguments aside.
func IsPointerTo(t types.Type, key string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && Key(n.Origin().Obj()) == key
}

// APIOf classifies an object (function, method, type name) of a known SDK.
func APIOf(obj types.Object) API {
	if NilObject(obj) || obj.Pkg() == nil {
		return APINone
	}
	if fn, ok := obj.(*types.Func); ok {
		fn = fn.Origin()
		obj = fn
	}
	key := Key(obj)
	if api, ok := apiTable[key]; ok {
		return api
	}
	path := obj.Pkg().Path()
	switch path {
	case MarkLabsMCPPath:
		if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil && strings.HasPrefix(key, MarkLabsMCPPath+".CallToolRequest.") {
			switch {
			case strings.HasPrefix(fn.Name(), "Require"):
				return APIArgRequire
			case strings.HasPrefix(fn.Name(), "Get"):
				return APIArgGet
			}
		}
	case MCPErrPath:
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

// IsToolDefinition reports whether t is an SDK tool definition (go-sdk *mcp.Tool, mark3labs
// mcp.Tool).
func IsToolDefinition(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	k := Key(named.Obj())
	return k == GoSDKMCPPath+".Tool" || k == MarkLabsMCPPath+".Tool"
}
