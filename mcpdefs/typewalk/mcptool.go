package typewalk

import "go/types"

// ReachesMCPToolEnum reports whether mcptool's inference puts enum values into t's schema:
// some type reachable from t implements mcptool.Enum (EnumValues() []any), whose values are
// known only at run time.
func ReachesMCPToolEnum(t types.Type) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		t = types.Unalias(t)
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if _, named := t.(*types.Named); named {
			for _, m := range []types.Type{t, types.NewPointer(t)} {
				if sel := types.NewMethodSet(m).Lookup(nil, "EnumValues"); sel != nil {
					return true
				}
				// Unexported packages' methods are looked up by their package too.
				if n := t.(*types.Named); n.Obj().Pkg() != nil {
					if sel := types.NewMethodSet(m).Lookup(n.Obj().Pkg(), "EnumValues"); sel != nil {
						return true
					}
				}
			}
		}
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			return walk(u.Key()) || walk(u.Elem())
		case *types.Struct:
			for i := range u.NumFields() {
				if walk(u.Field(i).Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}
