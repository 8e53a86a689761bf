// Package schemalib recognises schemas a module builds itself from a Go type with a schema
// library and hands to the SDK as a hand-built schema:
//
//	in, _ := jsonschema.For[Input](nil)                        // google/jsonschema-go
//	mcp.AddTool(s, &mcp.Tool{Name: "x", InputSchema: in}, h)
//
//	r := &jsonschema.Reflector{ExpandedStruct: true}             // invopop/jsonschema
//	b, _ := json.Marshal(r.Reflect(&Input{}))
//	mcp.NewTool("x", mcp.WithRawInputSchema(b))
//
// so that the schema is inferred with that library's rules instead of being unknown. It knows
// the libraries' API (For, ForType, Reflect, the Reflector's fields); what
// each library's inference then makes of the type is typewalk's. It reads the package's code
// through Code, which recognition (mcpdefs) implements with its own index of assignments and
// declarations.
//
// It is part of recognition: it must not import mcpdefs (which imports it), a rule family, the
// registry or the driver; internal/layers' test pins it. The import paths are sdkapi's.
package schemalib

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"
	xastutil "golang.org/x/tools/go/ast/astutil"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// Code is what recognition knows of the analysed package's code.
type Code interface {
	// Assigns are the values v is given by single-value assignments and declarations.
	Assigns(v *types.Var) []ast.Expr
	// Changed reports whether a field of v is assigned or v's address is taken.
	Changed(v *types.Var) bool
	// ObjectOf is the object an identifier defines or uses.
	ObjectOf(id *ast.Ident) types.Object
	// Callee is the function or method a call invokes (its origin), or nil.
	Callee(call *ast.CallExpr) *types.Func
	// Decl is the declaration of a function of the package, or nil; Returns are its own
	// return statements.
	Decl(fn *types.Func) *ast.FuncDecl
	Returns(decl *ast.FuncDecl) []*ast.ReturnStmt
	// TypeArgs are the type arguments of a generic function's instantiation at fun, or nil.
	TypeArgs(fun ast.Expr) *types.TypeList
	// ConstString evaluates e to a constant string.
	ConstString(e ast.Expr) (string, bool)
}

// Versions are the versions of the schema libraries the module builds with ("" when unknown).
type Versions struct {
	JSONSchemaGo, Invopop string
}

// maxDepth bounds how far values are followed, as in recognition.
const maxDepth = 6

// Library is the library a module builds a schema with.
type Library int

const (
	// JSONSchemaGo is github.com/google/jsonschema-go's For / ForType.
	JSONSchemaGo Library = iota + 1
	// Invopop is github.com/invopop/jsonschema's Reflect / Reflector.Reflect.
	Invopop
)

func (l Library) String() string {
	switch l {
	case JSONSchemaGo:
		return "jsonschema-go"
	case Invopop:
		return "invopop"
	}
	return "unknown"
}

// Schema is a schema built by a schema library call in the module.
type Schema struct {
	Library Library
	// Call is the library call.
	Call *ast.CallExpr
	// Type is the Go type the library reflects (as the library receives it: invopop strips
	// one pointer itself, jsonschema-go makes a pointer nullable).
	Type types.Type
	// Invopop are the Reflector's options (Invopop).
	Invopop typewalk.InvopopOptions
	// Unknown, when not empty, says why the schema cannot be inferred although the call is
	// recognised (options set at run time, the schema changed afterwards, a type parameter).
	Unknown string
	// Arg is set when the reflected type is that of a value the function building the schema
	// is given (`fn any`, reflected as reflect.TypeOf(fn).In(1)): known per call (Bind).
	Arg *ReflectedArg
}

// ReflectedArg is a reflected type taken from a parameter's value: the value's own type (In
// is -1), or the type of the In-th parameter of the function it holds; Ptr when the library
// is handed a pointer to a new value of it (reflect.New(t).Interface()).
type ReflectedArg struct {
	Param *types.Var
	In    int
	Ptr   bool
}

const argUnknown = "the type is reflected from a function's argument, known per call"

// Bind returns the schema for one call of the function that builds it from its parameter's
// value (Arg): arg gives the expression a parameter is bound to at that call (nil when
// unbound), and its static type decides the reflected type. Other schemas are returned as
// they are.
func (ls *Schema) Bind(info *types.Info, arg func(*types.Var) ast.Expr) *Schema {
	if ls == nil || ls.Arg == nil || ls.Unknown != argUnknown {
		return ls
	}
	e := arg(ls.Arg.Param)
	if e == nil {
		return ls
	}
	t := info.TypeOf(e)
	if t == nil || types.IsInterface(t) {
		return ls
	}
	if ls.Arg.In >= 0 {
		sig, ok := t.Underlying().(*types.Signature)
		if !ok || ls.Arg.In >= sig.Params().Len() {
			return ls
		}
		t = sig.Params().At(ls.Arg.In).Type()
	}
	if ls.Arg.Ptr {
		t = types.NewPointer(t)
	}
	cp := *ls
	cp.Type, cp.Unknown, cp.Arg = t, "", nil
	return &cp
}

// finder follows expressions of one package to schema library calls.
type finder struct {
	pass     *analysis.Pass
	code     Code
	versions Versions
}

// Find follows a hand-built schema expression to a schema library call; nil when it is none.
func Find(pass *analysis.Pass, code Code, versions Versions, e ast.Expr) *Schema {
	r := &finder{pass: pass, code: code, versions: versions}
	if !r.libraryReachable() {
		return nil
	}
	ls := r.libraryOf(e, 0)
	if ls != nil && ls.Unknown == "" && ls.Type != nil && astutil.HasTypeParam(ls.Type) {
		ls.Unknown = typeParamUnknown
	}
	return ls
}

// libraryReachable reports whether the package can reach a schema library at all, so that
// the common case costs nothing.
func (r *finder) libraryReachable() bool {
	for _, imp := range r.pass.Pkg.Imports() {
		if imp.Path() == sdkapi.JSONSchemaPath || imp.Path() == sdkapi.InvopopPath {
			return true
		}
	}
	return false
}

func (r *finder) libraryOf(e ast.Expr, depth int) *Schema {
	if e == nil || depth > maxDepth {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		v := r.schemaVar(x)
		if v == nil {
			return nil
		}
		def := r.definingExpr(v)
		if def == nil {
			return nil
		}
		ls := r.libraryOf(def, depth+1)
		if ls != nil && ls.Unknown == "" {
			if why := r.changedAfter(v); why != "" {
				ls.Unknown = why
			}
		}
		return ls
	case *ast.CallExpr:
		return r.libraryCall(x, depth)
	}
	return nil
}

func (r *finder) schemaVar(e ast.Expr) *types.Var {
	id := astutil.NameIdent(e)
	if id == nil {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() != r.pass.Pkg {
		return nil
	}
	return v
}

// definingExpr is the one expression v is assigned from: a single assignment, or the first
// result of `s, err := call()`. nil when v is assigned more than once.
func (r *finder) definingExpr(v *types.Var) ast.Expr {
	if as := r.code.Assigns(v); len(as) > 0 {
		if len(as) == 1 && r.tupleAssignments(v) == 0 {
			return as[0]
		}
		return nil
	}
	var found ast.Expr
	count := 0
	for _, f := range r.pass.Files {
		if v.Pos() < f.FileStart || v.Pos() > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && r.code.ObjectOf(id) == v {
							count++
							if i == 0 {
								found = n.Rhs[0]
							}
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) == 1 && len(n.Names) > 1 {
					for i, id := range n.Names {
						if r.code.ObjectOf(id) == v {
							count++
							if i == 0 {
								found = n.Values[0]
							}
						}
					}
				}
			}
			return true
		})
	}
	if count != 1 {
		return nil
	}
	return found
}

// tupleAssignments counts the assignments of v from a multi-value call.
func (r *finder) tupleAssignments(v *types.Var) int {
	count := 0
	for _, f := range r.pass.Files {
		if v.Pos() < f.FileStart || v.Pos() > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) > 1 {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && r.code.ObjectOf(id) == v {
						count++
					}
				}
			}
			return true
		})
	}
	return count
}

// changedAfter says how the value in v may differ from what the library built: a field set
// (`s.Properties["x"].MaxLength = ...`), a method called on it, its address taken. The
// library's schema is then not what is sent.
func (r *finder) changedAfter(v *types.Var) string {
	if r.code.Changed(v) {
		return "the schema is changed after the library builds it"
	}
	return r.firstUse(v, func(id *ast.Ident, parent ast.Node) string {
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			if p.X == id {
				return "the schema is read or changed through " + types.ExprString(p) + " after the library builds it"
			}
		case *ast.IndexExpr:
			if p.X == id {
				return "the schema is changed after the library builds it"
			}
		}
		return ""
	})
}

// firstUse returns the first non-empty verdict judge gives on a use of v (an identifier that
// refers to it, with its parent node) in the file that declares v.
func (r *finder) firstUse(v *types.Var, judge func(id *ast.Ident, parent ast.Node) string) string {
	why := ""
	for _, f := range r.pass.Files {
		if v.Pos() < f.FileStart || v.Pos() > f.FileEnd {
			continue
		}
		xastutil.Apply(f, func(c *xastutil.Cursor) bool {
			if id, ok := c.Node().(*ast.Ident); ok && why == "" && r.pass.TypesInfo.Uses[id] == v {
				why = judge(id, c.Parent())
			}
			return true
		}, nil)
	}
	return why
}

func (r *finder) libraryCall(call *ast.CallExpr, depth int) *Schema {
	info := r.pass.TypesInfo
	// json.RawMessage(b), []byte(b): the same text.
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return r.libraryOf(call.Args[0], depth+1)
	}
	fn := r.code.Callee(call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	switch fn.Pkg().Path() {
	case "encoding/json":
		// json.Marshal(schema): the library's MarshalJSON, as the SDK would call it.
		if (fn.Name() == "Marshal" || fn.Name() == "MarshalIndent") && len(call.Args) >= 1 {
			return r.libraryOf(call.Args[0], depth+1)
		}
	case sdkapi.JSONSchemaPath:
		return r.jsonschemaGoCall(fn, call)
	case sdkapi.InvopopPath:
		return r.invopopCall(fn, call)
	}
	if fn.Pkg() == r.pass.Pkg {
		return r.helperSchema(fn, call, depth)
	}
	return nil
}

// helperSchema follows a function of this package whose one return statement returns the
// library's schema (`func schemaOf[T any]() *jsonschema.Schema { s, _ := jsonschema.For[T](nil); return s }`),
// substituting its type arguments.
func (r *finder) helperSchema(fn *types.Func, call *ast.CallExpr, depth int) *Schema {
	decl := r.code.Decl(fn)
	if decl == nil || decl.Body == nil {
		return nil
	}
	rets := r.code.Returns(decl)
	var res ast.Expr
	for _, ret := range rets {
		if len(ret.Results) == 0 {
			return nil
		}
		if !astutil.IsNil(r.pass.TypesInfo, ret.Results[0]) {
			if res != nil {
				return nil
			}
			res = ret.Results[0]
		}
	}
	ls := r.libraryOf(res, depth+1)
	if ls == nil || ls.Type == nil {
		return ls
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.TypeParams().Len() == 0 {
		return ls
	}
	inst, ok := r.pass.TypesInfo.Instances[astutil.InstanceIdent(call.Fun)]
	if !ok || inst.TypeArgs.Len() != sig.TypeParams().Len() {
		return ls
	}
	return ls.Instantiate(sig.TypeParams(), inst.TypeArgs)
}

// Instantiate returns the schema built inside a generic function (a helper, or a wrapper that
// registers a tool for whatever In it is given) for one instantiation of it: a type parameter
// of params, or a pointer or slice of one, becomes its type argument, and the schema is known
// again. Other uses of a type parameter stay unknown.
func (ls *Schema) Instantiate(params *types.TypeParamList, args *types.TypeList) *Schema {
	if ls == nil || ls.Type == nil || params == nil || args == nil || params.Len() != args.Len() {
		return ls
	}
	cp := *ls
	cp.Type = substitute(ls.Type, params, args)
	if cp.Unknown == typeParamUnknown && !astutil.HasTypeParam(cp.Type) {
		cp.Unknown = ""
	}
	return &cp
}

const typeParamUnknown = "the type is a type parameter, known per instantiation"

// substitute replaces a type parameter, or a pointer or slice of one, with its type
// argument; a type that mentions a type parameter in any other way is kept as it is (and
// stays unknown).
func substitute(t types.Type, params *types.TypeParamList, args *types.TypeList) types.Type {
	switch x := types.Unalias(t).(type) {
	case *types.Pointer:
		return types.NewPointer(substitute(x.Elem(), params, args))
	case *types.Slice:
		return types.NewSlice(substitute(x.Elem(), params, args))
	case *types.TypeParam:
		for i := range params.Len() {
			if params.At(i) == x {
				return args.At(i)
			}
		}
	}
	return t
}

// jsonschemaGoCall recognises jsonschema.For[T](opts) and jsonschema.ForType(reflect type,
// opts), with default options.
func (r *finder) jsonschemaGoCall(fn *types.Func, call *ast.CallExpr) *Schema {
	ls := &Schema{Library: JSONSchemaGo, Call: call}
	var opts ast.Expr
	switch fn.Name() {
	case "For":
		ta := r.code.TypeArgs(call.Fun)
		if ta == nil || ta.Len() != 1 || len(call.Args) != 1 {
			return nil
		}
		ls.Type, opts = ta.At(0), call.Args[0]
	case "ForType":
		if len(call.Args) != 2 {
			return nil
		}
		ls.Type, opts = r.reflectedType(call.Args[0]), call.Args[1]
		if ls.Type == nil {
			ls.Unknown = "the reflected type is computed at run time"
			if ls.Arg = r.reflectedArg(call.Args[0], 0); ls.Arg != nil {
				ls.Unknown = argUnknown
			}
			return ls
		}
	default:
		return nil
	}
	if !r.emptyOptions(opts) {
		ls.Unknown = "ForOptions other than the defaults are not mirrored"
	}
	if v := r.versions.JSONSchemaGo; v != "" && semver.MajorMinor(v) != "v0.4" {
		ls.Unknown = "jsonschema-go " + v + " is not mirrored (v0.4)"
	}
	return ls
}

// emptyOptions reports whether an options argument is nil or an empty literal.
func (r *finder) emptyOptions(e ast.Expr) bool {
	if astutil.IsNil(r.pass.TypesInfo, e) {
		return true
	}
	lit := astutil.CompositeOf(e)
	return lit != nil && len(lit.Elts) == 0
}

// reflectedType is the type of reflect.TypeFor[T]() or reflect.TypeOf(x) (x's static type,
// when it is no interface).
func (r *finder) reflectedType(e ast.Expr) types.Type {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := r.code.Callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return nil
	}
	switch fn.Name() {
	case "TypeFor":
		if ta := r.code.TypeArgs(call.Fun); ta != nil && ta.Len() == 1 {
			return ta.At(0)
		}
	case "TypeOf":
		if len(call.Args) == 1 {
			return r.staticType(call.Args[0])
		}
	}
	return nil
}

// reflectedArg follows a reflect.Type computed from a parameter's value: reflect.TypeOf(p) or
// reflect.ValueOf(p).Type(), then .In(k) with a constant k, directly or through variables
// assigned once.
func (r *finder) reflectedArg(e ast.Expr, depth int) *ReflectedArg {
	if depth > maxDepth {
		return nil
	}
	e = ast.Unparen(e)
	if v := r.schemaVar(e); v != nil {
		if def := r.definingExpr(v); def != nil {
			return r.reflectedArg(def, depth+1)
		}
		return nil
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := r.code.Callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
		return nil
	}
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	switch {
	case (fn.Name() == "TypeOf" || fn.Name() == "ValueOf") && len(call.Args) == 1:
		v := r.schemaVar(call.Args[0])
		if v == nil || !isParam(v) {
			return nil
		}
		return &ReflectedArg{Param: v, In: -1}
	case fn.Name() == "Type" && sel != nil && len(call.Args) == 0:
		return r.reflectedArg(sel.X, depth+1)
	case fn.Name() == "In" && sel != nil && len(call.Args) == 1:
		c := r.pass.TypesInfo.Types[call.Args[0]].Value
		if c == nil || c.Kind() != constant.Int {
			return nil
		}
		k, ok := constant.Int64Val(c)
		if !ok {
			return nil
		}
		if a := r.reflectedArg(sel.X, depth+1); a != nil && a.In < 0 {
			return &ReflectedArg{Param: a.Param, In: int(k)}
		}
	}
	return nil
}

// newValue reads reflect.New(t).Interface() (a *T) and reflect.New(t).Elem().Interface() (a
// T) where t is reflected from a parameter's value.
func (r *finder) newValue(e ast.Expr) *ReflectedArg {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Interface" {
		return nil
	}
	x, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	elem := false
	if s, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && s.Sel.Name == "Elem" && len(x.Args) == 0 {
		if x, ok = ast.Unparen(s.X).(*ast.CallExpr); !ok {
			return nil
		}
		elem = true
	}
	fn := r.code.Callee(x)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" || fn.Name() != "New" || len(x.Args) != 1 {
		return nil
	}
	a := r.reflectedArg(x.Args[0], 0)
	if a == nil {
		return nil
	}
	a.Ptr = !elem
	return a
}

// isParam reports whether v is a parameter of a function (not a local or package variable).
func isParam(v *types.Var) bool {
	return v.Kind() == types.ParamVar
}

// staticType is the type of a value handed to reflection, when its dynamic type is its
// static type.
func (r *finder) staticType(e ast.Expr) types.Type {
	t := r.pass.TypesInfo.TypeOf(e)
	if t == nil || types.IsInterface(t) {
		return nil
	}
	return t
}

// invopopCall recognises jsonschema.Reflect(v), jsonschema.ReflectFromType(t) and the same
// methods of a Reflector written as a literal in this package.
func (r *finder) invopopCall(fn *types.Func, call *ast.CallExpr) *Schema {
	ls := &Schema{Library: Invopop, Call: call}
	ls.Invopop.Version = r.versions.Invopop
	if len(call.Args) != 1 {
		return nil
	}
	switch fn.Name() {
	case "Reflect":
		ls.Type = r.staticType(call.Args[0])
		if ls.Type == nil {
			ls.Arg = r.newValue(call.Args[0])
		}
	case "ReflectFromType":
		ls.Type = r.reflectedType(call.Args[0])
		if ls.Type == nil {
			ls.Arg = r.reflectedArg(call.Args[0], 0)
		}
	default:
		return nil
	}
	if ls.Arg != nil {
		ls.Unknown = argUnknown
	} else if ls.Type == nil {
		ls.Unknown = "the reflected type is computed at run time"
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if why := r.reflectorOptions(sel.X, &ls.Invopop); why != "" && ls.Unknown == "" {
			ls.Unknown = why
		}
	}
	if ls.Unknown == "" && ls.Invopop.Version != "" && !slices.Contains(typewalk.InvopopVersions, semver.Canonical(ls.Invopop.Version)) {
		ls.Unknown = "invopop/jsonschema " + ls.Invopop.Version + " is not mirrored (" + strings.Join(typewalk.InvopopVersions, ", ") + ")"
	}
	return ls
}

// reflectorOptions reads a Reflector receiver: a literal (or a variable assigned one once and
// used for nothing but reflecting), or new(jsonschema.Reflector). It returns why the options
// cannot be known, or "".
func (r *finder) reflectorOptions(recv ast.Expr, o *typewalk.InvopopOptions) string {
	recv = ast.Unparen(recv)
	if u, ok := recv.(*ast.UnaryExpr); ok && u.Op == token.AND {
		recv = ast.Unparen(u.X)
	}
	if v := r.schemaVar(recv); v != nil {
		def := r.definingExpr(v)
		if def == nil {
			return "the Reflector is assigned more than once"
		}
		if r.code.Changed(v) {
			return "the Reflector is changed after it is written"
		}
		if why := r.reflectorUses(v); why != "" {
			return why
		}
		return r.reflectorOptions(def, o)
	}
	if call, ok := recv.(*ast.CallExpr); ok {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "new" && len(call.Args) == 1 {
			if b, ok := r.pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
				return ""
			}
		}
		return "the Reflector is built at run time"
	}
	lit, ok := recv.(*ast.CompositeLit)
	if !ok {
		return "the Reflector is built at run time"
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return "the Reflector literal is not keyed"
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil || !slices.Contains(typewalk.InvopopFields, key.Name) {
			return "Reflector." + types.ExprString(kv.Key) + " is not mirrored"
		}
		tv := r.pass.TypesInfo.Types[kv.Value]
		if tv.Value == nil {
			return "Reflector." + key.Name + " is not a constant"
		}
		if key.Name == "BaseSchemaID" {
			o.BaseSchemaID, _ = r.code.ConstString(kv.Value)
		} else if flag := reflectorFlags(o)[key.Name]; flag != nil {
			*flag = boolConst(tv)
		}
	}
	return ""
}

// reflectorFlags are the bool options of a Reflector literal, by field name.
func reflectorFlags(o *typewalk.InvopopOptions) map[string]*bool {
	return map[string]*bool{
		"Anonymous":                  &o.Anonymous,
		"AssignAnchor":               &o.AssignAnchor,
		"AllowAdditionalProperties":  &o.AllowAdditionalProperties,
		"RequiredFromJSONSchemaTags": &o.RequiredFromJSONSchemaTags,
		"DoNotReference":             &o.DoNotReference,
		"ExpandedStruct":             &o.ExpandedStruct,
	}
}

func boolConst(tv types.TypeAndValue) bool {
	return tv.Value != nil && tv.Value.String() == "true"
}

// reflectorUses says why a Reflector variable's options may differ from its literal: any
// use but calling Reflect or ReflectFromType on it (AddGoComments fills CommentMap).
func (r *finder) reflectorUses(v *types.Var) string {
	return r.firstUse(v, func(id *ast.Ident, parent ast.Node) string {
		if sel, ok := parent.(*ast.SelectorExpr); ok && sel.X == id && sel.Sel.Name != "Reflect" && sel.Sel.Name != "ReflectFromType" {
			return "the Reflector is changed through " + types.ExprString(sel)
		}
		return ""
	})
}
