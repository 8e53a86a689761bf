// Package layerkey names function values and methods by their types, across packages: the
// keys by which the module graph matches a layer site (a call of a function value or an
// interface method) with the module functions it can run. It knows go/types only; it must not
// import an SDK, recognition or a rule family.
package layerkey

import (
	"go/token"
	"go/types"
	"golang.org/x/tools/go/ssa"
	"strings"
)

// MethodKey is "NAME SIG" for method m; "NAME *" when its signature mentions a type
// parameter (a generic interface's method as seen inside a generic function), which any
// method of that name matches.
func MethodKey(m *types.Func) string {
	if mentionsTypeParam(m.Signature()) {
		return m.Name() + " *"
	}
	return m.Name() + " " + SignatureKey(m.Signature())
}

// InterfaceKeys are the MethodKeys of every method of iface.
func InterfaceKeys(iface *types.Interface) []string {
	var out []string
	for i := 0; i < iface.NumMethods(); i++ {
		out = append(out, MethodKey(iface.Method(i)))
	}
	return out
}

// mentionsTypeParam reports whether a type parameter occurs in sig's parameters or results.
func mentionsTypeParam(sig *types.Signature) bool {
	found := false
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch x := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Pointer:
			walk(x.Elem(), depth+1)
		case *types.Slice:
			walk(x.Elem(), depth+1)
		case *types.Map:
			walk(x.Key(), depth+1)
			walk(x.Elem(), depth+1)
		case *types.Named:
			for i := 0; i < x.TypeArgs().Len(); i++ {
				walk(x.TypeArgs().At(i), depth+1)
			}
		case *types.Signature:
			for i := 0; i < x.Params().Len(); i++ {
				walk(x.Params().At(i).Type(), depth+1)
			}
			for i := 0; i < x.Results().Len(); i++ {
				walk(x.Results().At(i).Type(), depth+1)
			}
		}
	}
	walk(sig, 0)
	return found
}

// SignatureKey is the canonical text of sig's parameter and result types, with full package
// paths and no names: two function values can run each other's callees when their keys match.
func SignatureKey(sig *types.Signature) string {
	var b strings.Builder
	tuple := func(t *types.Tuple, variadic bool) {
		b.WriteByte('(')
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			typ := t.At(i).Type()
			if variadic && i == t.Len()-1 {
				b.WriteString("...")
				if s, ok := typ.(*types.Slice); ok {
					typ = s.Elem()
				}
			}
			b.WriteString(types.TypeString(typ, nil))
		}
		b.WriteByte(')')
	}
	tuple(sig.Params(), sig.Variadic())
	tuple(sig.Results(), false)
	return b.String()
}

// FieldKey is "field S.F" for field i of the struct type t is (or points to), with S the
// named type, or the struct type's own text when it has no name (a table's element type).
func FieldKey(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	if named, ok := types.Unalias(t).(*types.Named); ok {
		// A generic type's field is one field whatever the type arguments: the adapter
		// calls it as Tool[In, Out].Handler, a table stores it as Tool[Args, Result].Handler.
		t = named.Origin()
	}
	if st == nil || i >= st.NumFields() {
		return "field " + types.TypeString(t, nil)
	}
	return "field " + types.TypeString(t, nil) + "." + st.Field(i).Name()
}

// ValueKey is the key of the function value v a site calls (see LayerSite.Key).
func ValueKey(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		switch a := u.X.(type) {
		case *ssa.FieldAddr:
			return FieldKey(a.X.Type(), a.Field)
		case *ssa.Global:
			return "global " + a.Pkg.Pkg.Path() + "." + a.Name()
		}
	}
	if f, ok := v.(*ssa.Field); ok {
		return FieldKey(f.X.Type(), f.Field)
	}
	if named, ok := types.Unalias(v.Type()).(*types.Named); ok {
		return "named " + types.TypeString(named.Origin(), nil)
	}
	sig, _ := v.Type().Underlying().(*types.Signature)
	if sig == nil {
		return ""
	}
	return "func " + SignatureKey(sig)
}

// Destinations adds to keys where the function value used by use goes: stored in a field or
// a package variable, converted to a named func type (and from there, stored).
func Destinations(use ssa.Instruction, keys map[string]bool, depth int) {
	if use == nil || depth > 3 {
		return
	}
	switch x := use.(type) {
	case *ssa.Store:
		switch a := x.Addr.(type) {
		case *ssa.FieldAddr:
			keys[FieldKey(a.X.Type(), a.Field)] = true
		case *ssa.Global:
			keys["global "+a.Pkg.Pkg.Path()+"."+a.Name()] = true
		}
	case *ssa.ChangeType, *ssa.Convert:
		v := x.(ssa.Value)
		if named, ok := types.Unalias(v.Type()).(*types.Named); ok {
			keys["named "+types.TypeString(named.Origin(), nil)] = true
		}
		for _, ref := range *v.Referrers() {
			Destinations(ref, keys, depth+1)
		}
	}
}
