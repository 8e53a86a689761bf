package analyzers_test

import (
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// TestEveryDeclaredCheckIsListed derives each family's rules from its source, every
// package-level rule.Check value it declares, and checks them against the catalog: a check
// declared beside its function but left out of its family's list would never run, and no
// other test would notice (its fixture directory would not be visited either).
func TestEveryDeclaredCheckIsListed(t *testing.T) {
	t.Parallel()
	families := map[string]rule.Family{
		"github.com/mcplint-go/mcplint/handlerrules":  analyzers.FamilyHandler,
		"github.com/mcplint-go/mcplint/contractrules": analyzers.FamilyContract,
		"github.com/mcplint-go/mcplint/schemarules":   analyzers.FamilySchema,
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, slices.Collect(maps.Keys(families))...)
	if err != nil {
		t.Fatal(err)
	}
	catalogued := map[rule.Family]map[string]bool{}
	for _, r := range analyzers.NewCatalog().Rules() {
		if catalogued[r.Family] == nil {
			catalogued[r.Family] = map[string]bool{}
		}
		catalogued[r.Family][r.ID] = true
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		family := families[p.PkgPath]
		declared := declaredChecks(p)
		if len(declared) == 0 {
			t.Errorf("%s declares no rule.Check: the test no longer sees its rules", p.PkgPath)
		}
		for id, name := range declared {
			if !catalogued[family][id] {
				t.Errorf("%s declares %s (%s), which is not in its family's list of checks: add it there", p.PkgPath, name, id)
			}
		}
		for id := range catalogued[family] {
			if _, ok := declared[id]; !ok {
				t.Errorf("the catalog lists %s in %s, which declares no rule.Check with that ID", id, family)
			}
		}
	}
}

// declaredChecks maps the ID of every package-level rule.Check a package declares to its
// variable's name.
func declaredChecks(p *packages.Package) map[string]string {
	out := map[string]string{}
	for _, f := range p.Syntax {
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, name := range vs.Names {
					if i >= len(vs.Values) || !isCheck(p.TypesInfo.Defs[name]) {
						continue
					}
					if id, ok := checkID(p.TypesInfo, vs.Values[i]); ok {
						out[id] = name.Name
					}
				}
			}
		}
	}
	return out
}

// isCheck reports whether obj is a variable of an instance of rule.Check.
func isCheck(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	named, ok := types.Unalias(v.Type()).(*types.Named)
	if !ok {
		return false
	}
	o := named.Origin().Obj()
	return o.Pkg() != nil && o.Pkg().Path() == "github.com/mcplint-go/mcplint/internal/rule" && o.Name() == "Check"
}

// checkID is the constant ID field of a rule.Check composite literal.
func checkID(info *types.Info, e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "ID" {
			if tv := info.Types[kv.Value]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
		}
	}
	return "", false
}
