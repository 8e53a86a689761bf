package templates

import (
	"go/ast"
	"go/types"
	"maps"

	mcpastutil "github.com/mcplint-go/mcplint/internal/astutil"
)

// Binding is what the parameters of the helpers an instance is made through stand for at
// one call of each: its arguments, its variadic arguments (or the slice spread into them) and
// its type arguments. A nil *Binding binds nothing: code read outside any helper's call.
type Binding struct {
	Args     map[*types.Var]ast.Expr
	Variadic map[*types.Var]Variadic
	Types    map[*types.TypeParam]types.Type
}

// Variadic is what a call passes a variadic parameter.
type Variadic struct {
	Args   []ast.Expr
	Spread ast.Expr // xs in f(a, xs...): the arguments are xs's elements
}

// bind binds the parameters of sig, the signature of the function c calls, to c's arguments,
// and its type parameters to targs (c's instantiation), on top of outer's bindings.
func bind(outer *Binding, sig *types.Signature, c *ast.CallExpr, targs *types.TypeList) *Binding {
	b := &Binding{Args: map[*types.Var]ast.Expr{}, Variadic: map[*types.Var]Variadic{}, Types: map[*types.TypeParam]types.Type{}}
	if outer != nil {
		maps.Copy(b.Args, outer.Args)
		maps.Copy(b.Variadic, outer.Variadic)
		maps.Copy(b.Types, outer.Types)
	}
	params := sig.Params()
	for i := range params.Len() {
		p := params.At(i)
		if sig.Variadic() && i == params.Len()-1 {
			va := Variadic{}
			if i < len(c.Args) {
				if c.Ellipsis.IsValid() {
					va.Spread = c.Args[i]
				} else {
					va.Args = c.Args[i:]
				}
			}
			b.Variadic[p] = va
			continue
		}
		if i < len(c.Args) {
			b.Args[p] = c.Args[i]
		}
	}
	if tps := sig.TypeParams(); tps != nil && targs != nil && targs.Len() == tps.Len() {
		for i := range tps.Len() {
			b.Types[tps.At(i)] = targs.At(i)
		}
	}
	return b
}

// Through follows e while it names a parameter bound to an argument.
func (b *Binding) Through(info *types.Info, e ast.Expr) ast.Expr {
	if b == nil {
		return e
	}
	for range maxDepth {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return e
		}
		arg, ok := b.Args[v]
		if !ok {
			return e
		}
		e = arg
	}
	return e
}

// Arg is what parameter v is bound to, followed through the parameters it names; nil when
// v is not bound.
func (b *Binding) Arg(info *types.Info, v *types.Var) ast.Expr {
	if b == nil || b.Args[v] == nil {
		return nil
	}
	return b.Through(info, b.Args[v])
}

// Type is t with the helpers' type parameters replaced by their type arguments. Outside any
// helper's call (nil b) a type that still has a type parameter is unknown (nil).
func (b *Binding) Type(t types.Type) types.Type {
	if b == nil {
		if mcpastutil.HasTypeParam(t) {
			return nil
		}
		return t
	}
	return b.Subst(t)
}

// Subst replaces the type parameters of the helpers in t by their type arguments. A type
// parameter of a helper whose call is not bound stays (schemas inferred from it are unknown).
func (b *Binding) Subst(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	for range maxDepth {
		n := b.substOnce(t)
		if n == nil || types.Identical(n, t) {
			return n
		}
		t = n
	}
	return t
}

func (b *Binding) substOnce(t types.Type) types.Type {
	switch x := types.Unalias(t).(type) {
	case *types.TypeParam:
		if a, ok := b.Types[x]; ok {
			return a
		}
		return x
	case *types.Pointer:
		return types.NewPointer(b.substOnce(x.Elem()))
	case *types.Slice:
		return types.NewSlice(b.substOnce(x.Elem()))
	case *types.Map:
		return types.NewMap(b.substOnce(x.Key()), b.substOnce(x.Elem()))
	case *types.Named:
		if x.TypeArgs() == nil {
			return t
		}
		var args []types.Type
		for i := range x.TypeArgs().Len() {
			args = append(args, b.substOnce(x.TypeArgs().At(i)))
		}
		if inst, err := types.Instantiate(nil, x.Origin(), args, false); err == nil {
			return inst
		}
		return nil
	}
	return t
}

// Assignments is what recognition's walk recorded of the package's variables, for following
// a variable to the one value it holds.
type Assignments struct {
	// Assigns are the expressions assigned to each variable.
	Assigns map[types.Object][]ast.Expr
	// FieldAssigned and AddressTaken mark variables changed other than by assignment.
	FieldAssigned, AddressTaken map[types.Object]bool
}

// SpreadOptions lists the options a spread argument of a constructor (opts in
// NewTool(name, opts...)) holds with b's parameters bound: a variadic parameter's arguments at
// the call, append of such slices and of slice literals, a variable assigned one of those.
// dynamic is true when some of them cannot be read; tail is then the parameter whose
// arguments (a helper's callers') they are, when they are the last options (nil otherwise),
// for the helper's HelperFact.
func (b *Binding) SpreadOptions(info *types.Info, as Assignments, e ast.Expr) (opts []ast.Expr, dynamic bool, tail *types.Var) {
	o := &optionReader{b: b, info: info, as: as}
	opts, dynamic = o.expand(e, 0)
	return opts, dynamic, o.tail
}

type optionReader struct {
	b    *Binding
	info *types.Info
	as   Assignments
	// tail is the parameter the last options read are unknown from, so far.
	tail *types.Var
}

func (o *optionReader) expand(e ast.Expr, depth int) (opts []ast.Expr, dynamic bool) {
	if depth > maxDepth {
		return nil, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if _, isSlice := o.info.TypeOf(x).Underlying().(*types.Slice); isSlice {
			return x.Elts, false
		}
	case *ast.Ident:
		v, ok := o.info.Uses[x].(*types.Var)
		if !ok {
			break
		}
		if o.b != nil {
			if va, ok := o.b.Variadic[v]; ok {
				if va.Spread != nil {
					return o.expand(va.Spread, depth+1)
				}
				return va.Args, false
			}
		}
		if as := o.as.Assigns[v]; len(as) == 1 && !o.as.FieldAssigned[v] && !o.as.AddressTaken[v] {
			return o.expand(as[0], depth+1)
		}
		if len(o.as.Assigns[v]) == 0 {
			// A parameter: the options its function's callers pass (a helper's variadic
			// parameter, for its HelperFact).
			o.tail = v
			return nil, true
		}
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		if !ok || id.Name != "append" || len(x.Args) == 0 {
			break
		}
		if _, builtin := o.info.Uses[id].(*types.Builtin); !builtin {
			break
		}
		opts, dynamic = o.expand(x.Args[0], depth+1)
		rest := x.Args[1:]
		if x.Ellipsis.IsValid() && len(rest) == 1 {
			if dynamic {
				o.tail = nil // the unknown part is not last
			}
			more, dyn := o.expand(rest[0], depth+1)
			return append(append([]ast.Expr(nil), opts...), more...), dynamic || dyn
		}
		if dynamic && len(rest) > 0 {
			o.tail = nil
		}
		return append(append([]ast.Expr(nil), opts...), rest...), dynamic
	}
	return nil, true
}
