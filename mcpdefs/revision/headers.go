package revision

// Header annotators: a module function that adds x-mcp-header annotations (SEP-2243) to the
// tools a server registers, in another package than their definitions, such as
// github-mcp-server's
//
//	var HeaderParams = map[string]string{"owner": "owner", "repo": "repo"}
//	func AnnotateHeaderParams(tool *mcp.Tool) {
//		... for prop := range HeaderParams { ... extra["x-mcp-header"] = HeaderParams[prop] ... }
//	}
//	func (st *ServerTool) RegisterFunc(s *mcp.Server, ...) {
//		toolCopy := st.Tool
//		AnnotateHeaderParams(&toolCopy)
//		s.AddTool(&toolCopy, handler)
//	}
//
// An annotator is a function with one go-sdk *mcp.Tool parameter whose body ranges over a
// package-level map of constant property names to constant header names and assigns the
// map's value under the key "x-mcp-header". When a function of the same package calls it and
// registers tools with go-sdk's AddTool, the package is a registration path that annotates
// what it registers: a package fact says so, and every package that imports it applies the
// annotation to its go-sdk tools registered elsewhere (their definitions have no registration
// of their own), on each listed property the schema has and has not annotated yet, as such a
// function does. The annotation goes into the input schema recognition reports, so the
// surface shows it and x-mcp-header-valid judges it.

import (
	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsoneval"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
)

// HeaderAnnotationFact says that the package registers go-sdk tools through a function that
// annotates their input-schema properties: Headers maps a property name to its header name.
type HeaderAnnotationFact struct {
	Headers map[string]string
	// Func names the annotating function, for messages and documentation.
	Func string
}

func (*HeaderAnnotationFact) AFact() {}

func (f *HeaderAnnotationFact) String() string { return "header annotation by " + f.Func }

// headerAnnotators finds the package's annotators and, when the package also registers tools
// through them, exports the fact; then applies every visible fact to the package's tools.
func (r *Checker) HeaderAnnotations() {
	var local *HeaderAnnotationFact
	annotators := map[*types.Func]map[string]string{}
	for fn, decl := range r.Decls {
		if hs := r.headerAnnotator(fn, decl); hs != nil {
			annotators[fn] = hs
		}
	}
	if len(annotators) > 0 {
		for _, decl := range r.Decls {
			if decl.Body == nil {
				continue
			}
			var annotator *types.Func
			registers := false
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := r.Callee(call)
				if fn == nil {
					return true
				}
				if _, ok := annotators[fn]; ok {
					annotator = fn
				}
				if sdkapi.Key(fn) == sdkapi.GoSDKMCPPath+".Server.AddTool" {
					registers = true
				}
				return true
			})
			if annotator != nil && registers {
				local = &HeaderAnnotationFact{Headers: annotators[annotator], Func: annotator.Name()}
				break
			}
		}
	}
	if local != nil && r.pass.ExportPackageFact != nil && r.Exporting() {
		r.pass.ExportPackageFact(local)
	}
	var facts []*HeaderAnnotationFact
	if local != nil {
		facts = append(facts, local)
	}
	if r.pass.AllPackageFacts != nil {
		for _, pf := range r.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*HeaderAnnotationFact); ok && pf.Package != r.pass.Pkg && flow.InModule(r.pass.Module, pf.Package) {
				facts = append(facts, f)
			}
		}
	}
	for _, f := range facts {
		r.applyHeaderAnnotation(f)
	}
}

// headerAnnotator returns the property-to-header map an annotator applies, or nil.
func (r *Checker) headerAnnotator(fn *types.Func, decl *ast.FuncDecl) map[string]string {
	sig := fn.Signature()
	if decl.Body == nil || sig.Params().Len() != 1 || !isGoToolPtr(sig.Params().At(0).Type()) {
		return nil
	}
	var headers map[string]string
	var rangeKey types.Object
	assigned := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.RangeStmt:
			if m := r.constStringMap(x.X); m != nil {
				if id, ok := x.Key.(*ast.Ident); ok {
					headers, rangeKey = m, r.pass.TypesInfo.Defs[id]
				}
			}
		case *ast.AssignStmt:
			if len(x.Lhs) != 1 || len(x.Rhs) != 1 {
				return true
			}
			ix, ok := ast.Unparen(x.Lhs[0]).(*ast.IndexExpr)
			if !ok {
				return true
			}
			if k, ok := r.ConstString(ix.Index); !ok || k != "x-mcp-header" {
				return true
			}
			// The value is the map's entry for a property name: M[k] with k the range key
			// (or a variable standing for one).
			if v, ok := ast.Unparen(x.Rhs[0]).(*ast.IndexExpr); ok && r.constStringMap(v.X) != nil {
				assigned = true
			}
		}
		return true
	})
	if headers == nil || rangeKey == nil || !assigned {
		return nil
	}
	return headers
}

// isGoToolPtr reports whether t is go-sdk's *mcp.Tool.
func isGoToolPtr(t types.Type) bool { return sdkapi.IsPointerTo(t, sdkapi.GoSDKMCPPath+".Tool") }

// constStringMap resolves e to a map[string]string literal whose keys and values are all
// constants, held in a variable assigned once.
func (r *Checker) constStringMap(e ast.Expr) map[string]string {
	lit := r.ResolveLit(e, 0)
	if lit == nil {
		return nil
	}
	mt, ok := r.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map)
	if !ok || !types.Identical(mt.Key(), types.Typ[types.String]) || !types.Identical(mt.Elem(), types.Typ[types.String]) {
		return nil
	}
	out := map[string]string{}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		k, ok1 := r.ConstString(kv.Key)
		v, ok2 := r.ConstString(kv.Value)
		if !ok1 || !ok2 {
			return nil
		}
		out[k] = v
	}
	if id := astutil.NameIdent(e); id != nil {
		if v, ok := r.pass.TypesInfo.Uses[id].(*types.Var); ok && (r.FieldAssigned[v] || r.mapChanged(v)) {
			return nil // the map is changed at run time
		}
	}
	return out
}

// mapChanged reports whether a package-level map variable is written anywhere in the
// package after its declaration (an index assignment, delete, maps.Copy into it).
func (r *Checker) mapChanged(v *types.Var) bool {
	for _, f := range r.pass.Files {
		changed := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, lhs := range x.Lhs {
					if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && r.LocalVar(ix.X) == v {
						changed = true
					}
				}
			case *ast.CallExpr:
				if grown, replaced := r.MapChange(v, x); grown || replaced {
					changed = true
				}
			}
			return !changed
		})
		if changed {
			return true
		}
	}
	return false
}

// applyHeaderAnnotation adds the fact's annotations to the package's go-sdk tools that are
// registered elsewhere and whose input schema is a static *jsonschema.Schema (the type the
// annotator asserts).
func (r *Checker) applyHeaderAnnotation(f *HeaderAnnotationFact) {
	props := slices.Sorted(maps.Keys(f.Headers))
	for _, d := range r.Definitions() {
		if d.Kind != mcpmodel.Tool || d.SDK != sdkapi.GoSDK || d.Registration != nil || d.Input.Origin != mcpmodel.SchemaHandBuilt || d.Input.JSON == nil || d.Input.JSON.Kind != jsonvalue.Object {
			continue
		}
		if d.Input.Expr == nil || !jsoneval.IsSchemaPtr(r.pass.TypesInfo.TypeOf(d.Input.Expr)) {
			continue
		}
		properties := d.Input.JSON.Get("properties")
		if properties == nil || properties.Kind != jsonvalue.Object {
			continue
		}
		for _, name := range props {
			prop := properties.Get(name)
			if prop == nil || prop.Kind != jsonvalue.Object || prop.Get("x-mcp-header") != nil {
				continue
			}
			prop.Set("x-mcp-header", prop.Pos, &jsonvalue.Value{Kind: jsonvalue.String, Str: f.Headers[name], Pos: prop.Pos, End: prop.End, TextPos: prop.TextPos, TextEnd: prop.TextEnd})
		}
	}
}

var _ analysis.Fact = (*HeaderAnnotationFact)(nil)
