package vocab

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// The model's input: where a handler's raw tool arguments come from, and whether a panic in a
// handler is recovered before it reaches the SDK's goroutine.

// IsArgumentsField reports whether f is the raw arguments field of a call-tool request's
// params: go-sdk CallToolParamsRaw.Arguments and CallToolParams.Arguments, mark3labs
// CallToolParams.Arguments (a map before v0.30, any since).
func IsArgumentsField(f *types.Var) bool {
	if f == nil || !f.IsField() || f.Name() != "Arguments" || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case sdkapi.GoSDKMCPPath, sdkapi.MarkLabsMCPPath:
		return true
	}
	return false
}

// IsArgumentsMethod reports whether fn returns a request's raw arguments: mark3labs
// CallToolRequest.GetArguments (a map) and GetRawArguments (any).
func IsArgumentsMethod(fn *types.Func) bool {
	if fn == nil || (fn.Name() != "GetArguments" && fn.Name() != "GetRawArguments") {
		return false
	}
	return sdkapi.APIOf(fn) == sdkapi.APIArgGet
}

// RecoversPanics reports whether the package installs panic recovery on a server it builds:
// mark3labs server.WithRecovery(), or a go-sdk receiving middleware (a function given to
// AddReceivingMiddleware) whose body calls recover.
func (r *Vocab) RecoversPanics(files []*ast.File) bool {
	if r.Info == nil {
		return false
	}
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if found || !ok {
				return !found
			}
			switch sdkapi.Key(typeutil.Callee(r.Info, call)) {
			case sdkapi.MarkLabsServerPath + ".WithRecovery":
				found = true
			case sdkapi.GoSDKMCPPath + ".Server.AddReceivingMiddleware":
				for _, a := range call.Args {
					if callsRecover(r.Info, a, files) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// callsRecover reports whether e, a middleware given by value (a literal, or a function of
// the package by name, or a call of one that builds it), calls the builtin recover.
func callsRecover(info *types.Info, e ast.Expr, files []*ast.File) bool {
	var body ast.Node
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		body = x
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr:
		fun := x
		if c, ok := x.(*ast.CallExpr); ok {
			fun = c.Fun
		}
		var obj types.Object
		switch f := ast.Unparen(fun).(type) {
		case *ast.Ident:
			obj = info.Uses[f]
		case *ast.SelectorExpr:
			obj = info.Uses[f.Sel]
		}
		for _, file := range files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && obj != nil && info.Defs[fd.Name] == obj {
					body = fd
				}
			}
		}
	}
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
