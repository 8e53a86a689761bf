package analyzers

import (
	"bytes"
	"os"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/serverjson/manifest"
)

// Scope tells a driver which packages of a run it must load from source for the analyzers
// of cfg. It is given the run's root packages as go list describes them (names, files,
// imports, modules: packages.NeedName|NeedFiles|NeedImports|NeedDeps|NeedModule) and keeps:
//
//   - every root that can reach a package recognition knows (sdkapi.KnownPackage) through
//     its imports: only those can hold MCP code, so no rule can report anything elsewhere;
//   - every root whose files hold an //mcplint:ignore directive, while the directive rules are
//     on, so that a stray directive is reported wherever it is;
//   - every dependency in a main module that can reach a known package: the rules' facts
//     come from those;
//   - when server.json rules are on, every main-module dependency of a main package that can
//     reach a known package and has a server.json: the manifest check reads the environment
//     variables all of them read.
//
// Everything else is needed for its types only, which the compiler's export data gives far
// more cheaply than parsing and type-checking it.
func Scope(cfg *Config) func(roots []*packages.Package) map[*packages.Package]bool {
	cat := NewCatalog()
	directives := enabledAny(cfg, cat, FamilyDirective)
	manifests := enabledAny(cfg, cat, FamilyServerJSON)
	return func(roots []*packages.Package) map[*packages.Package]bool {
		reach := reacher()
		keep := map[*packages.Package]bool{}
		inMain := func(p *packages.Package) bool { return p.Module != nil && p.Module.Main }
		for _, r := range roots {
			if reach(r) || (directives && hasDirective(r.GoFiles)) {
				keep[r] = true
			}
		}
		packages.Visit(roots, func(p *packages.Package) bool {
			if inMain(p) && reach(p) {
				keep[p] = true
			}
			return true
		}, nil)
		// A module helper that builds a result or an error (apierr.Map(err)) is judged by its
		// summary, a fact: the main-module packages that kept packages import are needed from
		// source even when they import no SDK. (The differential test against the stock
		// loader found the helper findings missing without them.)
		var helpers []*packages.Package
		for p := range keep {
			for _, imp := range p.Imports {
				if inMain(imp) && !keep[imp] && len(imp.GoFiles) > 0 {
					helpers = append(helpers, imp)
				}
			}
		}
		for _, h := range helpers {
			keep[h] = true
		}
		if manifests {
			for _, r := range roots {
				if r.Name != "main" || !inMain(r) || !reach(r) || len(r.GoFiles) == 0 || manifest.Locate(r.GoFiles[0], cfg.ServerJSON) == "" {
					continue
				}
				packages.Visit([]*packages.Package{r}, func(p *packages.Package) bool {
					if !inMain(p) {
						return false // a main module's package imported through another module is not the server's own code
					}
					keep[p] = true
					return true
				}, nil)
			}
		}
		return keep
	}
}

// reacher returns a memoized test of whether a package imports a known package, directly
// or through its dependencies.
func reacher() func(*packages.Package) bool {
	memo := map[*packages.Package]bool{}
	var reach func(p *packages.Package) bool
	reach = func(p *packages.Package) bool {
		if r, ok := memo[p]; ok {
			return r
		}
		memo[p] = false // go list breaks import cycles; this guards the walk all the same
		r := sdkapi.KnownPackage(p.PkgPath)
		for _, imp := range p.Imports {
			if r {
				break
			}
			r = reach(imp)
		}
		memo[p] = r
		return r
	}
	return reach
}

// hasDirective reports whether any of the files contains an //mcplint:ignore comment, by a
// plain byte search: a false positive costs a parse, never a finding.
func hasDirective(files []string) bool {
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil && bytes.Contains(data, []byte(rule.IgnorePrefix)) {
			return true
		}
	}
	return false
}

func enabledAny(cfg *Config, cat *Catalog, family rule.Family) bool {
	for _, r := range cat.Rules() {
		if r.Family == family && cfg.Enabled(r) {
			return true
		}
	}
	return false
}
