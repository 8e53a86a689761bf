package metamorphic

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// The layer rewrites: every tool handler of the fixture (a package-level function or a
// method whose signature is a go-sdk low-level or typed, or a mark3labs, tool handler) goes
// behind one of the server's own layers, so that the SDK reaches it only through that layer.
// The handler gets a first parameter the SDK does not pass (`_ *mmlayer.Env`, the layer's
// environment), so that its signature is no SDK handler's and no package sees, alone, that it
// is one; the layer's code lives in a package of its own beside the fixture's (…/mmlayer), and
// a registration of the handler on an SDK server (`s.AddTool(tool, h)`, `mcp.AddTool(s, tool,
// h)`) becomes one through the layer on the same server. A handler registered nowhere is
// registered on a server of the layer package from an init function. A handler referred to
// any other way (given to an adapter of the fixture, called, referred to from another package)
// stays as it is.
//
// Only mcplint's module graph follows these layers (a layer site in the package that calls the
// function value, the function in the package that takes its value): the layer columns run
// through the driver, as `mcplint ./...` does (see measurement.drive).

const (
	goSDKMCP    = "github.com/modelcontextprotocol/go-sdk/mcp"
	m3MCP       = "github.com/mark3labs/mcp-go/mcp"
	m3ServerPkg = "github.com/mark3labs/mcp-go/server"
)

// flavour is the SDK handler shape of a handler.
type flavour int

const (
	noFlavour flavour = iota
	goLow             // go-sdk func(ctx, *mcp.CallToolRequest) (*mcp.CallToolResult, error)
	goTyped           // go-sdk func(ctx, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)
	m3Low             // mark3labs func(ctx, mcp.CallToolRequest) (*mcp.CallToolResult, error)
)

// layerKind is one layer: its column name, the declarations of its package and what a
// registration becomes.
type layerKind struct {
	name, doc string
	// methods: a method can go behind it (its method value is the layer's function).
	methods bool
	// perPackage: recognition in each package follows the layer without the module graph
	// (an adapter of another package, read through its facts).
	perPackage bool
	// spells: a registration through it spells the handler's types (In and Out for a typed
	// handler, or all of them), which must then mean the same in the registration's file.
	spells func(f flavour) bool
	// decls is the source of the layer package's declarations after its imports.
	decls string
	// register is the statement that replaces a registration.
	register func(u *unit, h *layerHandler, r *layerReg) ast.Stmt
	// extra are declarations to put after the handler's (its table).
	extra func(u *unit, h *layerHandler) []ast.Decl
}

// layerHandler is a handler going behind a layer.
type layerHandler struct {
	file    *ast.File
	decl    *ast.FuncDecl
	obj     *types.Func
	flavour flavour
	sdk     string   // the name of the request type's package in the handler's file
	in, out ast.Expr // a typed handler's In and Out, as its declaration spells them
	regs    []*layerReg
	name    string // the tool's name for a handler registered nowhere
	table   string // layer-table: the table's name
	typ     string // layer-iface: the type implementing the layer's interface
}

// layerReg is a registration of a handler: the SDK call, in a statement of its own.
type layerReg struct {
	file   *ast.File
	stmt   *ast.ExprStmt // nil for the registration a handler registered nowhere gets
	call   *ast.CallExpr
	arg    int // the handler's argument
	server ast.Expr
	tool   ast.Expr
	value  ast.Expr // the handler as the registration names it
}

// layerKindOf is the layer of a layer rewrite's column; nil for another column.
func layerKindOf(column string) *layerKind {
	for _, k := range layerKinds {
		if "layer-"+k.name == column {
			return k
		}
	}
	return nil
}

// LayerRewrites lists the layer rewrites, in the order of the matrix's columns.
func LayerRewrites() []Rewrite {
	var out []Rewrite
	for _, k := range layerKinds {
		out = append(out, Rewrite{Name: "layer-" + k.name, Doc: k.doc, apply: k.apply, driver: true})
	}
	return out
}

// layerPreamble opens every layer package: its environment, a server of each SDK for the
// handlers registered nowhere, and a definition of each SDK by name.
const layerPreamble = `// Package mmlayer is a layer of the server's own between the SDK and its handlers, written by
// the metamorphic harness.
package mmlayer

import (
	"context"
	"reflect"

	m3 "github.com/mark3labs/mcp-go/mcp"
	m3server "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Env is what the layer hands every handler besides the SDK's arguments.
type Env struct{}

var (
	GoServer = mcp.NewServer(&mcp.Implementation{Name: "mmlayer", Version: "1.0.0"}, nil)
	M3Server = m3server.NewMCPServer("mmlayer", "1.0.0")
)

func GoDef(name string) *mcp.Tool { return &mcp.Tool{Name: name} }

func M3Def(name string) m3.Tool { return m3.NewTool(name) }

// reflect is for layer-reflect.
var _ = reflect.ValueOf
`

// The layer kinds. In each, the handler h of a fixture package is reached through the layer
// package's code only.
var layerKinds = []*layerKind{
	{
		name:    "struct",
		doc:     "a struct of the server's own with a `Handler` field, built in the fixture's package (`mmlayer.GoTool{Tool: tool, Handler: h}`) and registered by a pass-through adapter of another package that returns `t.Handler(env, ctx, req)`",
		methods: true,
		spells:  func(f flavour) bool { return f == goTyped },
		decls: `
type GoTool struct {
	Tool    *mcp.Tool
	Handler func(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

func AddGoTools(s *mcp.Server, tools ...GoTool) {
	for _, t := range tools {
		s.AddTool(t.Tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return t.Handler(&Env{}, ctx, req)
		})
	}
}

type M3Tool struct {
	Tool    m3.Tool
	Handler func(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)
}

func AddM3Tools(s *m3server.MCPServer, tools ...M3Tool) {
	for _, t := range tools {
		s.AddTool(t.Tool, func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
			return t.Handler(&Env{}, ctx, req)
		})
	}
}

type TypedTool[In, Out any] struct {
	Tool    *mcp.Tool
	Handler func(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)
}

func AddTypedTools[In, Out any](s *mcp.Server, tools ...TypedTool[In, Out]) {
	for _, t := range tools {
		mcp.AddTool(s, t.Tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
			return t.Handler(&Env{}, ctx, req, in)
		})
	}
}
`,
		register: perFlavour(
			"mmlayer.AddGoTools(S_, mmlayer.GoTool{Tool: T_, Handler: H_})",
			"mmlayer.AddM3Tools(S_, mmlayer.M3Tool{Tool: T_, Handler: H_})",
			"mmlayer.AddTypedTools(S_, mmlayer.TypedTool[IN_, OUT_]{Tool: T_, Handler: H_})"),
	},
	{
		name:    "map",
		doc:     "a `map[string]HandlerFunc` of a named func type of another package, built in the fixture's package (`mmlayer.AddGoMap(s, tool, map[string]mmlayer.GoFunc{\"h\": h})`) and iterated there to register `handlers[name](env, ctx, req)`",
		methods: true,
		spells:  func(f flavour) bool { return f == goTyped },
		decls: `
type GoFunc func(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)

func AddGoMap(s *mcp.Server, tool *mcp.Tool, handlers map[string]GoFunc) {
	for name := range handlers {
		s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return handlers[name](&Env{}, ctx, req)
		})
	}
}

type M3Func func(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)

func AddM3Map(s *m3server.MCPServer, tool m3.Tool, handlers map[string]M3Func) {
	for name := range handlers {
		s.AddTool(tool, func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
			return handlers[name](&Env{}, ctx, req)
		})
	}
}

type TypedFunc[In, Out any] func(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)

func AddTypedMap[In, Out any](s *mcp.Server, tool *mcp.Tool, handlers map[string]TypedFunc[In, Out]) {
	for name := range handlers {
		mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
			return handlers[name](&Env{}, ctx, req, in)
		})
	}
}
`,
		register: perFlavour(
			"mmlayer.AddGoMap(S_, T_, map[string]mmlayer.GoFunc{NAME_: H_})",
			"mmlayer.AddM3Map(S_, T_, map[string]mmlayer.M3Func{NAME_: H_})",
			"mmlayer.AddTypedMap(S_, T_, map[string]mmlayer.TypedFunc[IN_, OUT_]{NAME_: H_})"),
	},
	{
		name:   "iface",
		doc:    "a slice of an interface of another package with `Definition()` and `Handle(env, ctx, req)`; the handler's body becomes the `Handle` method of a small struct of its own that holds the definition (`mmlayer.AddGoHandlers(s, hTool{def: tool})`)",
		spells: func(f flavour) bool { return f == goTyped },
		decls: `
type GoHandler interface {
	Definition() *mcp.Tool
	Handle(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

func AddGoHandlers(s *mcp.Server, tools ...GoHandler) {
	for _, t := range tools {
		s.AddTool(t.Definition(), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return t.Handle(&Env{}, ctx, req)
		})
	}
}

type M3Handler interface {
	Definition() m3.Tool
	Handle(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)
}

func AddM3Handlers(s *m3server.MCPServer, tools ...M3Handler) {
	for _, t := range tools {
		s.AddTool(t.Definition(), func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
			return t.Handle(&Env{}, ctx, req)
		})
	}
}

type TypedHandler[In, Out any] interface {
	Definition() *mcp.Tool
	HandleTyped(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)
}

func AddTypedHandlers[In, Out any](s *mcp.Server, tools ...TypedHandler[In, Out]) {
	for _, t := range tools {
		mcp.AddTool(s, t.Definition(), func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
			return t.HandleTyped(&Env{}, ctx, req, in)
		})
	}
}
`,
		register: func(u *unit, h *layerHandler, r *layerReg) ast.Stmt {
			holes := u.holes(h, r)
			holes["H_"] = &ast.CompositeLit{Type: ast.NewIdent(h.typ), Elts: []ast.Expr{&ast.KeyValueExpr{Key: ast.NewIdent("def"), Value: r.tool}}}
			switch h.flavour {
			case goLow:
				return u.stmt("mmlayer.AddGoHandlers(S_, H_)", holes)
			case m3Low:
				return u.stmt("mmlayer.AddM3Handlers(S_, H_)", holes)
			}
			return u.stmt("mmlayer.AddTypedHandlers[IN_, OUT_](S_, H_)", holes)
		},
	},
	{
		name:    "register",
		doc:     "a registration helper of another package: generic for go-sdk typed handlers (`mmlayer.Register[In, Out any](s, tool, h)`), one per SDK for the others",
		methods: true,
		// Recognition reads a registrar that is also an adapter of its handler parameter,
		// and passes it on in an analysis fact.
		perPackage: true,
		spells:     func(flavour) bool { return false },
		decls: `
func RegisterGo(s *mcp.Server, tool *mcp.Tool, h func(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)) {
	s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(&Env{}, ctx, req)
	})
}

func RegisterM3(s *m3server.MCPServer, tool m3.Tool, h func(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)) {
	s.AddTool(tool, func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		return h(&Env{}, ctx, req)
	})
}

func Register[In, Out any](s *mcp.Server, tool *mcp.Tool, h func(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		return h(&Env{}, ctx, req, in)
	})
}
`,
		register: perFlavour(
			"mmlayer.RegisterGo(S_, T_, H_)",
			"mmlayer.RegisterM3(S_, T_, H_)",
			"mmlayer.Register(S_, T_, H_)"),
	},
	{
		name:       "wrap",
		doc:        "a wrapper of another package that takes the handler and returns an SDK handler calling it, its results unchanged: `s.AddTool(tool, mmlayer.WrapGo(h))`",
		methods:    true,
		perPackage: true,
		spells:     func(flavour) bool { return false },
		decls: `
func WrapGo(inner func(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return inner(&Env{}, ctx, req)
	}
}

func WrapM3(inner func(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)) m3server.ToolHandlerFunc {
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		return inner(&Env{}, ctx, req)
	}
}

func WrapTyped[In, Out any](inner func(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		return inner(&Env{}, ctx, req, in)
	}
}
`,
		register: func(u *unit, h *layerHandler, r *layerReg) ast.Stmt {
			wrap := map[flavour]string{goLow: "WrapGo", m3Low: "WrapM3", goTyped: "WrapTyped"}[h.flavour]
			r.call.Args[r.arg] = u.expr("mmlayer."+wrap+"(H_)", u.holes(h, r))
			return &ast.ExprStmt{X: r.call}
		},
	},
	{
		name:    "reflect",
		doc:     "a registration helper of another package that takes the handler as `fn any` and registers a closure calling it through `reflect.ValueOf(fn).Call(args)`, reading its results out of the `[]reflect.Value`: `mmlayer.AddGoReflect(s, tool, h)`",
		methods: true,
		// Recognition reads a registrar whose reflective call is an adapter of its handler
		// parameter, and passes it on in an analysis fact.
		perPackage: true,
		spells:     func(flavour) bool { return false },
		decls: `
func AddGoReflect(s *mcp.Server, tool *mcp.Tool, fn any) {
	s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(&Env{}), reflect.ValueOf(ctx), reflect.ValueOf(req)})
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		err, _ := out[1].Interface().(error)
		return res, err
	})
}

func AddM3Reflect(s *m3server.MCPServer, tool m3.Tool, fn any) {
	s.AddTool(tool, func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(&Env{}), reflect.ValueOf(ctx), reflect.ValueOf(req)})
		res, _ := out[0].Interface().(*m3.CallToolResult)
		err, _ := out[1].Interface().(error)
		return res, err
	})
}

func AddTypedReflect[In, Out any](s *mcp.Server, tool *mcp.Tool, fn any) {
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		out := reflect.ValueOf(fn).Call([]reflect.Value{reflect.ValueOf(&Env{}), reflect.ValueOf(ctx), reflect.ValueOf(req), reflect.ValueOf(in)})
		res, _ := out[0].Interface().(*mcp.CallToolResult)
		o, _ := out[1].Interface().(Out)
		err, _ := out[2].Interface().(error)
		return res, o, err
	})
}
`,
		register: perFlavour(
			"mmlayer.AddGoReflect(S_, T_, H_)",
			"mmlayer.AddM3Reflect(S_, T_, H_)",
			"mmlayer.AddTypedReflect[IN_, OUT_](S_, T_, H_)"),
	},
	{
		name:    "table",
		doc:     "a package-level table of the fixture's package, `[]struct{name string; handler HandlerFunc}` (a named func type of another package), iterated there to register a closure that calls `e.handler(env, ctx, req)`",
		methods: true,
		spells:  func(flavour) bool { return true },
		decls: `
type GoFunc func(env *Env, ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)

type M3Func func(env *Env, ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error)

type TypedFunc[In, Out any] func(env *Env, ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error)
`,
		register: func(u *unit, h *layerHandler, r *layerReg) ast.Stmt {
			entry := u.fresh("mmEntry")
			r.call.Args[r.arg] = u.tableClosure(h, entry)
			return &ast.RangeStmt{
				Key: ast.NewIdent("_"), Value: ast.NewIdent(entry), Tok: token.DEFINE, X: ast.NewIdent(h.table),
				Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: r.call}}},
			}
		},
		extra: func(u *unit, h *layerHandler) []ast.Decl {
			holes := u.holes(h, &layerReg{value: h.value()})
			holes["TABLE_"] = ast.NewIdent(h.table)
			ft := map[flavour]string{goLow: "mmlayer.GoFunc", m3Low: "mmlayer.M3Func", goTyped: "mmlayer.TypedFunc[IN_, OUT_]"}[h.flavour]
			return u.decls("var TABLE_ = []struct {\n\tname    string\n\thandler "+ft+"\n}{{NAME_, H_}}", holes)
		},
	},
}

func (k *layerKind) apply(u *unit) {
	if u.declared["mmlayer"] {
		return
	}
	hs := u.layerHandlers(k)
	if len(hs) == 0 {
		return
	}
	layerPath := u.pkg.Path() + "/mmlayer"
	u.raw = append(u.raw, rawFile{rel: path.Join(path.Dir(u.names[0]), "mmlayer", "mmlayer.go"), src: layerPreamble + k.decls})
	byDecl := map[*ast.FuncDecl]*layerHandler{}
	repl := map[*ast.ExprStmt]ast.Stmt{}
	for _, h := range hs {
		byDecl[h.decl] = h
		u.touch(h.decl)
		u.imports[h.file] = append(u.imports[h.file], layerPath)
		env := &ast.Field{Names: []*ast.Ident{ast.NewIdent("_")}, Type: &ast.StarExpr{X: &ast.SelectorExpr{X: ast.NewIdent("mmlayer"), Sel: ast.NewIdent("Env")}}}
		h.decl.Type.Params.List = append([]*ast.Field{env}, h.decl.Type.Params.List...)
		if k.name == "table" {
			h.table = u.fresh(h.decl.Name.Name + "Table")
		}
		if k.name == "iface" {
			h.typ = u.fresh(h.decl.Name.Name + "Tool")
		}
		for _, r := range h.regs {
			u.touch(r.stmt)
			u.imports[r.file] = append(u.imports[r.file], layerPath)
			repl[r.stmt] = k.register(u, h, r)
		}
	}
	for _, f := range u.files {
		f.Decls = u.layerDecls(k, f.Decls, byDecl)
		astutil.Apply(f, nil, func(c *astutil.Cursor) bool {
			if s, ok := c.Node().(*ast.ExprStmt); ok && repl[s] != nil {
				c.Replace(repl[s])
			}
			return true
		})
	}
}

// layerDecls puts each handler's declarations in place of its own: the handler, then what
// the layer adds beside it (its table, the init function that registers a handler registered
// nowhere); or, for layer-iface, the handler's type and its two methods.
func (u *unit) layerDecls(k *layerKind, decls []ast.Decl, byDecl map[*ast.FuncDecl]*layerHandler) []ast.Decl {
	var out []ast.Decl
	for _, d := range decls {
		fd, _ := d.(*ast.FuncDecl)
		h := byDecl[fd]
		if h == nil {
			out = append(out, d)
			continue
		}
		if k.name == "iface" {
			holes := map[string]ast.Expr{"SDK_": ast.NewIdent(h.sdk), "TYPE_": ast.NewIdent(h.typ)}
			tool := "*SDK_.Tool"
			if h.flavour == m3Low {
				tool = "SDK_.Tool"
			}
			out = append(out, u.decls("type TYPE_ struct{ def "+tool+" }", holes)...)
			out = append(out, u.decls("func (t TYPE_) Definition() "+tool+" { return t.def }", holes)...)
			// The generic interface's method has a name of its own: the module graph matches a
			// method of a generic interface by its name alone, and would give the low-level
			// handlers' Handle methods the typed handlers' wire too (a conflict drops both).
			method := "Handle"
			if h.flavour == goTyped {
				method = "HandleTyped"
			}
			handle := &ast.FuncDecl{
				Recv: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent(h.typ)}}},
				Name: ast.NewIdent(method), Type: fd.Type, Body: fd.Body,
			}
			u.origin[handle] = u.orig[fd]
			out = append(out, handle)
		} else {
			out = append(out, d)
		}
		if k.extra != nil {
			out = append(out, k.extra(u, h)...)
		}
		if len(h.regs) == 0 {
			r := u.defaultReg(h)
			out = append(out, &ast.FuncDecl{
				Name: ast.NewIdent("init"), Type: &ast.FuncType{Params: &ast.FieldList{}},
				Body: &ast.BlockStmt{List: []ast.Stmt{k.register(u, h, r)}},
			})
		}
	}
	return out
}

// defaultReg is the registration of a handler registered nowhere: on the layer package's
// server of its SDK, under its own name.
func (u *unit) defaultReg(h *layerHandler) *layerReg {
	r := &layerReg{file: h.file, value: h.value()}
	switch h.flavour {
	case m3Low:
		r.server, r.tool = u.expr("mmlayer.M3Server", nil), u.expr("mmlayer.M3Def(NAME_)", map[string]ast.Expr{"NAME_": strLit(h.name)})
		r.call = &ast.CallExpr{Fun: &ast.SelectorExpr{X: r.server, Sel: ast.NewIdent("AddTool")}, Args: []ast.Expr{r.tool, r.value}}
		r.arg = 1
	case goLow:
		r.server, r.tool = u.expr("mmlayer.GoServer", nil), u.expr("mmlayer.GoDef(NAME_)", map[string]ast.Expr{"NAME_": strLit(h.name)})
		r.call = &ast.CallExpr{Fun: &ast.SelectorExpr{X: r.server, Sel: ast.NewIdent("AddTool")}, Args: []ast.Expr{r.tool, r.value}}
		r.arg = 1
	default:
		r.server, r.tool = u.expr("mmlayer.GoServer", nil), u.expr("mmlayer.GoDef(NAME_)", map[string]ast.Expr{"NAME_": strLit(h.name)})
		r.call = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(h.sdk), Sel: ast.NewIdent("AddTool")}, Args: []ast.Expr{r.server, r.tool, r.value}}
		r.arg = 2
	}
	return r
}

// value is the handler as a registration in its package names it: its name, or for a
// method a method value of a new value of its receiver's type.
func (h *layerHandler) value() ast.Expr {
	if h.decl.Recv == nil {
		return ast.NewIdent(h.decl.Name.Name)
	}
	t := h.decl.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	return &ast.SelectorExpr{
		X:   &ast.CallExpr{Fun: ast.NewIdent("new"), Args: []ast.Expr{ast.NewIdent(t.(*ast.Ident).Name)}},
		Sel: ast.NewIdent(h.decl.Name.Name),
	}
}

// holes are the values of a registration's placeholders.
func (u *unit) holes(h *layerHandler, r *layerReg) map[string]ast.Expr {
	m := map[string]ast.Expr{"S_": r.server, "T_": r.tool, "H_": r.value, "NAME_": strLit(h.name)}
	if h.flavour == goTyped {
		m["IN_"], m["OUT_"] = u.copyOf(h.in).(ast.Expr), u.copyOf(h.out).(ast.Expr)
	}
	return m
}

// tableClosure is the SDK handler layer-table registers for an entry of a handler's table:
// `func(ctx C, req R[, in In]) (…) { return entry.handler(&mmlayer.Env{}, ctx, req[, in]) }`,
// with the handler's own parameter and result types.
func (u *unit) tableClosure(h *layerHandler, entry string) *ast.FuncLit {
	ft := &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{}}
	args := []ast.Expr{u.expr("&mmlayer.Env{}", nil)}
	names := []string{"ctx", "req", "in"}
	i := 0
	for _, f := range h.decl.Type.Params.List[1:] { // the first is the layer's Env
		for range max(1, len(f.Names)) {
			ft.Params.List = append(ft.Params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent(names[i])}, Type: u.copyOf(f.Type).(ast.Expr)})
			args = append(args, ast.NewIdent(names[i]))
			i++
		}
	}
	for _, f := range h.decl.Type.Results.List {
		for range max(1, len(f.Names)) {
			ft.Results.List = append(ft.Results.List, &ast.Field{Type: u.copyOf(f.Type).(ast.Expr)})
		}
	}
	call := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(entry), Sel: ast.NewIdent("handler")}, Args: args}
	return &ast.FuncLit{Type: ft, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{call}}}}}
}

// layerHandlers finds the handlers of u that can go behind layer k: declarations (and, when
// the layer takes them, methods of a type that is not generic) of a tool handler's signature
// whose every use is a registration on an SDK server in a statement of its own.
func (u *unit) layerHandlers(k *layerKind) []*layerHandler {
	var hs []*layerHandler
	byObj := map[types.Object]*layerHandler{}
	for _, f := range u.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || hasTypeParams(fd) || fd.Name.Name == "_" {
				continue
			}
			if fd.Recv != nil {
				if !k.methods || len(fd.Recv.List) != 1 {
					continue
				}
				t := fd.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				if _, ok := t.(*ast.Ident); !ok {
					continue
				}
			}
			obj, _ := u.object(fd.Name).(*types.Func)
			if obj == nil || u.usedElsewhere[obj.FullName()] {
				continue
			}
			h := &layerHandler{file: f, decl: fd, obj: obj, flavour: flavourOf(obj.Signature()), name: fd.Name.Name}
			if h.flavour == noFlavour || !u.handlerTypes(h) {
				continue
			}
			hs = append(hs, h)
			byObj[obj] = h
		}
	}
	if len(hs) == 0 {
		return nil
	}
	// Every use of a handler must be a registration it can take.
	bad := map[*layerHandler]bool{}
	for _, f := range u.files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			h := byObj[u.object(id)]
			if h == nil || id == h.decl.Name {
				return true
			}
			r := u.registration(f, stack)
			if r == nil || (k.spells(h.flavour) && !u.spellable(h, r.file)) {
				bad[h] = true
				return true
			}
			h.regs = append(h.regs, r)
			return true
		})
	}
	var out []*layerHandler
	for _, h := range hs {
		if !bad[h] && (k.name != "table" || h.decl.Recv == nil || len(h.regs) == 0) {
			out = append(out, h)
		}
	}
	return out
}

// handlerTypes reads from a handler's declaration the name of its request type's package and,
// for a typed handler, the In and Out types.
func (u *unit) handlerTypes(h *layerHandler) bool {
	var params, results []ast.Expr
	for _, f := range h.decl.Type.Params.List {
		for range max(1, len(f.Names)) {
			params = append(params, f.Type)
		}
	}
	if h.decl.Type.Results != nil {
		for _, f := range h.decl.Type.Results.List {
			for range max(1, len(f.Names)) {
				results = append(results, f.Type)
			}
		}
	}
	req := params[1]
	if s, ok := req.(*ast.StarExpr); ok {
		req = s.X
	}
	sel, ok := req.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	if _, ok := u.object(x).(*types.PkgName); !ok {
		return false
	}
	h.sdk = x.Name
	if h.flavour == goTyped {
		h.in, h.out = params[2], results[1]
	}
	return true
}

// registration is the SDK registration whose handler argument is the identifier on top of
// stack (or the method value it selects), in a statement of its own; nil when it is none.
func (u *unit) registration(f *ast.File, stack []ast.Node) *layerReg {
	i := len(stack) - 1
	value := stack[i].(ast.Expr)
	if sel, ok := stack[i-1].(*ast.SelectorExpr); ok && sel.Sel == stack[i] {
		i--
		value = sel
	}
	if i < 2 {
		return nil
	}
	call, ok := stack[i-1].(*ast.CallExpr)
	if !ok {
		return nil
	}
	stmt, ok := stack[i-2].(*ast.ExprStmt)
	if !ok || stmt.X != call {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		if ix, ok := call.Fun.(*ast.IndexListExpr); ok {
			sel, _ = ix.X.(*ast.SelectorExpr)
		}
		if sel == nil {
			return nil
		}
	}
	fn, ok := u.object(sel.Sel).(*types.Func)
	if !ok {
		return nil
	}
	r := &layerReg{file: f, stmt: stmt, call: call, value: value}
	switch fn.FullName() {
	case "(*" + goSDKMCP + ".Server).AddTool", "(*" + m3ServerPkg + ".MCPServer).AddTool":
		if len(call.Args) != 2 || call.Args[1] != value {
			return nil
		}
		r.server, r.tool, r.arg = sel.X, call.Args[0], 1
	case goSDKMCP + ".AddTool":
		if len(call.Args) != 3 || call.Args[2] != value {
			return nil
		}
		r.server, r.tool, r.arg = call.Args[0], call.Args[1], 2
	default:
		return nil
	}
	return r
}

// spellable reports whether the handler's types, as its declaration spells them, mean the
// same in file f: every package they name is imported there under the same name.
func (u *unit) spellable(h *layerHandler, f *ast.File) bool {
	if f == h.file {
		return true
	}
	of, _ := u.orig[f].(*ast.File)
	scope := u.info.Scopes[of]
	if scope == nil {
		return false
	}
	ok := true
	ast.Inspect(h.decl.Type, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID {
			return ok
		}
		if pn, isPkg := u.object(id).(*types.PkgName); isPkg {
			other, _ := scope.Lookup(id.Name).(*types.PkgName)
			if other == nil || other.Imported() != pn.Imported() {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// flavourOf is the SDK tool handler shape of a signature.
func flavourOf(sig *types.Signature) flavour {
	ps, rs := sig.Params(), sig.Results()
	if sig.Variadic() || ps.Len() < 2 || rs.Len() < 2 || !isNamed(ps.At(0).Type(), "context", "Context") ||
		!types.Identical(rs.At(rs.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return noFlavour
	}
	goReq := isPointerTo(ps.At(1).Type(), goSDKMCP, "CallToolRequest") && isPointerTo(rs.At(0).Type(), goSDKMCP, "CallToolResult")
	switch {
	case goReq && ps.Len() == 2 && rs.Len() == 2:
		return goLow
	case goReq && ps.Len() == 3 && rs.Len() == 3:
		return goTyped
	case ps.Len() == 2 && rs.Len() == 2 && isNamed(ps.At(1).Type(), m3MCP, "CallToolRequest") && isPointerTo(rs.At(0).Type(), m3MCP, "CallToolResult"):
		return m3Low
	}
	return noFlavour
}

// isNamed reports whether t is the type pkg.name, spelled by that name or by what it is an
// alias of (go-sdk's CallToolRequest is ServerRequest[*CallToolParamsRaw]).
func isNamed(t types.Type, pkg, name string) bool {
	if a, ok := t.(*types.Alias); ok && a.Obj().Pkg() != nil && a.Obj().Pkg().Path() == pkg && a.Obj().Name() == name {
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != pkg {
		return false
	}
	if alias, ok := n.Obj().Pkg().Scope().Lookup(name).(*types.TypeName); ok {
		return types.Identical(n, types.Unalias(alias.Type()))
	}
	return false
}

func isPointerTo(t types.Type, pkg, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), pkg, name)
}

func strLit(s string) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(s)}
}

// expr parses a Go expression in which identifiers ending in "_" are holes filled from holes.
func (u *unit) expr(src string, holes map[string]ast.Expr) ast.Expr {
	e, err := parser.ParseExpr(src)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", src, err))
	}
	return fill(e, holes).(ast.Expr)
}

// stmt is expr's statement.
func (u *unit) stmt(src string, holes map[string]ast.Expr) ast.Stmt {
	return &ast.ExprStmt{X: u.expr(src, holes)}
}

// decls parses top-level declarations with holes, as expr does.
func (u *unit) decls(src string, holes map[string]ast.Expr) []ast.Decl {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src, 0)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", src, err))
	}
	var out []ast.Decl
	for _, d := range f.Decls {
		out = append(out, fill(d, holes).(ast.Decl))
	}
	return out
}

// fill puts the holes' values in place of their identifiers and clears the positions of the
// parsed nodes (they are of another file set).
func fill(n ast.Node, holes map[string]ast.Expr) ast.Node {
	ast.Inspect(n, func(m ast.Node) bool {
		if m == nil {
			return false
		}
		v := reflect.ValueOf(m).Elem()
		if v.Kind() == reflect.Struct {
			for i := range v.NumField() {
				if v.Field(i).Type() == posType {
					v.Field(i).SetInt(0)
				}
			}
		}
		return true
	})
	return astutil.Apply(n, nil, func(c *astutil.Cursor) bool {
		if id, ok := c.Node().(*ast.Ident); ok && strings.HasSuffix(id.Name, "_") {
			if e, ok := holes[id.Name]; ok {
				c.Replace(e)
			} else if id.Name != "_" {
				panic("no value for the hole " + id.Name)
			}
		}
		return true
	})
}

// perFlavour is a layer's registration written as one statement per handler flavour: go-sdk
// low-level, mark3labs, go-sdk typed (with IN_ and OUT_ its type arguments).
func perFlavour(goSrc, m3Src, typedSrc string) func(u *unit, h *layerHandler, r *layerReg) ast.Stmt {
	return func(u *unit, h *layerHandler, r *layerReg) ast.Stmt {
		src := map[flavour]string{goLow: goSrc, m3Low: m3Src}[h.flavour]
		if src == "" {
			src = typedSrc
		}
		return u.stmt(src, u.holes(h, r))
	}
}
