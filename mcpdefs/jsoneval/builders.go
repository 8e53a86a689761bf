package jsoneval

// Schema builders: code of the module that adds to a *jsonschema.Schema after its literal is
// written, followed so that the schema recognition reports is the one the server sends.
//
//	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{...}}
//	schema.Properties["fields"] = fieldsProperty("...", enum)   // a property set after the literal
//	WithPagination(schema)                                       // a builder: adds page, perPage
//	... mcp.Tool{InputSchema: schema}
//
// A builder is a function of the package whose body only sets constant-keyed properties of
// one *jsonschema.Schema parameter and returns that parameter (or nothing). Anything else
// done to the variable between its literal and its use makes its value unknown, as before.

import (
	"go/ast"
	"go/token"
	"go/types"

	xastutil "golang.org/x/tools/go/ast/astutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// propertySet is `x.Properties["key"] = value` on a schema variable x, or with keyword set,
// `x.Properties["key"].Field = value` (keyword is the field's JSON key). Extra, whose members
// jsonschema-go writes beside the keywords, is set whole (`.Extra = map[string]any{...}`,
// extra set) or one key at a time (`.Extra["x-mcp-header"] = "Owner"`, keyword that key and
// extra set).
type propertySet struct {
	key     string
	keyAt   token.Pos
	value   ast.Expr
	keyword string
	extra   bool
}

// schemaBuilder is what a builder function does to its schema parameter.
type schemaBuilder struct {
	param int // index of the schema parameter
	sets  []propertySet
}

// IsSchemaPtr reports whether t is *jsonschema.Schema.
func IsSchemaPtr(t types.Type) bool { return sdkapi.IsPointerTo(t, sdkapi.JSONSchemaPath+".Schema") }

// propertySetOf recognises `v.Properties["key"] = value` (a single assignment with a constant
// key) on the variable v.
func (r *Evaluator) propertySetOf(s ast.Stmt, v types.Object) (propertySet, bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return propertySet{}, false
	}
	lhs := ast.Unparen(as.Lhs[0])
	keyword, extra := "", false
	if ix, ok := lhs.(*ast.IndexExpr); ok {
		// schema.Properties["owner"].Extra["x-mcp-header"] = "Owner": one key of Extra.
		if fsel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr); ok && fsel.Sel.Name == "Extra" {
			if _, ok := schemaStruct(r.pass.TypesInfo.TypeOf(fsel.X)); ok {
				k, ok := r.ConstString(ix.Index)
				if !ok {
					return propertySet{}, false
				}
				keyword, extra, lhs = k, true, ast.Unparen(fsel.X)
			}
		}
	}
	if fsel, ok := lhs.(*ast.SelectorExpr); ok && !extra {
		// schema.Properties["page"].Description = "...": one keyword of a property.
		st, ok := schemaStruct(r.pass.TypesInfo.TypeOf(fsel.X))
		if !ok {
			return propertySet{}, false
		}
		i := astutil.FieldIndex(st, fsel.Sel.Name)
		if i < 0 {
			return propertySet{}, false
		}
		if fsel.Sel.Name == "Extra" {
			extra = true
		} else if keyword = jsonFieldName(st, i); keyword == "" || schemaFields[fsel.Sel.Name] != "" {
			return propertySet{}, false
		}
		lhs = ast.Unparen(fsel.X)
	}
	ix, ok := lhs.(*ast.IndexExpr)
	if !ok {
		return propertySet{}, false
	}
	sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Properties" || r.LocalVar(sel.X) != v || !IsSchemaPtr(r.pass.TypesInfo.TypeOf(sel.X)) {
		return propertySet{}, false
	}
	key, ok := r.ConstString(ix.Index)
	if !ok {
		return propertySet{}, false
	}
	return propertySet{key: key, keyAt: ix.Index.Pos(), value: as.Rhs[0], keyword: keyword, extra: extra}, true
}

// schemaStruct returns the struct of *jsonschema.Schema.
func schemaStruct(t types.Type) (*types.Struct, bool) {
	if t == nil || !IsSchemaPtr(t) {
		return nil, false
	}
	st, ok := t.(*types.Pointer).Elem().Underlying().(*types.Struct)
	return st, ok
}

// builder returns the builder summary of the function a call invokes, or nil when the
// callee is not a builder of this package.
func (r *Evaluator) builder(call *ast.CallExpr) *schemaBuilder {
	fn := r.Callee(call)
	if fn == nil {
		return nil
	}
	if b, done := r.builders[fn]; done {
		return b
	}
	r.builders[fn] = nil // recursion guard
	decl := r.Decls[fn]
	if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 {
		return nil
	}
	sig := fn.Signature()
	b := &schemaBuilder{param: -1}
	for i := range sig.Params().Len() {
		if IsSchemaPtr(sig.Params().At(i).Type()) {
			if b.param >= 0 {
				return nil // two schemas: which one a caller means is not one thing
			}
			b.param = i
		}
	}
	if b.param < 0 || sig.Variadic() && b.param == sig.Params().Len()-1 {
		return nil
	}
	param := sig.Params().At(b.param)
	switch sig.Results().Len() {
	case 0:
	case 1:
		if !IsSchemaPtr(sig.Results().At(0).Type()) {
			return nil
		}
	default:
		return nil
	}
	for i, s := range decl.Body.List {
		if set, ok := r.propertySetOf(s, param); ok {
			if astutil.Mentions(r.pass.TypesInfo, set.value, param) {
				return nil
			}
			b.sets = append(b.sets, set)
			continue
		}
		if ret, ok := s.(*ast.ReturnStmt); ok && i == len(decl.Body.List)-1 {
			if len(ret.Results) == 0 || len(ret.Results) == 1 && r.LocalVar(ret.Results[0]) == param {
				continue
			}
		}
		return nil
	}
	if len(b.sets) == 0 {
		return nil
	}
	r.builders[fn] = b
	return b
}

// applySets writes property sets into a schema's JSON, each value evaluated by eval. It
// returns false when the schema has no known properties object to write into (a nil map
// there would panic; a dynamic one hides what is replaced).
func applySets(schema *jsonvalue.Value, sets []propertySet, eval func(ast.Expr) *jsonvalue.Value) bool {
	props := schema.Get("properties")
	if props == nil || props.Kind != jsonvalue.Object {
		return false
	}
	for _, s := range sets {
		v := eval(s.value)
		if s.extra {
			prop := props.Get(s.key)
			if prop == nil || prop.Kind != jsonvalue.Object {
				return false
			}
			if s.keyword != "" {
				// An Extra key set on a nil Extra map panics; on a known one it is written
				// beside the keywords.
				prop.Set(s.keyword, s.keyAt, v)
				continue
			}
			if v.Kind != jsonvalue.Object {
				// Extra = nil drops members recognition cannot tell from keywords.
				return false
			}
			for _, m := range v.Members {
				prop.Set(m.Key, m.KeyPos, m.Value)
			}
			prop.Partial = prop.Partial || v.Partial
			continue
		}
		if s.keyword != "" {
			// A keyword of an existing property: without it, the set would panic.
			prop := props.Get(s.key)
			if prop == nil || prop.Kind != jsonvalue.Object {
				return false
			}
			prop.Set(s.keyword, s.keyAt, v)
			continue
		}
		props.Set(s.key, s.keyAt, v)
	}
	return true
}

// applyBuilder evaluates a call of a builder: the schema argument with the builder's
// properties added. Property values are evaluated in the builder's body, where they are
// written; they do not mention the parameter.
func (r *Evaluator) applyBuilder(call *ast.CallExpr, b *schemaBuilder, depth int) *jsonvalue.Value {
	if b.param >= len(call.Args) {
		return &jsonvalue.Value{Pos: call.Pos(), End: call.End()}
	}
	schema := r.JSONOf(call.Args[b.param], depth+1)
	if !applySets(schema, b.sets, func(e ast.Expr) *jsonvalue.Value { return r.JSONOf(e, depth+1) }) {
		return &jsonvalue.Value{Pos: call.Pos(), End: call.End()}
	}
	return schema
}

// followedSchemaVar evaluates the schema variable v at use, whose single assignment is
// init: the literal, then every statement between it and the use, in the block that
// declares it, that adds properties (a property set, a builder call). ok is false when v is
// no such variable or is touched in any other way before the use (its value is then unknown).
func (r *Evaluator) followedSchemaVar(v types.Object, init ast.Expr, use ast.Expr, depth int) (j *jsonvalue.Value, ok bool) {
	if !IsSchemaPtr(v.Type()) {
		return nil, false
	}
	block, at := r.declaringStmt(init)
	if block == nil || use.Pos() < block.Pos() || block.End() < use.End() {
		return nil, false
	}
	var sets []propertySet
	var steps []func(*jsonvalue.Value) bool
	for i, s := range block.List[at+1:] {
		if s.Pos() <= use.Pos() && use.End() <= s.End() {
			for _, later := range block.List[at+1+i+1:] {
				if astutil.Mentions(r.pass.TypesInfo, later, v) {
					// The server holds the same pointer: a change after the use counts too.
					return &jsonvalue.Value{Pos: use.Pos(), End: use.End()}, true
				}
			}
			break
		}
		if !astutil.Mentions(r.pass.TypesInfo, s, v) {
			continue
		}
		if set, ok := r.propertySetOf(s, v); ok {
			sets = append(sets, set)
			continue
		}
		call := builderCallStmt(s, r, v)
		if call == nil {
			return nil, false
		}
		b := r.builder(call)
		if b == nil || b.param >= len(call.Args) || r.LocalVar(call.Args[b.param]) != v {
			return nil, false
		}
		for i, a := range call.Args {
			if i != b.param && astutil.Mentions(r.pass.TypesInfo, a, v) {
				return nil, false
			}
		}
		pending := sets
		sets = nil
		steps = append(steps, func(j *jsonvalue.Value) bool {
			return applySets(j, pending, func(e ast.Expr) *jsonvalue.Value { return r.JSONOf(e, depth+1) }) &&
				applySets(j, b.sets, func(e ast.Expr) *jsonvalue.Value { return r.JSONOf(e, depth+1) })
		})
	}
	if len(sets) > 0 {
		pending := sets
		steps = append(steps, func(j *jsonvalue.Value) bool {
			return applySets(j, pending, func(e ast.Expr) *jsonvalue.Value { return r.JSONOf(e, depth+1) })
		})
	}
	if len(steps) == 0 {
		return nil, false
	}
	j = r.JSONOf(init, depth+1)
	for _, step := range steps {
		if !step(j) {
			return &jsonvalue.Value{Pos: use.Pos(), End: use.End()}, true
		}
	}
	return j, true
}

// builderCallStmt returns the call of `F(v)`, `v = F(v)` or `_ = F(v)`, or nil.
func builderCallStmt(s ast.Stmt, r *Evaluator, v types.Object) *ast.CallExpr {
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ := ast.Unparen(s.X).(*ast.CallExpr)
		return call
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok != token.ASSIGN {
			return nil
		}
		if id, ok := ast.Unparen(s.Lhs[0]).(*ast.Ident); !ok || id.Name != "_" && r.LocalVar(id) != v {
			return nil
		}
		call, _ := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		return call
	}
	return nil
}

// declaringStmt finds the block holding the statement that assigns init, and its index.
func (r *Evaluator) declaringStmt(init ast.Expr) (*ast.BlockStmt, int) {
	for _, f := range r.pass.Files {
		if f.FileStart > init.Pos() || init.End() > f.FileEnd {
			continue
		}
		path, _ := xastutil.PathEnclosingInterval(f, init.Pos(), init.End())
		for i, n := range path {
			block, ok := n.(*ast.BlockStmt)
			if !ok || i == 0 {
				continue
			}
			stmt, ok := path[i-1].(ast.Stmt)
			if !ok {
				return nil, -1
			}
			switch stmt.(type) {
			case *ast.AssignStmt, *ast.DeclStmt:
			default:
				return nil, -1
			}
			for k, s := range block.List {
				if s == stmt {
					return block, k
				}
			}
			return nil, -1
		}
		return nil, -1
	}
	return nil, -1
}

// passedToModule reports whether the schema variable v is handed to a function of the
// module (other than at use) that is not a builder recognition follows: such a function
// may change it.
func (r *Evaluator) passedToModule(v types.Object, use ast.Expr) bool {
	if !IsSchemaPtr(v.Type()) {
		return false
	}
	for _, call := range r.CallArgs[v] {
		if call.Pos() <= use.Pos() && use.End() <= call.End() {
			continue
		}
		fn := r.Callee(call)
		if fn == nil || fn.Pkg() == nil {
			return true // a function value: anything may happen
		}
		if r.Decls[fn] != nil || r.pass.Module != nil && underModulePath(fn.Pkg().Path(), r.pass.Module.Path) {
			return true
		}
	}
	return false
}

func underModulePath(pkgPath, module string) bool {
	return pkgPath == module || len(pkgPath) > len(module) && pkgPath[:len(module)] == module && pkgPath[len(module)] == '/'
}

// MapChange says what calls given the map variable v (other than at use) do to it: grown
// when keys may be added (maps.Copy or maps.Insert into it, a function of the module),
// changed when keys may be removed or replaced (delete, clear, maps.DeleteFunc).
func (r *Evaluator) MapChange(v types.Object, use ast.Expr) (grown, changed bool) {
	if _, isMap := v.Type().Underlying().(*types.Map); !isMap {
		return false, false
	}
	for _, call := range r.CallArgs[v] {
		if call.Pos() <= use.Pos() && use.End() <= call.End() {
			continue
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := r.pass.TypesInfo.Uses[id].(*types.Builtin); ok {
				if b.Name() == "delete" || b.Name() == "clear" {
					changed = true
				}
				continue
			}
		}
		fn := r.Callee(call)
		switch {
		case fn == nil:
			changed = true
		case fn.Pkg() != nil && fn.Pkg().Path() == "maps":
			if len(call.Args) > 0 && r.LocalVar(call.Args[0]) == v {
				switch fn.Name() {
				case "Copy", "Insert":
					grown = true
				case "DeleteFunc":
					changed = true
				}
			}
		case r.Decls[fn] != nil || r.pass.Module != nil && fn.Pkg() != nil && underModulePath(fn.Pkg().Path(), r.pass.Module.Path):
			changed = true
		}
	}
	return grown, changed
}
