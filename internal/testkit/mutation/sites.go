package mutation

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// The SDK packages the harness recognises handler signatures of. The harness has its own list on
// purpose: its site finding must not depend on mcplint's recognition (mcpdefs), or recall would be
// measured by the thing measured.
const (
	goSDKMCP = "github.com/modelcontextprotocol/go-sdk/mcp"
	m3MCP    = "github.com/mark3labs/mcp-go/mcp"
)

// Shapes: how the function carrying the planted defect reaches the SDK.
const (
	// ShapeSDK: the function has an SDK handler signature itself.
	ShapeSDK = "sdk-handler"
	// ShapeAdapter: an SDK-like handler with extra parameters, handed to the server's adapter
	// (github's NewTool(…, func(ctx, deps, req, args) …)).
	ShapeAdapter = "adapter"
	// ShapeHelper: a function returning an SDK result and an error that a handler returns on
	// (github's GetIssue, terraform's getPlanDetailsHandler(ctx, req, logger)).
	ShapeHelper = "helper-func"
	// ShapeOwn: a function of the server's own handler type, converted by its adapter.
	ShapeOwn = "own-type"
)

type kind int

const (
	kindTyped    kind = iota // go-sdk typed tool handler: (*CallToolResult, Out, error)
	kindTool                 // (*CallToolResult, error), either SDK
	kindResource             // go-sdk (*ReadResourceResult, error)
	kindOwn                  // a server's own handler type
)

// fileInfo is one source file of a loaded package.
type fileInfo struct {
	rel  string // slash path relative to the server's module directory
	abs  string
	src  []byte
	ast  *ast.File
	tf   *token.File
	pkg  *packages.Package
	info *types.Info
}

func (f *fileInfo) off(p token.Pos) int { return f.tf.Offset(p) }
func (f *fileInfo) line(p token.Pos) int {
	return f.tf.Line(p)
}
func (f *fileInfo) text(n ast.Node) string { return string(f.src[f.off(n.Pos()):f.off(n.End())]) }

// function is a function (declaration or literal) the harness plants defects in.
type function struct {
	file          *fileInfo
	node          ast.Node
	body          *ast.BlockStmt
	sig           *types.Signature
	kind          kind
	shape         string
	wire          Wire
	resultDropped bool  // a pointer result the server discards beside a non-nil error
	outConcrete   bool  // typed: Out is neither an interface nor a type parameter
	nilNil        *bool // some return is `return nil, nil`; nil until returnsNilNil asks
	name          string
	startLine     int
	endLine       int
}

func (fn *function) key() string {
	return fmt.Sprintf("%s:%d", fn.file.rel, fn.file.off(fn.node.Pos()))
}

func isErrorType(t types.Type) bool { return astutil.IsError(t) }

// named reports whether t (or *t when ptr) is the named type path.name.
func named(t types.Type, ptr bool, path, name string) bool {
	if ptr {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

func isContext(t types.Type) bool { return named(t, false, "context", "Context") }

// signatureKey prints a function type without parameter names, packages qualified by path.
func signatureKey(sig *types.Signature) string {
	tuple := func(t *types.Tuple) string {
		var parts []string
		for i := range t.Len() {
			parts = append(parts, types.TypeString(t.At(i).Type(), nil))
		}
		return strings.Join(parts, ", ")
	}
	return "func(" + tuple(sig.Params()) + ") (" + tuple(sig.Results()) + ")"
}

// classify decides whether a function with this signature is a handler-like function of the
// server, and of which kind and shape.
func classify(s *Server, sig *types.Signature) (fn function, ok bool) {
	params, res := sig.Params(), sig.Results()
	param := func(i int) types.Type {
		if i < 0 {
			i += params.Len()
		}
		if i < 0 || i >= params.Len() {
			return types.Typ[types.Invalid]
		}
		return params.At(i).Type()
	}
	switch {
	case res.Len() == 3 && named(res.At(0).Type(), true, goSDKMCP, "CallToolResult") && isErrorType(res.At(2).Type()):
		fn.kind, fn.wire, fn.resultDropped = kindTyped, s.TypedWire, true
		fn.shape = ShapeAdapter
		if params.Len() == 3 && isContext(param(0)) && named(param(1), true, goSDKMCP, "CallToolRequest") {
			fn.shape = ShapeSDK
		}
		out := res.At(1).Type()
		_, isIface := out.Underlying().(*types.Interface)
		_, isParam := types.Unalias(out).(*types.TypeParam)
		fn.outConcrete = !isIface && !isParam
		return fn, true
	case res.Len() == 2 && isErrorType(res.At(1).Type()) &&
		(named(res.At(0).Type(), true, goSDKMCP, "CallToolResult") || named(res.At(0).Type(), true, m3MCP, "CallToolResult")):
		fn.kind, fn.resultDropped = kindTool, true
		m3 := named(res.At(0).Type(), true, m3MCP, "CallToolResult")
		switch {
		case params.Len() == 2 && isContext(param(0)) &&
			(named(param(1), true, goSDKMCP, "CallToolRequest") || named(param(1), false, m3MCP, "CallToolRequest")):
			fn.shape, fn.wire = ShapeSDK, WireProtocol
		case named(param(-1), true, goSDKMCP, "CallToolRequest"):
			// github's NewToolFromHandler(…, func(ctx, deps, req) (*CallToolResult, error))
			fn.shape, fn.wire = ShapeAdapter, WireProtocol
		case m3:
			// A mark3labs handler returns what the helper returns.
			fn.shape, fn.wire = ShapeHelper, WireProtocol
		default:
			// A go-sdk helper whose (result, error) a typed handler returns.
			fn.shape, fn.wire = ShapeHelper, s.TypedWire
		}
		return fn, true
	case res.Len() == 2 && isErrorType(res.At(1).Type()) && named(res.At(0).Type(), true, goSDKMCP, "ReadResourceResult"):
		fn.kind, fn.wire, fn.resultDropped = kindResource, WireProtocol, true
		fn.shape = ShapeHelper
		if params.Len() == 2 && isContext(param(0)) && named(param(1), true, goSDKMCP, "ReadResourceRequest") {
			fn.shape = ShapeSDK
		}
		return fn, true
	}
	key := signatureKey(sig)
	for _, own := range s.Own {
		if own.Signature == key {
			fn.kind, fn.shape, fn.wire, fn.resultDropped = kindOwn, ShapeOwn, own.Wire, own.ResultDroppedOnError
			return fn, true
		}
	}
	return fn, false
}

// functions lists the handler-like functions of the loaded packages.
func functions(s *Server, dir string, pkgs []*packages.Package) []*function {
	var out []*function
	for _, pkg := range pkgs {
		for _, file := range pkg.Syntax {
			tf := pkg.Fset.File(file.Pos())
			abs := tf.Name()
			rel, err := filepath.Rel(dir, abs)
			if err != nil || strings.HasPrefix(rel, "..") || strings.HasSuffix(abs, "_test.go") {
				continue
			}
			rel = filepath.ToSlash(rel)
			if excluded(s, rel) || ast.IsGenerated(file) {
				continue
			}
			src, err := readFile(abs)
			if err != nil {
				continue
			}
			fi := &fileInfo{rel: rel, abs: abs, src: src, ast: file, tf: tf, pkg: pkg, info: pkg.TypesInfo}
			ast.Inspect(file, func(n ast.Node) bool {
				var sig *types.Signature
				var body *ast.BlockStmt
				name := ""
				switch n := n.(type) {
				case *ast.FuncDecl:
					if n.Body == nil {
						return false
					}
					obj, _ := pkg.TypesInfo.Defs[n.Name].(*types.Func)
					if obj == nil {
						return true
					}
					sig, body, name = obj.Type().(*types.Signature), n.Body, n.Name.Name
					if n.Recv != nil && len(n.Recv.List) == 1 {
						name = recvName(n.Recv.List[0].Type) + "." + name
					}
				case *ast.FuncLit:
					t, ok := pkg.TypesInfo.Types[n]
					if !ok {
						return true
					}
					sig, _ = t.Type.(*types.Signature)
					body = n.Body
					name = fmt.Sprintf("func@%d", tf.Line(n.Pos()))
				default:
					return true
				}
				if sig == nil {
					return true
				}
				fn, ok := classify(s, sig)
				if !ok {
					return true
				}
				fn.file, fn.node, fn.body, fn.sig, fn.name = fi, n, body, sig, name
				fn.startLine, fn.endLine = tf.Line(n.Pos()), tf.Line(n.End())
				out = append(out, &fn)
				return true
			})
		}
	}
	return out
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func excluded(s *Server, rel string) bool {
	for _, p := range s.Exclude {
		if strings.HasPrefix(rel, p) {
			return true
		}
	}
	return false
}

// ret is one return statement of a function, with what the harness knows of its context.
type ret struct {
	fn   *function
	stmt *ast.ReturnStmt
	// errVar is the error tested by the innermost enclosing `if X != nil` whose body holds the
	// return ("" outside such a branch).
	errVar string
	// errAssign is the statement that assigned errVar, when it is the one just before the if.
	errAssign *ast.AssignStmt
	inIf      bool // inside the body of some if statement
	// checkedArg names the argument whose value the innermost enclosing if tests against a zero
	// value (`if name == ""`, `if len(ids) == 0`), when it was read from the tool's arguments.
	checkedArg string
}

// returns lists the return statements of fn's own body (not of nested function literals).
func returns(fn *function) []*ret {
	var out []*ret
	astutil.InspectAncestors(fn.body, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok {
			out = append(out, describeReturn(fn, r, stack))
		}
		return true
	})
	return out
}

func describeReturn(fn *function, r *ast.ReturnStmt, stack []ast.Node) *ret {
	d := &ret{fn: fn, stmt: r}
	for i := len(stack) - 1; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || i+1 >= len(stack) || stack[i+1] != ifs.Body {
			continue
		}
		if !d.inIf {
			d.checkedArg = zeroTestedArgument(fn, ifs.Cond)
		}
		d.inIf = true
		if d.errVar != "" {
			continue
		}
		be, ok := ifs.Cond.(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ {
			continue
		}
		id, ok := be.X.(*ast.Ident)
		if !ok || !isNil(be.Y) {
			continue
		}
		if t := fn.file.info.TypeOf(id); t == nil || !isErrorType(t) {
			continue
		}
		d.errVar = id.Name
		_, d.errAssign = assigningCall(id.Name, ifs, stack[:i])
	}
	return d
}

// assigningCall names the call that assigned v just before (or in the init of) the if statement.
func assigningCall(v string, ifs *ast.IfStmt, outer []ast.Node) (string, *ast.AssignStmt) {
	if as, ok := ifs.Init.(*ast.AssignStmt); ok {
		if c := callAssigning(v, as); c != "" {
			return c, as
		}
	}
	if len(outer) == 0 {
		return "", nil
	}
	list := astutil.Statements(outer[len(outer)-1])
	for i, st := range list {
		if st != ifs || i == 0 {
			continue
		}
		switch prev := list[i-1].(type) {
		case *ast.AssignStmt:
			return callAssigning(v, prev), prev
		case *ast.DeclStmt:
			if gd, ok := prev.Decl.(*ast.GenDecl); ok && len(gd.Specs) == 1 {
				if vs, ok := gd.Specs[0].(*ast.ValueSpec); ok && len(vs.Values) == 1 {
					for _, n := range vs.Names {
						if n.Name == v {
							return calleeName(vs.Values[0]), nil
						}
					}
				}
			}
		}
	}
	return "", nil
}

func callAssigning(v string, as *ast.AssignStmt) string {
	if len(as.Rhs) != 1 {
		return ""
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == v {
			return calleeName(as.Rhs[0])
		}
	}
	return ""
}

func calleeName(e ast.Expr) string {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	fun := c.Fun
	for {
		switch f := fun.(type) {
		case *ast.IndexExpr:
			fun = f.X
			continue
		case *ast.IndexListExpr:
			fun = f.X
			continue
		case *ast.SelectorExpr:
			return f.Sel.Name
		case *ast.Ident:
			return f.Name
		}
		return ""
	}
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// accessorCall: the call reads the tool's arguments by what it is: the SDKs' Require*/Bind*, a
// server's RequiredParam/OptionalParam helpers, and Get* methods of a request or parameters
// value (mark3labs' req.GetString, podman's params.GetStringArray), not any Get* (os.Getwd,
// client.GetHttpClientFromContext).
func accessorCall(fn *function, c *ast.CallExpr) bool {
	name := calleeName(c)
	for _, p := range []string{"Require", "Optional", "Bind"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(name, "Get") {
		return false
	}
	t := fn.file.info.TypeOf(sel.X)
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && (strings.HasSuffix(n.Obj().Name(), "Request") || strings.HasSuffix(n.Obj().Name(), "Params"))
}

// parserCall: a call of this name parses what it is given, arguments or upstream data alike
// (json.Unmarshal, strconv, the Parse* family).
func parserCall(name string) bool {
	for _, p := range []string{"Parse", "Unmarshal", "Atoi", "Decode"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// decodesArguments: the assignment's call reads the tool's arguments, by an accessor, or by a
// parser given something read from the arguments (not an upstream response).
func decodesArguments(fn *function, as *ast.AssignStmt) bool {
	if as == nil || len(as.Rhs) != 1 {
		return false
	}
	c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	if accessorCall(fn, c) {
		return true
	}
	if !parserCall(calleeName(c)) {
		return false
	}
	for _, a := range c.Args {
		if fromArguments(fn, a) {
			return true
		}
	}
	return false
}

// fromArguments: e mentions the request's Arguments, a map parameter of the function (an own
// handler's `args map[string]any`), or a variable assigned from an argument accessor or from a
// type assertion of an index into a map.
func fromArguments(fn *function, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "Arguments" {
				found = true
			}
		case *ast.Ident:
			if argumentVariable(fn, n.Name) {
				found = true
			}
		}
		return !found
	})
	return found
}

// argumentVariable: name is a map parameter of the function, or a variable the function
// assigns from an argument accessor or from a type assertion of an index into a map.
func argumentVariable(fn *function, name string) bool {
	for i := range fn.sig.Params().Len() {
		p := fn.sig.Params().At(i)
		if _, isMap := p.Type().Underlying().(*types.Map); isMap && p.Name() == name {
			return true
		}
	}
	found := false
	ast.Inspect(fn.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok || len(as.Rhs) != 1 {
			return !found
		}
		for _, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && lid.Name == name {
				switch rhs := ast.Unparen(as.Rhs[0]).(type) {
				case *ast.CallExpr:
					found = accessorCall(fn, rhs)
				case *ast.TypeAssertExpr:
					_, found = ast.Unparen(rhs.X).(*ast.IndexExpr)
				}
			}
		}
		return !found
	})
	return found
}

// zeroTestedArgument: cond compares a variable with a zero value (`x == ""`, `x == 0`,
// `len(x) == 0`, `x <= 0`) and the function assigned that variable from the tool's arguments
// (an argument accessor call, or a type assertion of an index into an arguments map).
func zeroTestedArgument(fn *function, cond ast.Expr) string {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || (be.Op != token.EQL && be.Op != token.LEQ) {
		return ""
	}
	lit, ok := be.Y.(*ast.BasicLit)
	if !ok || (lit.Value != `""` && lit.Value != "0") {
		return ""
	}
	x := be.X
	if c, ok := x.(*ast.CallExpr); ok && len(c.Args) == 1 && calleeName(c) == "len" {
		x = c.Args[0]
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return ""
	}
	if !argumentVariable(fn, id.Name) {
		return ""
	}
	return id.Name
}
