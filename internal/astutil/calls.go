package astutil

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/printf"
)

// IsPkgFunc reports whether call invokes the package-level function path.name.
func IsPkgFunc(info *types.Info, call *ast.CallExpr, path, name string) bool {
	return isPkgFuncObj(typeutil.Callee(info, call), path, name)
}

func isPkgFuncObj(obj types.Object, path, name string) bool {
	fn, ok := obj.(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == path && fn.Name() == name && fn.Signature().Recv() == nil
}

// ErrorfWraps returns the indexes (into call.Args) of the arguments a fmt.Errorf call wraps
// with %w, so errors.Is and errors.As reach them. known is false when the format is not a
// constant: then any error argument may be wrapped.
func ErrorfWraps(info *types.Info, call *ast.CallExpr) (wrapped []int, known bool) {
	if len(call.Args) == 0 {
		return nil, true
	}
	format, ok := constStringOf(info, call.Args[0])
	if !ok {
		return nil, false
	}
	for _, v := range printf.Parse(format) {
		if v.Verb == 'w' && v.Arg >= 0 && v.Arg+1 < len(call.Args) {
			wrapped = append(wrapped, v.Arg+1)
		}
	}
	return wrapped, true
}

func constStringOf(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// SelectorRootObject is the object a chain of field selections starts from (res for
// res.Meta.Items), or nil when the chain starts from anything but an identifier. Unlike
// ChainRoot it does not pass through indexes and dereferences.
func SelectorRootObject(info *types.Info, e ast.Expr) types.Object {
	if id, ok := chainRoot(e, false).(*ast.Ident); ok {
		return info.Uses[id]
	}
	return nil
}
