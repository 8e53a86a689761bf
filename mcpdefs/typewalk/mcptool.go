package typewalk

import (
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// ReachesMCPToolEnum reports whether mcptool's inference puts enum values into t's schema:
// some type reachable from t implements mcptool.Enum (EnumValues() []any), whose values are
// known only at run time. The inference walks map keys (their schema is inferred too) and no
// channels.
func ReachesMCPToolEnum(t types.Type) bool {
	return astutil.Reaches(t, hasEnumValues, astutil.Edges{MapKeys: true})
}

// hasEnumValues reports whether t is a named type whose value or pointer has an EnumValues
// method.
func hasEnumValues(t types.Type) bool {
	n, named := types.Unalias(t).(*types.Named)
	if !named {
		return false
	}
	for _, m := range []types.Type{n, types.NewPointer(n)} {
		if sel := types.NewMethodSet(m).Lookup(nil, "EnumValues"); sel != nil {
			return true
		}
		// Unexported packages' methods are looked up by their package too.
		if n.Obj().Pkg() != nil {
			if sel := types.NewMethodSet(m).Lookup(n.Obj().Pkg(), "EnumValues"); sel != nil {
				return true
			}
		}
	}
	return false
}
