package metamorphic

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// layerSource has a handler of each SDK shape: two registered on servers, one registered
// nowhere; a method; and three that stay as they are: one given to a function of its
// package, one that calls itself, one another package uses.
const layerSource = `package a

import (
	"context"
	"errors"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	ID string ` + "`json:\"id\"`" + `
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("low")
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, errors.New("typed")
}

func marks(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return nil, errors.New("marks")
}

func given(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func logged(h mcp.ToolHandler) mcp.ToolHandler { return h }

type svc struct{ n int }

func (s *svc) search(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
	return nil, nil
}

func again(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return again(ctx, req)
}

func Exported(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func serve(s *mcp.Server, ms *server.MCPServer) {
	s.AddTool(&mcp.Tool{Name: "low"}, low)
	ms.AddTool(m3.NewTool("marks"), marks)
	s.AddTool(&mcp.Tool{Name: "given"}, logged(given))
}
`

// layerDir is where the case is loaded, relative to the fixture module.
const layerDir = "inline/metamorphic/layers/a"

var (
	layerOnce sync.Once
	layerPkg  *packages.Package
	layerErr  error
)

// applyLayer rewrites layerSource with a layer rewrite and returns the rewritten file and the
// layer package's.
func applyLayer(t *testing.T, name string) (string, string) {
	t.Helper()
	layerOnce.Do(func() {
		var pkgs []*packages.Package
		pkgs, layerErr = fixtures.LoadSources(map[string]string{layerDir: layerSource})
		if layerErr == nil {
			layerPkg = pkgs[0]
		}
	})
	require.NoError(t, layerErr)
	var rw *Rewrite
	for _, r := range LayerRewrites() {
		if r.Name == name {
			rw = &r
		}
	}
	require.NotNil(t, rw, name)
	require.True(t, rw.driver, "a layer column runs through the driver")
	p := layerPkg
	u := newUnit(p.Fset, p.Types, p.TypesInfo, p.Syntax, []string{layerDir + "/p.go"})
	u.usedElsewhere = map[string]bool{"fixtures/" + layerDir + ".Exported": true}
	rw.apply(u)
	files, _ := u.finish()
	require.Len(t, files, 1)
	src, err := printFile(files[0])
	require.NoError(t, err)
	require.Len(t, u.raw, 1)
	require.Equal(t, layerDir+"/mmlayer/mmlayer.go", u.raw[0].rel)
	return string(src), u.raw[0].src
}

// requireLayer checks a layer rewrite of layerSource: the handlers take the layer's
// environment, no handler is registered on the SDK directly, and what must stay stays.
func requireLayer(t *testing.T, name string, want ...string) string {
	t.Helper()
	got, _ := applyLayer(t, name)
	require.NotRegexp(t, `AddTool\(.*, (low|typed|marks)\)\n`, got, "a handler is registered on the SDK directly")
	require.Contains(t, got, "func given(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {", "a handler given to a function of its package stays")
	require.Contains(t, got, `s.AddTool(&mcp.Tool{Name: "given"}, logged(given))`)
	require.Contains(t, got, "func again(ctx context.Context", "a handler that calls itself stays")
	require.Contains(t, got, "func Exported(ctx context.Context", "a handler another package uses stays")
	if name == "layer-iface" {
		require.Contains(t, got, "func (s *svc) search(ctx context.Context", "layer-iface leaves methods alone")
	} else {
		require.Contains(t, got, "func (s *svc) search(_ *mmlayer.Env, ctx context.Context", name)
		require.Contains(t, got, "new(svc).search", "a method goes behind the layer as a method value")
	}
	for _, w := range want {
		require.Contains(t, got, strings.TrimPrefix(w, "\n"), "%s:\n%s", name, got)
	}
	return got
}

// The rewritten package and its layer package compile, each layer in a directory of its own.
func TestLayerRewritesCompile(t *testing.T) {
	sources := map[string]string{}
	for _, rw := range LayerRewrites() {
		got, layer := applyLayer(t, rw.Name)
		dir := "inline/metamorphic/layers/" + rw.Name + "/a"
		sources[dir] = strings.ReplaceAll(got, `"fixtures/`+layerDir+`/mmlayer"`, `"fixtures/`+dir+`/mmlayer"`)
		sources[dir+"/mmlayer"] = layer
	}
	_, err := fixtures.LoadSources(sources)
	require.NoError(t, err)
}

func TestLayerStruct(t *testing.T) {
	requireLayer(t, "layer-struct", `
func low(_ *mmlayer.Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("low")
}
func typed(_ *mmlayer.Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, errors.New("typed")
}
func init() {
	mmlayer.AddTypedTools(mmlayer.GoServer, mmlayer.TypedTool[In, any]{Tool: mmlayer.GoDef("typed"), Handler: typed})
}
`, `
func serve(s *mcp.Server, ms *server.MCPServer) {
	mmlayer.AddGoTools(s, mmlayer.GoTool{Tool: &mcp.Tool{Name: "low"}, Handler: low})
	mmlayer.AddM3Tools(ms, mmlayer.M3Tool{Tool: m3.NewTool("marks"), Handler: marks})
`)
}

func TestLayerMap(t *testing.T) {
	requireLayer(t, "layer-map", `
func init() {
	mmlayer.AddTypedMap(mmlayer.GoServer, mmlayer.GoDef("typed"), map[string]mmlayer.TypedFunc[In, any]{"typed": typed})
}
`, `
	mmlayer.AddGoMap(s, &mcp.Tool{Name: "low"}, map[string]mmlayer.GoFunc{"low": low})
	mmlayer.AddM3Map(ms, m3.NewTool("marks"), map[string]mmlayer.M3Func{"marks": marks})
`)
}

func TestLayerInterface(t *testing.T) {
	got := requireLayer(t, "layer-iface", `
type lowTool struct {
	def *mcp.Tool
}

func (t lowTool) Definition() *mcp.Tool {
	return t.def
}
func (lowTool) Handle(_ *mmlayer.Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("low")
}
`, `
func (typedTool) HandleTyped(_ *mmlayer.Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return nil, nil, errors.New("typed")
}
func init() {
	mmlayer.AddTypedHandlers[In, any](mmlayer.GoServer, typedTool{def: mmlayer.GoDef("typed")})
}
`, `
type marksTool struct {
	def m3.Tool
}

func (t marksTool) Definition() m3.Tool {
	return t.def
}
`, `
	mmlayer.AddGoHandlers(s, lowTool{def: &mcp.Tool{Name: "low"}})
	mmlayer.AddM3Handlers(ms, marksTool{def: m3.NewTool("marks")})
`)
	require.NotContains(t, got, "func low(", "the handler's body is its type's Handle method")
}

func TestLayerRegister(t *testing.T) {
	requireLayer(t, "layer-register", `
func init() {
	mmlayer.Register(mmlayer.GoServer, mmlayer.GoDef("typed"), typed)
}
`, `
	mmlayer.RegisterGo(s, &mcp.Tool{Name: "low"}, low)
	mmlayer.RegisterM3(ms, m3.NewTool("marks"), marks)
`)
}

func TestLayerWrap(t *testing.T) {
	requireLayer(t, "layer-wrap", `
func init() {
	mcp.AddTool(mmlayer.GoServer, mmlayer.GoDef("typed"), mmlayer.WrapTyped(typed))
}
`, `
	s.AddTool(&mcp.Tool{Name: "low"}, mmlayer.WrapGo(low))
	ms.AddTool(m3.NewTool("marks"), mmlayer.WrapM3(marks))
`)
}

func TestLayerTable(t *testing.T) {
	requireLayer(t, "layer-table", `
var lowTable = []struct {
	name    string
	handler mmlayer.GoFunc
}{{"low", low}}
`, `
var typedTable = []struct {
	name    string
	handler mmlayer.TypedFunc[In, any]
}{{"typed", typed}}

func init() {
	for _, mmEntry3 := range typedTable {
		mcp.AddTool(mmlayer.GoServer, mmlayer.GoDef("typed"), func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			return mmEntry3.handler(&mmlayer.Env{}, ctx, req, in)
		})
	}
}
`, `
	for _, mmEntry := range lowTable {
		s.AddTool(&mcp.Tool{Name: "low"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mmEntry.handler(&mmlayer.Env{}, ctx, req)
		})
	}
`)
}
