package analyzers_test

import (
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// TestEveryDeclaredCheckIsCatalogued derives each family's rules from its source, every
// rule.Check literal it writes, and checks them against the catalog: a check written beside
// its function but not declared by an exported method of the family's rules type (a
// package-level variable, an unexported method) would never run, and no other test would
// notice (its fixture directory would not be visited either). Each family's
// TestRulesAreDeclared checks the methods themselves.
func TestEveryDeclaredCheckIsCatalogued(t *testing.T) {
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
			t.Errorf("%s writes no rule.Check: the test no longer sees its rules", p.PkgPath)
		}
		for id, name := range declared {
			if !catalogued[family][id] {
				t.Errorf("%s: the rule.Check of %s is not in the catalog: declare it in an exported method of the family's rules type, `func (rules) %s() rule.Entry[*kinds]`", name, id, camel(id))
			}
		}
		for id := range catalogued[family] {
			if _, ok := declared[id]; !ok {
				t.Errorf("the catalog lists %s in %s, whose source writes no rule.Check with that ID", id, family)
			}
		}
	}
}

// declaredChecks maps the ID of every rule.Check literal a package writes, wherever it
// stands, to its position.
func declaredChecks(p *packages.Package) map[string]string {
	out := map[string]string{}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isCheck(p.TypesInfo.TypeOf(lit)) {
				return true
			}
			if id, ok := checkID(p.TypesInfo, lit); ok {
				out[id] = p.Fset.Position(lit.Pos()).String()
			}
			return true
		})
	}
	return out
}

// camel is a rule ID in CamelCase: the name of the method that declares it.
func camel(id string) string {
	var b strings.Builder
	for _, w := range strings.Split(id, "-") {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// isCheck reports whether t is an instance of rule.Check.
func isCheck(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := named.Origin().Obj()
	return o.Pkg() != nil && o.Pkg().Path() == "github.com/mcplint-go/mcplint/internal/rule" && o.Name() == "Check"
}

// checkID is the constant ID field of a rule.Check composite literal.
func checkID(info *types.Info, lit *ast.CompositeLit) (string, bool) {
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
