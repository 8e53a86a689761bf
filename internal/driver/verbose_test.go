package driver

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// TestHandlerShapes: -v counts handlers per SDK by how recognition reached them, once per
// position, and the adapter calls whose functions are not checked, by reason.
func TestHandlerShapes(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("a.go", -1, 100)
	at := func(off int) ast.Node { return &ast.FuncLit{Type: &ast.FuncType{Func: f.Pos(off)}} }
	h := func(off int, flavour mcpmodel.Flavour, shape mcpmodel.Shape) *mcpmodel.Handler {
		return &mcpmodel.Handler{Kind: mcpmodel.Tool, SDK: sdkapi.GoSDK, Flavour: flavour, Shape: shape, Node: at(off)}
	}
	res := &mcpdefs.Result{
		Handlers: []*mcpmodel.Handler{
			h(1, mcpmodel.GoSDKTool, mcpmodel.ShapeSDK),
			h(2, mcpmodel.AdaptedTool, mcpmodel.ShapeInterface),
			h(3, mcpmodel.AdaptedTool, mcpmodel.ShapeInterface),
			h(4, mcpmodel.GoSDKTypedTool, mcpmodel.ShapePassThrough),
		},
		Unmapped: []mcpmodel.Unmapped{{SDK: sdkapi.GoSDK, Reason: "out of reach", Call: &ast.CallExpr{Fun: &ast.Ident{NamePos: f.Pos(9)}}}},
	}
	r := newRecognised()
	pass := &analysis.Pass{Fset: fset}
	r.observe(pass, res)
	r.observe(pass, res) // a test variant of the same package: counted once
	var b strings.Builder
	r.write(&b, nil)
	assert.Contains(t, b.String(), "mcplint: recognised go-sdk: definitions 0; handlers 4 (AdaptedTool 2, GoSDKTool 1, GoSDKTypedTool 1), by shape 4 (adapter:interface 2, adapter:pass-through 1, sdk-typed 1), 0 returning helper-built values\n")
	assert.Contains(t, b.String(), "mcplint: go-sdk adapters whose functions are not checked: 1 (out of reach 1)\n")
}
