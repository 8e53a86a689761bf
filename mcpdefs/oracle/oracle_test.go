package oracle_test

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs/oracle"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

const src = `package p

import (
	"errors"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
)

var dynamic bool

func m3Error() *m3.CallToolResult { return m3.NewToolResultError("no") }

func m3Text() *m3.CallToolResult { return m3.NewToolResultText("ok") }

func plain() error { return errors.New("plain") }

func notFound() error { return mcperr.NotFound("no such thing", mcperr.WithCause(errors.New("cause"))) }

func failed() *mcp.CallToolResult { return &mcp.CallToolResult{IsError: true} }

func unknown() *mcp.CallToolResult { return &mcp.CallToolResult{IsError: dynamic} }

func fine() *mcp.CallToolResult { return &mcp.CallToolResult{} }

func notResult() *mcp.Tool { return &mcp.Tool{} }

func written() *mcp.CallToolResult {
	res := &mcp.CallToolResult{}
	res.Content = []mcp.Content{&mcp.TextContent{Text: "a"}}
	res.IsError = true
	return res
}

func none() *mcp.CallToolResult { return nil }

func passed(res *mcp.CallToolResult) *mcp.CallToolResult { return res }
`

// loaded is what the tests read of src: its type information, and each function's SSA and
// its one returned expression.
type loaded struct {
	info    *types.Info
	ssa     map[string]*ssa.Function
	returns map[string]ast.Expr
}

func load(t *testing.T) loaded {
	t.Helper()
	pkgs, err := fixtures.LoadSources(map[string]string{"inline/oracle/p": src})
	require.NoError(t, err)
	got := fixtures.PerPackage(t, pkgs, buildssa.Analyzer, func(pass *analysis.Pass) loaded {
		l := loaded{info: pass.TypesInfo, ssa: map[string]*ssa.Function{}, returns: map[string]ast.Expr{}}
		for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
			l.ssa[fn.Name()] = fn
		}
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					last := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
					l.returns[fd.Name.Name] = last.Results[0]
				}
			}
		}
		return l
	})["p"]
	require.NotNil(t, got.info)
	return got
}

func (l loaded) call(name string) *ast.CallExpr { return l.returns[name].(*ast.CallExpr) }

func (l loaded) callee(name string) *types.Func {
	fn, _ := typeutil.Callee(l.info, l.call(name)).(*types.Func)
	return fn
}

func (l loaded) lit(name string) *ast.CompositeLit {
	return l.returns[name].(*ast.UnaryExpr).X.(*ast.CompositeLit)
}

// returned is the value function name returns.
func (l loaded) returned(t *testing.T, name string) ssa.Value {
	for _, b := range l.ssa[name].Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			return ret.Results[0]
		}
	}
	t.Fatalf("%s returns nothing", name)
	return nil
}

// TestSDKReturns: the SDKs' result constructors and the runtime library's error factories
// never return nil; any other function, and any other result, is unknown to the oracle.
func TestSDKReturns(t *testing.T) {
	l := load(t)
	o := oracle.SDK{}
	assert.Equal(t, flow.NonNil, o.Returns(l.callee("m3Error"), 0))
	assert.Equal(t, flow.NonNil, o.Returns(l.callee("m3Text"), 0))
	assert.Equal(t, flow.NonNil, o.Returns(l.callee("notFound"), 0))
	assert.Equal(t, flow.Unknown, o.Returns(l.callee("notFound"), 1), "no second result")
	assert.Equal(t, flow.Unknown, o.Returns(l.callee("plain"), 0), "errors.New is the engine's own")
}

// TestSummaries: what the helper summaries are told of results and error builds.
func TestSummaries(t *testing.T) {
	l := load(t)
	o := oracle.Summaries{}
	for _, c := range []struct {
		fn                       string
		isResult, isError, known bool
	}{
		{"failed", true, true, true},
		{"unknown", true, false, false},
		{"fine", true, false, true},
		{"notResult", false, false, false},
	} {
		isResult, isError, known := o.ResultLiteral(l.info, l.lit(c.fn))
		assert.Equal(t, []bool{c.isResult, c.isError, c.known}, []bool{isResult, isError, known}, c.fn)
	}
	isError, ok := o.ResultConstructor(l.callee("m3Error"))
	assert.True(t, isError && ok, "NewToolResultError builds an error result")
	isError, ok = o.ResultConstructor(l.callee("m3Text"))
	assert.True(t, !isError && ok, "NewToolResultText builds a result that is no error")
	_, ok = o.ResultConstructor(l.callee("plain"))
	assert.False(t, ok)

	nonNil, causes, ok := o.ErrorBuild(l.info, l.call("notFound"))
	require.True(t, ok)
	assert.True(t, nonNil)
	require.Len(t, causes, 1)
	assert.Equal(t, `errors.New("cause")`, types.ExprString(causes[0]))
	_, _, ok = o.ErrorBuild(l.info, l.call("plain"))
	assert.False(t, ok, "errors.New builds no *mcperr.Error")

	assert.True(t, oracle.IsProtocolErrorTypeName("*github.com/modelcontextprotocol/go-sdk/jsonrpc.Error"))
	assert.False(t, oracle.IsProtocolErrorTypeName("*github.com/modelcontextprotocol/go-sdk/mcp.CallToolResult"))
}

// TestToolResultValue: a result made in the function is read from its stores (the literal's
// and later ones); nil is known; a result the function is given is not.
func TestToolResultValue(t *testing.T) {
	l := load(t)
	rv := oracle.ToolResultValue(l.returned(t, "written"))
	assert.True(t, rv.Known)
	assert.True(t, rv.IsError, "res.IsError = true")
	assert.Len(t, rv.Content, 1, "res.Content = ...")
	assert.False(t, oracle.ToolResultValue(l.returned(t, "fine")).IsError)
	assert.Equal(t, oracle.ResultValue{Known: true, Nil: true}, oracle.ToolResultValue(l.returned(t, "none")))
	assert.False(t, oracle.ToolResultValue(l.returned(t, "passed")).Known)
}
