package sdkapi_test

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// apiSrc writes each value to classify as a package variable, so the test finds it by name.
const apiSrc = `package p

import (
	"context"
	"net/http"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	call   *mcptool.Call
	resp   *http.Response
	base   = mcperr.NotFound("m")
	code   = mcperr.CodeNotFound
	opts   []mcperr.Option
	key    = "k"
	num    = 404
	req    m3.CallToolRequest
	result = &mcp.CallToolResult{}

	factory   = mcperr.NotFound("m", mcperr.WithReason("gone"))
	spread    = mcperr.NotFound("m", opts...)
	newConst  = mcperr.New(mcperr.CodeNotFound, "m", mcperr.WithCause(nil))
	newVar    = mcperr.New(code, "m")
	fail      = call.Fail("reason", "m", mcperr.WithRetryable(true))
	fromHTTP  = mcperr.FromHTTPResponse(resp, mcperr.WithReason("r"))
	with      = base.With(mcperr.WithReason("r"))
	classify  = mcperr.Classify(base)
	notBuild  = mcperr.ClassifyCode(base)
	m3Error   = m3.NewToolResultError("x")
	m3Text    = m3.NewToolResultText("x")
	require   = func() (string, error) { return req.RequireString("q") }
	get       = req.GetString("q", "")
	notFound  = mcp.ResourceNotFoundError("u")
	callFrom  = mcptool.CallFrom(context.Background())
	reason    = mcperr.WithReason("r")
	dataR     = mcperr.WithData(mcperr.DataKeyReason, "r")
	dataOther = mcperr.WithData("other", 1)
	dataVar   = mcperr.WithData(key, 1)
	cause     = mcperr.WithCause(nil)
	nilOpt    mcperr.Option = nil
	protocol  *jsonrpc.Error
)
`

// loaded type-checks apiSrc in the fixture module, where the SDKs and the runtime library
// are importable, and returns its types and the expressions its variables are given.
func loaded(t *testing.T) (*types.Info, *types.Package, map[string]ast.Expr) {
	t.Helper()
	pkgs, err := fixtures.LoadSources(map[string]string{"inline/sdkapi/api": apiSrc})
	require.NoError(t, err)
	type result struct {
		info   *types.Info
		pkg    *types.Package
		values map[string]ast.Expr
	}
	got := fixtures.PerPackage(t, pkgs, inspect.Analyzer, func(pass *analysis.Pass) result {
		values := map[string]ast.Expr{}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok {
					for _, s := range gd.Specs {
						if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
							values[vs.Names[0].Name] = vs.Values[0]
						}
					}
				}
			}
		}
		return result{pass.TypesInfo, pass.Pkg, values}
	})["api"]
	require.NotNil(t, got.info)
	return got.info, got.pkg, got.values
}

// TestAPIOfCalls: each call of a known SDK or runtime function is the API rules name it by.
func TestAPIOfCalls(t *testing.T) {
	info, _, values := loaded(t)
	callee := func(name string) types.Object {
		e := values[name]
		if lit, ok := e.(*ast.FuncLit); ok {
			e = lit.Body.List[0].(*ast.ReturnStmt).Results[0]
		}
		return typeutil.Callee(info, e.(*ast.CallExpr))
	}
	for name, want := range map[string]sdkapi.API{
		"factory": sdkapi.APIErrFactory, "newConst": sdkapi.APIErrNew, "fail": sdkapi.APICallFail,
		"fromHTTP": sdkapi.APIErrFromHTTP, "with": sdkapi.APIErrWith, "classify": sdkapi.APIErrClassify,
		"notBuild": sdkapi.APINone, "m3Error": sdkapi.APIToolResultError, "m3Text": sdkapi.APIToolResultOK,
		"require": sdkapi.APIArgRequire, "get": sdkapi.APIArgGet, "notFound": sdkapi.APIResourceNotFoundError,
		"callFrom": sdkapi.APICallFrom, "reason": sdkapi.APIErrWithReason, "cause": sdkapi.APIErrWithCause,
		"dataR": sdkapi.APIErrWithData,
	} {
		assert.Equal(t, want, sdkapi.APIOf(callee(name)), name)
	}
	assert.Equal(t, sdkapi.MCPErrPath+".NotFound", sdkapi.Key(callee("factory")))
	assert.Equal(t, sdkapi.MCPErrPath+".Error.With", sdkapi.Key(callee("with")), "a method is keyed by its receiver type")
	assert.Equal(t, sdkapi.MCPToolPath+".Call.Fail", sdkapi.Key(callee("fail")))
	assert.Equal(t, "", sdkapi.Key((*types.Func)(nil)))
}

// TestTypeAPI: the types rules ask about, through one pointer.
func TestTypeAPI(t *testing.T) {
	info, pkg, values := loaded(t)
	typeOf := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	assert.Equal(t, sdkapi.APIToolResultType, sdkapi.TypeAPI(typeOf("result")))
	assert.Equal(t, sdkapi.APIErrType, sdkapi.TypeAPI(typeOf("base")))
	assert.Equal(t, sdkapi.APIErrCodeType, sdkapi.TypeAPI(typeOf("code")))
	assert.Equal(t, sdkapi.APIProtocolErrorType, sdkapi.TypeAPI(typeOf("protocol")))
	assert.Equal(t, sdkapi.APINone, sdkapi.TypeAPI(typeOf("key")))
	assert.Equal(t, sdkapi.APINone, sdkapi.TypeAPI(nil))

	c, ok := sdkapi.CodeValueOf(info, values["code"])
	assert.True(t, ok)
	assert.Equal(t, mcperr.CodeNotFound, c)
	_, ok = sdkapi.CodeValueOf(info, values["key"])
	assert.False(t, ok, "a string is no code")
	_, ok = sdkapi.CodeValueOf(info, values["num"])
	assert.False(t, ok, "nor is a constant of another type")
}

// TestBuildOf: a call that builds an *mcperr.Error says its API, the code the call alone
// decides, and its reason, base and options.
func TestBuildOf(t *testing.T) {
	info, _, values := loaded(t)
	build := func(name string) sdkapi.ErrorBuild {
		b, ok := sdkapi.BuildOf(info, values[name].(*ast.CallExpr))
		require.True(t, ok, name)
		return b
	}
	b := build("factory")
	assert.Equal(t, sdkapi.APIErrFactory, b.API)
	assert.Equal(t, mcperr.CodeNotFound, b.Code)
	assert.Len(t, b.Options, 1)
	assert.False(t, b.Spread)
	assert.True(t, build("spread").Spread)

	b = build("newConst")
	assert.Equal(t, mcperr.CodeNotFound, b.Code, "a constant code decides")
	assert.NotNil(t, b.CodeArg)
	assert.Len(t, b.Options, 1)
	assert.Equal(t, mcperr.Code(0), build("newVar").Code, "a variable code does not")

	b = build("fail")
	assert.Equal(t, sdkapi.APICallFail, b.API)
	assert.Equal(t, mcperr.Code(0), b.Code, "the contract decides")
	assert.Equal(t, `"reason"`, types.ExprString(b.ReasonArg))
	assert.Len(t, b.Options, 1)

	assert.Len(t, build("fromHTTP").Options, 1)
	assert.Equal(t, "base", types.ExprString(build("with").Base))
	assert.Len(t, build("with").Options, 1)
	assert.Equal(t, "base", types.ExprString(build("classify").Base))

	_, ok := sdkapi.BuildOf(info, values["notBuild"].(*ast.CallExpr))
	assert.False(t, ok)
}

// TestOptionOf: what each option does to data.reason.
func TestOptionOf(t *testing.T) {
	info, _, values := loaded(t)
	for name, want := range map[string]sdkapi.OptionEffect{
		"reason": sdkapi.OptionReason, "dataR": sdkapi.OptionReason, "dataOther": sdkapi.OptionOther,
		"dataVar": sdkapi.OptionUnknown, "cause": sdkapi.OptionOther, "nilOpt": sdkapi.OptionOther,
		"key": sdkapi.OptionUnknown, "m3Text": sdkapi.OptionUnknown,
	} {
		got, r := sdkapi.OptionOf(info, values[name])
		assert.Equal(t, want, got, name)
		if want == sdkapi.OptionReason {
			assert.Equal(t, `"r"`, types.ExprString(r), name)
		}
	}
}

// TestPackages: the packages recognition knows, the runtime library, and the SDK names.
func TestPackages(t *testing.T) {
	_, pkg, _ := loaded(t)
	assert.True(t, sdkapi.KnownPackage(sdkapi.GoSDKMCPPath))
	assert.True(t, sdkapi.KnownPackage(sdkapi.MCPToolPath))
	assert.False(t, sdkapi.KnownPackage(sdkapi.JSONSchemaPath), "a schema library alone holds no MCP code")
	assert.False(t, sdkapi.IsRuntimePackage(pkg))
	assert.False(t, sdkapi.IsRuntimePackage(nil))
	assert.True(t, sdkapi.ReachesErrors(pkg, nil), "the package imports mcperr")
	for _, imp := range pkg.Imports() {
		if imp.Path() == "net/http" {
			assert.False(t, sdkapi.ReachesErrors(imp, map[*types.Package]bool{}))
		}
		if imp.Path() == sdkapi.MCPErrPath {
			assert.True(t, sdkapi.ReachesErrors(imp, nil), "mcperr itself")
		}
		if imp.Path() == sdkapi.MCPToolPath {
			assert.True(t, sdkapi.IsRuntimePackage(imp))
		}
	}
	assert.Equal(t, []string{"go-sdk", "mark3labs", "mcptool"}, []string{sdkapi.GoSDK.String(), sdkapi.MarkLabs.String(), sdkapi.MCPTool.String()})
}
