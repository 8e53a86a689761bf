package engine

import (
	"bytes"
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/driver/result"
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

// fallbackMode is the load of files named on the command line, which go list cannot name
// by import path: go/packages' own typed syntax, dependencies from export data.
const fallbackMode = packages.LoadSyntax | packages.NeedModule | packages.NeedForTest

// plan is what the first, metadata-only load decided.
type plan struct {
	// fallback: the patterns name files, load them with go/packages as they are.
	fallback bool
	// roots are the packages the patterns matched (test mains aside), with their imports
	// down to the standard library.
	roots []*packages.Package
	// full are the packages to type-check in full for the analyzers: the roots to analyse
	// and, when facts are needed, the dependencies the scope kept.
	full []*packages.Package
	// analyse holds the IDs of the roots to analyse.
	analyse map[string]bool
	// skipped counts roots the scope left out.
	skipped int
	// broken are roots that go list could not describe and that have no files to load.
	broken []result.PackageError
}

// planLoad lists the packages matched by the user's patterns and asks the scope which of
// them, and of their dependencies, to check in full. Dependencies are checked only for their
// facts, so only when some analyzer has facts.
func planLoad(ctx context.Context, opts Options, patterns []string, scope Scope, facts bool) (*plan, error) {
	pkgs, err := packages.Load(loadConfig(ctx, opts, metaMode, nil), patterns...)
	if err != nil {
		return nil, err
	}
	pl := &plan{analyse: map[string]bool{}}
	isRoot := map[*packages.Package]bool{}
	for _, p := range pkgs {
		if p.PkgPath == "command-line-arguments" {
			// Files named on the command line cannot be named by import path, nor mixed with
			// paths: load exactly what the user asked for.
			return &plan{fallback: true}, nil
		}
		if !isTestMain(p) {
			pl.roots = append(pl.roots, p)
			isRoot[p] = true
		}
	}
	keep := scope(pl.roots)
	// A package whose test variant is a root is analysed as that variant (see selectRoots),
	// so it is not counted on its own.
	hasVariant := map[string]bool{}
	for _, r := range pl.roots {
		if r.ForTest != "" && r.ForTest == r.PkgPath {
			hasVariant[r.PkgPath] = true
		}
	}
	for _, r := range pl.roots {
		errs := packageErrors(r)
		switch {
		case len(errs) > 0 && len(r.GoFiles) == 0:
			pl.broken = append(pl.broken, result.PackageError{Package: r.ID, Errors: errs})
		case keep[r] || len(errs) > 0:
			pl.analyse[r.ID] = true
			pl.full = append(pl.full, r)
		case r.ForTest != "" || !hasVariant[r.PkgPath]:
			pl.skipped++
		}
	}
	if facts {
		var deps []*packages.Package
		for p := range keep {
			if !isRoot[p] && len(p.GoFiles) > 0 {
				deps = append(deps, p)
			}
		}
		sort.Slice(deps, func(i, j int) bool { return deps[i].ID < deps[j].ID })
		pl.full = append(pl.full, deps...)
	}
	return pl, nil
}

func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && p.ForTest == "" && strings.HasSuffix(p.ID, ".test")
}

// buildState is what go list says of the build cache: which packages it holds export data
// for, and the target's sizes.
type buildState struct {
	stale map[string]bool // by package ID; a package not listed counts as stale
	sizes types.Sizes
}

// queryBuildState asks go list, without building anything, which packages of the patterns'
// graph are up to date in the build cache. It runs beside the metadata load.
func queryBuildState(ctx context.Context, opts Options, patterns []string) (*buildState, error) {
	args := []string{"list", "-e", "-deps", "-test=" + strconv.FormatBool(opts.Tests)}
	args = append(args, opts.BuildFlags...)
	args = append(args, "-f", "{{.ImportPath}}\t{{.Stale}}\t{{.StaleReason}}\t{{context.Compiler}}\t{{context.GOARCH}}")
	args = append(args, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = opts.Dir
	cmd.Env = opts.Env
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	if cmd.Dir != "" {
		cmd.Env = append(slices.Clip(cmd.Env), "PWD="+cmd.Dir)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	st := &buildState{stale: map[string]bool{}}
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 5 {
			continue
		}
		// A command is "stale" when it is not installed, but its compiled package is cached.
		st.stale[f[0]] = f[1] == "true" && f[2] != "not installed but available in build cache"
		if st.sizes == nil {
			st.sizes = types.SizesFor(f[3], f[4])
		}
	}
	if st.sizes == nil {
		st.sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	return st, nil
}

// exportable reports whether p can be read from export data without building anything.
func (st *buildState) exportable(p *packages.Package) bool {
	stale, listed := st.stale[p.ID]
	return listed && !stale && !isTestVariant(p) && p.Name != "main" && len(p.GoFiles) > 0
}

// fetchExportFiles sets the ExportFile of the packages: they are up to date in the build
// cache, so go list -export finds their export data without compiling.
func fetchExportFiles(ctx context.Context, opts Options, pkgs []*packages.Package) error {
	if len(pkgs) == 0 {
		return nil
	}
	byPath := map[string]*packages.Package{}
	var paths []string
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
		paths = append(paths, p.PkgPath)
	}
	sort.Strings(paths)
	listed, err := packages.Load(&packages.Config{
		Context: ctx, Mode: packages.NeedName | packages.NeedExportFile,
		Dir: opts.Dir, Env: opts.Env, BuildFlags: opts.BuildFlags,
	}, paths...)
	if err != nil {
		return err
	}
	for _, l := range listed {
		if p := byPath[l.PkgPath]; p != nil {
			p.ExportFile = l.ExportFile
		}
	}
	return nil
}

// fetchCompiledFiles sets the CompiledGoFiles of packages that use cgo (the Go files cgo
// generates from theirs, which the type checker needs to see C's declarations) and adds the
// imports those files have that the originals do not (runtime/cgo, syscall, unsafe).
// graph is every package of the run, by ID: packages new to it join it, so that each package
// has one identity.
func fetchCompiledFiles(ctx context.Context, opts Options, pkgs []*packages.Package, graph map[string]*packages.Package) error {
	if len(pkgs) == 0 {
		return nil
	}
	paths := map[string]bool{}
	for _, p := range pkgs {
		paths[loadPath(p)] = true
	}
	listed, err := packages.Load(&packages.Config{
		Context: ctx,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedDeps | packages.NeedModule | packages.NeedForTest,
		Dir: opts.Dir, Env: opts.Env, BuildFlags: opts.BuildFlags, Tests: opts.Tests,
	}, slices.Sorted(maps.Keys(paths))...)
	if err != nil {
		return err
	}
	var adopt func(l *packages.Package) *packages.Package
	adopt = func(l *packages.Package) *packages.Package {
		if p, ok := graph[l.ID]; ok {
			return p
		}
		graph[l.ID] = l
		for path, imp := range l.Imports {
			l.Imports[path] = adopt(imp)
		}
		return l
	}
	want := map[string]bool{}
	for _, p := range pkgs {
		want[p.ID] = true
	}
	var found []*packages.Package
	packages.Visit(listed, nil, func(l *packages.Package) {
		if want[l.ID] {
			found = append(found, l)
		}
	})
	for _, l := range found { // adopt rewires the listed graph: not while visiting it
		p := graph[l.ID]
		p.CompiledGoFiles = l.CompiledGoFiles
		for path, imp := range l.Imports {
			if _, ok := p.Imports[path]; !ok {
				p.Imports[path] = adopt(imp)
			}
		}
	}
	return nil
}

// loadPath is the import path that lists p: a test variant comes with its package.
func loadPath(p *packages.Package) string {
	if p.ForTest != "" {
		return p.ForTest
	}
	return p.PkgPath
}

// cgoPackages are the packages whose Go files import "C", by a byte search confirmed by
// parsing the imports.
func cgoPackages(pkgs []*packages.Package) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		for _, name := range p.GoFiles {
			data, err := os.ReadFile(name)
			if err != nil || !bytes.Contains(data, []byte(`"C"`)) {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.ImportsOnly)
			if err == nil && usesCgo(f) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// loadFallback is go/packages' own load, for files named on the command line.
func loadFallback(ctx context.Context, opts Options, fset *token.FileSet, patterns []string) ([]*packages.Package, error) {
	return packages.Load(loadConfig(ctx, opts, fallbackMode, fset), patterns...)
}

// loadConfig is the go/packages load of the user's patterns in mode, with the user's
// directory, environment, build flags, overlay and tests; fset nil for a load that parses
// nothing.
func loadConfig(ctx context.Context, opts Options, mode packages.LoadMode, fset *token.FileSet) *packages.Config {
	return &packages.Config{
		Context:    ctx,
		Mode:       mode,
		Dir:        opts.Dir,
		Env:        opts.Env,
		BuildFlags: opts.BuildFlags,
		Overlay:    opts.Overlay,
		Tests:      opts.Tests,
		Fset:       fset,
	}
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
func linkSources(pkgs []*packages.Package, hasSource func(*packages.Package) bool) {
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
