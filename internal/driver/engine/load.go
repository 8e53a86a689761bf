package engine

import (
	"context"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint/mcplint/internal/driver/result"
)

// Scope narrows a run before anything is parsed. It is given the run's root packages as go
// list describes them (names, files, imports down to the standard library, modules; no
// syntax, no types) and returns the packages to load from source. The roots among them are
// analysed; the others are dependencies whose facts the analyzers need. Every other package
// is seen only through its compiler export data.
//
// Roots the scope leaves out are counted as checked: the scope has decided that nothing in
// them can be reported. Roots that go list cannot describe without errors are kept whatever
// the scope says, so that the user hears why they were not checked.
type Scope func(roots []*packages.Package) map[*packages.Package]bool

// DefaultScope keeps every root and, when facts are needed, every dependency that belongs to
// a main module (the module being checked, or a module of its go.work): facts of the module's
// own code are the ones mcplint's analyzers exchange. Code in other modules (and the standard
// library) provides types only.
func DefaultScope(facts bool) Scope {
	return func(roots []*packages.Package) map[*packages.Package]bool {
		keep := map[*packages.Package]bool{}
		for _, r := range roots {
			keep[r] = true
		}
		if facts {
			packages.Visit(roots, func(p *packages.Package) bool {
				if p.Module != nil && p.Module.Main {
					keep[p] = true
				}
				return true
			}, nil)
		}
		return keep
	}
}

// metaMode is what a Scope is given: the package graph without syntax or types. It costs one
// go list without -export or -compiled, so nothing is built.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps |
	packages.NeedModule | packages.NeedForTest

// loadMode is the real load: typed syntax for the packages named, export data for the rest.
const loadMode = packages.LoadSyntax | packages.NeedModule | packages.NeedForTest

// plan is what the first, metadata-only load decided.
type plan struct {
	// patterns are the import paths to load from source.
	patterns []string
	// analyse holds the IDs of the roots to analyse; nil means every root of the real load.
	analyse map[string]bool
	// skipped counts roots the scope left out.
	skipped int
	// broken are roots that go list could not describe and that have no files to load.
	broken []result.PackageError
}

// planLoad lists the packages matched by the user's patterns and asks the scope which of
// them, and of their dependencies, to load from source. Dependencies are loaded only for
// their facts, so only when some analyzer has facts.
func planLoad(ctx context.Context, opts Options, patterns []string, scope Scope, facts bool) (*plan, error) {
	cfg := &packages.Config{
		Context:    ctx,
		Mode:       metaMode,
		Dir:        opts.Dir,
		Env:        opts.Env,
		BuildFlags: opts.BuildFlags,
		Tests:      opts.Tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var roots []*packages.Package
	isRoot := map[*packages.Package]bool{}
	for _, p := range pkgs {
		if !isTestMain(p) {
			roots = append(roots, p)
			isRoot[p] = true
		}
	}
	keep := scope(roots)
	// A package whose test variant is a root is analysed as that variant (see selectRoots),
	// so it is not counted on its own.
	hasVariant := map[string]bool{}
	for _, r := range roots {
		if r.ForTest != "" && r.ForTest == r.PkgPath {
			hasVariant[r.PkgPath] = true
		}
	}
	pl := &plan{analyse: map[string]bool{}}
	paths := map[string]bool{}
	for _, r := range roots {
		errs := packageErrors(r)
		switch {
		case r.PkgPath == "command-line-arguments":
			// Files named on the command line cannot be named by import path, nor mixed with
			// paths: load exactly what the user asked for.
			return &plan{patterns: patterns}, nil
		case len(errs) > 0 && len(r.GoFiles) == 0:
			pl.broken = append(pl.broken, result.PackageError{Package: r.ID, Errors: errs})
		case keep[r] || len(errs) > 0:
			pl.analyse[r.ID] = true
			paths[loadPath(r)] = true
		case r.ForTest != "" || !hasVariant[r.PkgPath]:
			pl.skipped++
		}
	}
	for p := range keep {
		if facts && !isRoot[p] && len(p.GoFiles) > 0 {
			paths[loadPath(p)] = true
		}
	}
	for p := range paths {
		pl.patterns = append(pl.patterns, p)
	}
	sort.Strings(pl.patterns)
	return pl, nil
}

// loadPath is the import path that loads p: a test variant comes with its package.
func loadPath(p *packages.Package) string {
	if p.ForTest != "" {
		return p.ForTest
	}
	return p.PkgPath
}

func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && p.ForTest == "" && strings.HasSuffix(p.ID, ".test")
}

// load runs go/packages for the patterns: typed syntax for the packages they name, types
// from export data for every dependency.
func load(ctx context.Context, opts Options, fset *token.FileSet, patterns []string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Context:    ctx,
		Mode:       loadMode,
		Dir:        opts.Dir,
		Env:        opts.Env,
		BuildFlags: opts.BuildFlags,
		Tests:      opts.Tests,
		Fset:       fset,
	}
	return packages.Load(cfg, patterns...)
}

// hasSource reports whether p was type-checked from source, so that analyzers can run on it.
func hasSource(p *packages.Package) bool {
	return p.Types != nil && p.TypesInfo != nil && len(p.Syntax) > 0
}

// linkSources rewires the Imports of every package loaded from source to the nearest
// packages below it that were loaded from source too, looking through the ones that were
// not. The checker follows Imports to run fact analyzers on dependencies; a dependency known
// only from export data has no syntax to run them on, and this keeps the checker from trying
// while the facts of source packages still flow through it.
func linkSources(pkgs []*packages.Package) {
	var sources []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if hasSource(p) {
			sources = append(sources, p)
		}
	})
	// below memoizes, for a package known from export data, the source packages under it,
	// by ID (the checker only iterates the map).
	below := map[*packages.Package]map[string]*packages.Package{}
	var reach func(p *packages.Package) map[string]*packages.Package
	reach = func(p *packages.Package) map[string]*packages.Package {
		if m, ok := below[p]; ok {
			return m
		}
		m := map[string]*packages.Package{}
		below[p] = m // an import cycle (reported by go list) ends here
		for _, imp := range p.Imports {
			if hasSource(imp) {
				m[imp.ID] = imp
				continue
			}
			for id, q := range reach(imp) {
				m[id] = q
			}
		}
		return m
	}
	linked := make(map[*packages.Package]map[string]*packages.Package, len(sources))
	for _, p := range sources {
		m := map[string]*packages.Package{}
		for path, imp := range p.Imports {
			if hasSource(imp) {
				m[path] = imp
				continue
			}
			for id, q := range reach(imp) {
				if q != p { // only through an import cycle, which go list reports
					m[id] = q
				}
			}
		}
		linked[p] = m
	}
	for p, m := range linked {
		p.Imports = m
	}
}
