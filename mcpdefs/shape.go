package mcpdefs

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Shape is how recognition reached a handler. `mcplint -v` counts handlers per SDK and per
// shape, so a user learns which of their layers mcplint sees through; every handler shape
// recognition knows is listed here. (Definitions say theirs in Definition.Own and Converter.)
type Shape int

const (
	// ShapeSDK: a handler with an SDK handler signature.
	ShapeSDK Shape = iota
	// ShapeDelegate: a function every return of an SDK handler calls and passes through.
	ShapeDelegate
	// ShapePassThrough: a function given to a pass-through adapter (the SDK handler returns
	// what it returns).
	ShapePassThrough
	// ShapeParam: a function given for a parameter a converting adapter calls.
	ShapeParam
	// ShapeField: a function written to a func-typed field a converting adapter calls.
	ShapeField
	// ShapeInterface: a method implementing the interface method a converting adapter calls.
	ShapeInterface
	// ShapeReflect: a function a converting adapter calls through reflect.Value.Call.
	ShapeReflect
)

var shapeNames = [...]string{
	ShapeSDK:         "sdk-typed",
	ShapeDelegate:    "delegate",
	ShapePassThrough: "adapter:pass-through",
	ShapeParam:       "adapter:parameter",
	ShapeField:       "adapter:field",
	ShapeInterface:   "adapter:interface",
	ShapeReflect:     "adapter:reflect",
}

func (s Shape) String() string {
	if s >= 0 && int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return "unknown"
}

// Adapter reports whether the shape is reached through an adapter of the module.
func (s Shape) Adapter() bool { return s >= ShapePassThrough }

// HelperBuilt reports whether some return of h hands back a tool result or an error that a
// function of the module built (return helpers.NotFound(id), Out{}, nil; return nil,
// mapAPIError(err)): the handler rules judge those through the helper's summary.
func (res *Result) HelperBuilt(h *Handler) bool {
	if res.r == nil || h.Body == nil {
		return false
	}
	info := res.info
	found := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, i := range []int{h.ResultIndex, h.ErrorIndex} {
				if i < 0 || i >= len(n.Results) {
					continue
				}
				call, ok := ast.Unparen(n.Results[i]).(*ast.CallExpr)
				if !ok {
					continue
				}
				fn, _ := typeutil.Callee(info, call).(*types.Func)
				if fn != nil && fn.Pkg() != nil && res.r.modulePackage(fn.Pkg()) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// ModulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (res *Result) ModulePackage(p *types.Package) bool {
	return res.r != nil && p != nil && res.r.modulePackage(p)
}

// modulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (r *recogniser) modulePackage(p *types.Package) bool {
	if sdkapi.KnownPackage(p.Path()) || sdkapi.IsRuntimePackage(p) {
		return false
	}
	if p == r.pass.Pkg {
		return true
	}
	m := r.pass.Module
	if m == nil || m.Path == "" {
		first, _, _ := strings.Cut(p.Path(), "/")
		return strings.Contains(first, ".")
	}
	return p.Path() == m.Path || strings.HasPrefix(p.Path(), m.Path+"/")
}
