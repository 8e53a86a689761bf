package oracle

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// ResultValue is what a handler writes into a tool result it makes itself, read from SSA:
// the stores into the result's Content field and whether it sets IsError to true. Known is
// false when the value is not a result made in the function (a helper's, a parameter).
type ResultValue struct {
	Known   bool
	Nil     bool
	IsError bool
	// Content are the stores into the result's Content field (the literal's and any later
	// res.Content = ...).
	Content []*ssa.Store
}

// ToolResultValue reads v, a *CallToolResult of either SDK returned on one path, as
// ResultValue.
func ToolResultValue(v ssa.Value) ResultValue {
	v = flow.Core(v)
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return ResultValue{Known: true, Nil: true}
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok || sdkapi.TypeAPI(alloc.Type()) != sdkapi.APIToolResultType || alloc.Referrers() == nil {
		return ResultValue{}
	}
	st, ok := alloc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return ResultValue{}
	}
	out := ResultValue{Known: true}
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != alloc || fa.Referrers() == nil {
			continue
		}
		name := st.Field(fa.Field).Name()
		for _, r := range *fa.Referrers() {
			store, ok := r.(*ssa.Store)
			if !ok || store.Addr != fa {
				continue
			}
			switch name {
			case "Content":
				out.Content = append(out.Content, store)
			case "IsError":
				if c, ok := store.Val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) {
					out.IsError = true
				}
			}
		}
	}
	return out
}
