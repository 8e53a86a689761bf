package jsoneval

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// This file evaluates Go expressions to jsonvalue.Values. It stays in recognition because it
// knows SDK types (jsonschema.Schema's MarshalJSON, mark3labs Meta and property options) and
// follows recognition's def-use index (single assignments, mutations, returned literals).

// JSONOf evaluates a Go expression to a JSON tree, following variables with one assignment
// and the types whose JSON form recognition knows. Whatever cannot be known is JSONDynamic.
func (r *Evaluator) JSONOf(e ast.Expr, depth int) *jsonvalue.Value {
	if e == nil {
		return nil
	}
	node := &jsonvalue.Value{Pos: e.Pos(), End: e.End()}
	if depth > mcpmodel.MaxDepth*4 {
		return node
	}
	tv, hasType := r.pass.TypesInfo.Types[e]
	if hasType && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.String:
			node.Kind, node.Str = jsonvalue.String, constant.StringVal(tv.Value)
		case constant.Bool:
			node.Kind, node.Bool = jsonvalue.Bool, constant.BoolVal(tv.Value)
		case constant.Int, constant.Float:
			f, _ := constant.Float64Val(tv.Value)
			node.Kind, node.Num = jsonvalue.Number, f
		}
		return node
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if r.pass.TypesInfo.Uses[x] == types.Universe.Lookup("nil") {
			node.Kind = jsonvalue.Null
			return node
		}
		if v := r.LocalVar(x); v != nil {
			if frame := r.env; frame != nil {
				if arg, bound := frame.params[v]; bound {
					// A parameter of the function whose literal is evaluated: its
					// argument, in the caller's frame.
					r.env = frame.parent
					defer func() { r.env = frame }()
					return r.JSONOf(arg, depth+1)
				}
			}
			if init := r.SingleAssignment(x); init != nil {
				if j, ok := r.followedSchemaVar(v, init, x, depth); ok {
					return j
				}
			}
			if grown, changed := r.MapChange(v, x); changed {
				node.Kind = jsonvalue.Dynamic
				return node
			} else if grown && !r.FieldAssigned[v] {
				if init := r.SingleAssignment(x); init != nil {
					// maps.Copy(props, extra): what is listed is there, and maybe more.
					j := r.JSONOf(init, depth+1)
					if j.Kind == jsonvalue.Object {
						j.Partial = true
						return j
					}
				}
				node.Kind = jsonvalue.Dynamic
				return node
			}
			if r.FieldAssigned[v] || r.passedToModule(v, x) {
				// schema.Type = "object" after the literal, or a function of the module
				// that may change it: what is sent is not what was written.
				node.Kind = jsonvalue.Dynamic
				return node
			}
		}
		if v := r.SingleAssignment(x); v != nil {
			return r.JSONOf(v, depth+1)
		}
	case *ast.SelectorExpr:
		if v := r.SingleAssignment(x); v != nil {
			return r.JSONOf(v, depth+1)
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			inner := r.JSONOf(x.X, depth+1)
			inner.Pos, inner.End = e.Pos(), e.End()
			return inner
		}
	case *ast.CompositeLit:
		return r.jsonComposite(x, node, depth)
	case *ast.CallExpr:
		return r.jsonCall(x, node, depth)
	}
	return node
}

// jsonCall handles conversions of JSON text (json.RawMessage(`...`), []byte("...")) and the
// mark3labs Meta constructor.
func (r *Evaluator) jsonCall(call *ast.CallExpr, node *jsonvalue.Value, depth int) *jsonvalue.Value {
	if tv, ok := r.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		if isByteSlice(tv.Type) {
			return r.jsonText(call.Args[0], node)
		}
		return r.JSONOf(call.Args[0], depth+1)
	}
	if fn := r.Callee(call); fn != nil && sdkapi.Key(fn) == sdkapi.MarkLabsMCPPath+".NewMetaFromMap" && len(call.Args) == 1 {
		return r.JSONOf(call.Args[0], depth+1)
	}
	if fl, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok && len(call.Args) == 0 {
		// func() *jsonschema.Schema { ...; return schema }(): what it returns.
		if rets := r.Returns[fl]; len(rets) == 1 && len(rets[0].Results) == 1 {
			return r.JSONOf(rets[0].Results[0], depth+1)
		}
		return node
	}
	if s, ok := r.FoldCall(call); ok {
		node.Kind, node.Str = jsonvalue.String, s
		return node
	}
	if sig, ok := r.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); ok && len(call.Args) == 1 && isPointerHelper(sig) {
		// jsonschema.Ptr(1.0), ptr(x): a func(T) *T has no other sensible meaning, and a
		// pointer is encoded as what it points to.
		inner := r.JSONOf(call.Args[0], depth+1)
		inner.Pos, inner.End = call.Pos(), call.End()
		return inner
	}
	if b := r.builder(call); b != nil {
		return r.applyBuilder(call, b, depth)
	}
	// A function of this package that returns one literal written in its body, built from
	// its parameters (fieldsProperty(desc, enum) returning &jsonschema.Schema{...}): the
	// literal with each parameter standing for the call's argument.
	if lit, fn := r.returnedLit(call); lit != nil {
		frame := &argFrame{params: map[types.Object]ast.Expr{}, parent: r.env}
		for i, a := range call.Args {
			if i < fn.Signature().Params().Len() && !(fn.Signature().Variadic() && i >= fn.Signature().Params().Len()-1) {
				frame.params[fn.Signature().Params().At(i)] = a
			}
		}
		r.env = frame
		defer func() { r.env = frame.parent }()
		return r.JSONOf(lit, depth+1)
	}
	// A function of this package that always returns the same literal (a schema builder).
	if lit := r.ResolveLit(call, 0); lit != nil {
		return r.JSONOf(lit, depth+1)
	}
	return node
}

// argFrame binds the parameters of a function whose returned literal is being evaluated
// to the arguments of the call, which are evaluated in the parent frame.
type argFrame struct {
	params map[types.Object]ast.Expr
	parent *argFrame
}

// returnedLit returns the composite literal a function of this package returns on every
// path, written in its own return statements (so that its parameters are the ones in scope).
func (r *Evaluator) returnedLit(call *ast.CallExpr) (*ast.CompositeLit, *types.Func) {
	fn := r.Callee(call)
	if fn == nil || r.Decls[fn] == nil || fn.Signature().Results().Len() != 1 {
		return nil, nil
	}
	var found *ast.CompositeLit
	for _, res := range r.CalleeReturns(call, 0) {
		e := ast.Unparen(res)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok || found != nil && found != lit {
			return nil, nil
		}
		found = lit
	}
	return found, fn
}

// isPointerHelper reports whether sig is func(T) *T.
func isPointerHelper(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() {
		return false
	}
	p, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Pointer)
	return ok && types.Identical(p.Elem(), sig.Params().At(0).Type())
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// jsonText parses a constant string holding JSON text. When the text is a raw string literal
// in the source, nodes point at their own bytes; otherwise at the literal as a whole.
func (r *Evaluator) jsonText(arg ast.Expr, node *jsonvalue.Value) *jsonvalue.Value {
	src, ok := r.ConstString(arg)
	if !ok {
		return node
	}
	parsed, err := jsonvalue.Parse(src)
	if err != nil {
		node.Invalid, node.Err = true, err.Error()
		node.TextPos, node.TextEnd = node.Pos, node.End
		return node
	}
	lit := r.stringLiteral(arg, 0)
	base := token.NoPos
	if lit != nil && strings.HasPrefix(lit.Value, "`") && !strings.Contains(lit.Value, "\r") {
		base = lit.Pos() + 1
	}
	var place func(j *jsonvalue.Value)
	place = func(j *jsonvalue.Value) {
		j.TextPos, j.TextEnd = node.Pos, node.End
		if base.IsValid() {
			j.Pos, j.End = base+token.Pos(j.Offset), base+token.Pos(j.EndOffset)
		} else {
			j.Pos, j.End = node.Pos, node.End
		}
		for _, m := range j.Members {
			if base.IsValid() {
				m.KeyPos = base + token.Pos(m.KeyOffset)
			} else {
				m.KeyPos = node.Pos
			}
			place(m.Value)
		}
		for _, el := range j.Elems {
			place(el)
		}
	}
	place(parsed)
	return parsed
}

// stringLiteral follows e to the string literal that defines it, if any.
func (r *Evaluator) stringLiteral(e ast.Expr, depth int) *ast.BasicLit {
	if depth > mcpmodel.MaxDepth {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			return x
		}
	case *ast.Ident, *ast.SelectorExpr:
		id := astutil.NameIdent(x)
		if c, ok := r.pass.TypesInfo.Uses[id].(*types.Const); ok {
			if as := r.Assigns[c]; len(as) == 1 {
				return r.stringLiteral(as[0], depth+1)
			}
			return nil
		}
		if v := r.SingleAssignment(x); v != nil {
			return r.stringLiteral(v, depth+1)
		}
	}
	return nil
}

// schemaFields maps jsonschema.Schema fields whose json tag is "-" to the key its MarshalJSON
// writes them under.
var schemaFields = map[string]string{
	"Type": "type", "Types": "type", "Items": "items", "ItemsArray": "items",
	"DependencySchemas": "dependencies", "DependencyStrings": "dependencies",
}

// jsonComposite evaluates map, slice and struct literals. Structs follow their json tags,
// except the types whose MarshalJSON recognition knows (jsonschema.Schema, mark3labs Meta).
func (r *Evaluator) jsonComposite(lit *ast.CompositeLit, node *jsonvalue.Value, depth int) *jsonvalue.Value {
	tv, ok := r.pass.TypesInfo.Types[lit]
	if !ok {
		return node
	}
	t := tv.Type
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	key := ""
	if n, ok := types.Unalias(t).(*types.Named); ok {
		key = sdkapi.Key(n.Origin().Obj())
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		node.Kind = jsonvalue.Object
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				node.Partial = true
				continue
			}
			k, ok := r.ConstString(kv.Key)
			if !ok {
				node.Partial = true
				continue
			}
			node.Members = append(node.Members, &jsonvalue.Member{Key: k, KeyPos: kv.Key.Pos(), Value: r.JSONOf(kv.Value, depth+1)})
		}
		return node
	case *types.Slice, *types.Array:
		node.Kind = jsonvalue.Array
		if isByteSlice(u) {
			node.Kind = jsonvalue.Dynamic
			return node
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				// Indexed elements: order is not what is written; give up on order only.
				node.Partial = true
				elt = kv.Value
			}
			el := r.jsonOfElem(elt, u, depth)
			node.Elems = append(node.Elems, el)
		}
		return node
	case *types.Struct:
		node.Kind = jsonvalue.Object
		if key == sdkapi.MarkLabsMCPPath+".Meta" {
			f := r.Fields(lit)
			if add, ok := f["AdditionalFields"]; ok {
				inner := r.JSONOf(add, depth+1)
				inner.Pos, inner.End = node.Pos, node.End
				return inner
			}
			return node
		}
		schema := key == sdkapi.JSONSchemaPath+".Schema"
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				node.Partial = true
				continue
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			field := astutil.FieldIndex(u, id.Name)
			if field < 0 {
				continue
			}
			name := jsonFieldName(u, field)
			if schema {
				if n, special := schemaFields[id.Name]; special {
					name = n
				}
				if id.Name == "Extra" {
					extra := r.JSONOf(kv.Value, depth+1)
					if extra.Kind == jsonvalue.Object {
						node.Members = append(node.Members, extra.Members...)
						node.Partial = node.Partial || extra.Partial
					} else {
						node.Partial = true
					}
					continue
				}
				if id.Name == "PropertyOrder" {
					continue
				}
			}
			if name == "" {
				continue
			}
			node.Members = append(node.Members, &jsonvalue.Member{Key: name, KeyPos: kv.Key.Pos(), Value: r.JSONOf(kv.Value, depth+1)})
		}
		return node
	}
	return node
}

// jsonOfElem evaluates a slice element, whose composite literal type may be elided.
func (r *Evaluator) jsonOfElem(elt ast.Expr, _ types.Type, depth int) *jsonvalue.Value {
	return r.JSONOf(elt, depth+1)
}

// jsonFieldName is the key encoding/json writes a field under ("" when it writes none).
func jsonFieldName(st *types.Struct, i int) string {
	f := st.Field(i)
	if !f.Exported() {
		return ""
	}
	tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json")
	if !ok {
		return f.Name()
	}
	name, _, _ := strings.Cut(tag, ",")
	switch name {
	case "-":
		if tag == "-" {
			return ""
		}
	case "":
		return f.Name()
	}
	return name
}
