package schemarules

import (
	"fmt"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// RegistryKey is how a definition is known to clients and to the SDK's registry: tools and
// prompts by name, resources by URI, templates by URI template.
type RegistryKey struct {
	Kind mcpmodel.Kind
	Key  string
}

// FactDefinition is one statically named definition of a package, as exported in its fact.
type FactDefinition struct {
	Kind mcpmodel.Kind
	Key  string
	// Where is "file.go:line" in Pkg, for messages.
	Pkg, Where string
	// UI is true for resources and templates whose URI uses the ui:// scheme (MCP Apps).
	UI bool
	// Registered is true when the package registers the definition itself (rather than
	// returning it from a constructor for someone else to register, or not).
	Registered bool
}

// DefinesFact is the package fact of a package that defines MCP tools, resources or prompts
// with static identities: what it defines, and in which module. Only such packages export
// one, so the facts stay small.
type DefinesFact struct {
	Module string
	Defs   []FactDefinition
}

// AFact marks DefinesFact as an analysis fact.
func (*DefinesFact) AFact() {}

func (f *DefinesFact) String() string { return fmt.Sprintf("defines %d", len(f.Defs)) }

// ModuleDefinitions is the facts analyzer's result: what the package defines itself (with
// positions) and what packages of the same module that it imports define.
type ModuleDefinitions struct {
	// Own are the package's definitions outside _test.go files, in source order.
	Own []LocalDefinition
	// Imported are the definitions of same-module dependencies, ordered by package path.
	Imported []FactDefinition
	// DynamicResources is true when the package defines a resource whose URI is not static.
	DynamicResources bool
	// flow is the package's SSA, asked whether two registrations can both run.
	flow *flow.Result
}

// LocalDefinition is a definition of the analysed package with its registry key.
type LocalDefinition struct {
	RegistryKey
	Definition *mcpmodel.Definition
	Pos        token.Pos
}

// registryKey is the registry key of a definition, or ok=false when it is not static.
func registryKey(d *mcpmodel.Definition) (RegistryKey, bool) {
	switch d.Kind {
	case mcpmodel.Tool, mcpmodel.Prompt:
		if d.Name.Static && d.Name.Str != "" {
			return RegistryKey{d.Kind, d.Name.Str}, true
		}
	case mcpmodel.Resource, mcpmodel.ResourceTemplate:
		if d.URI.Static && d.URI.Str != "" {
			return RegistryKey{d.Kind, d.URI.Str}, true
		}
	}
	return RegistryKey{}, false
}

// newFactsAnalyzer exports, for packages with MCP definitions, what they define. It runs on
// every dependency (facts require it), so it stays cheap: recognition bails out at once in
// packages that cannot reach an SDK, and nothing is exported for packages without static
// definitions.
func newFactsAnalyzer(defs *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "schemarules_defines",
		Doc:        "exports the names and URIs each package defines, for name-unique and app-tool-resource-pairing across packages",
		URL:        rule.DocsBase + "schemarules.md#name-unique",
		Requires:   []*analysis.Analyzer{defs, mcpdefs.FlowEngine},
		FactTypes:  []analysis.Fact{(*DefinesFact)(nil)},
		ResultType: reflect.TypeFor[*ModuleDefinitions](),
		Run: func(pass *analysis.Pass) (any, error) {
			k := runFacts(pass, pass.ResultOf[defs].(*mcpdefs.Result))
			k.flow, _ = pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
			return k, nil
		},
	}
}

func runFacts(pass *analysis.Pass, res *mcpdefs.Result) *ModuleDefinitions {
	k := &ModuleDefinitions{}
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	fact := &DefinesFact{Module: module}
	for _, d := range res.Definitions {
		if d.Converter {
			continue // stands for the definitions made from it
		}
		id, ok := registryKey(d)
		if !ok {
			if (d.Kind == mcpmodel.Resource || d.Kind == mcpmodel.ResourceTemplate) && d.URI.Set && !d.URI.Static {
				k.DynamicResources = true
			}
			continue
		}
		pos := d.Node.Pos()
		position := pass.Fset.PositionFor(pos, false)
		if strings.HasSuffix(position.Filename, "_test.go") {
			// Tests build their own servers; their tools do not share the program's registry.
			continue
		}
		k.Own = append(k.Own, LocalDefinition{RegistryKey: id, Definition: d, Pos: pos})
		fact.Defs = append(fact.Defs, FactDefinition{
			Kind: id.Kind, Key: id.Key, Pkg: pass.Pkg.Path(),
			Where:      fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Line),
			UI:         (id.Kind == mcpmodel.Resource || id.Kind == mcpmodel.ResourceTemplate) && hasUIScheme(id.Key),
			Registered: d.Registration != nil,
		})
	}
	if len(fact.Defs) > 0 {
		pass.ExportPackageFact(fact)
	}
	if len(res.Definitions) == 0 {
		// Nothing here to compare with what dependencies define.
		return k
	}
	for _, pf := range pass.AllPackageFacts() {
		f, ok := pf.Fact.(*DefinesFact)
		if !ok || pf.Package == pass.Pkg {
			continue
		}
		// Only the same module: a library's tools are the library's business, and two
		// modules may legitimately reuse a name on different servers.
		if module == "" || f.Module != module {
			continue
		}
		k.Imported = append(k.Imported, f.Defs...)
	}
	sort.SliceStable(k.Imported, func(i, j int) bool { return k.Imported[i].Pkg < k.Imported[j].Pkg })
	return k
}

func hasUIScheme(uri string) bool { return len(uri) >= 5 && uri[:5] == "ui://" }
