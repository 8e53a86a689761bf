// Package engine loads Go packages and runs analyzers over them with
// golang.org/x/tools/go/analysis/checker. It knows nothing about configuration, rules or
// output: the caller passes the analyzers in, and gets back plain findings, the packages that
// could not be checked, and the count of those that were.
package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/internal/reachable"
)

// InternalErrorRule is the rule ID of findings that report an analyzer crash.
const InternalErrorRule = "internal-error"

// IssuesURL is where users report analyzer crashes.
const IssuesURL = "https://github.com/mcplint-go/mcplint/issues"

// Options configures one run.
type Options struct {
	// Dir is the directory go list runs in; "" is the current directory.
	Dir string
	// Patterns are package patterns as go list takes them; none means ./...
	Patterns []string
	// Tests analyses test files too (each package is then analysed with its tests).
	Tests bool
	// BuildFlags go to go list, e.g. "-tags=integration".
	BuildFlags []string
	// Env is the environment of go list; nil means the process environment.
	Env []string
	// Analyzers are run on every package matched by Patterns.
	Analyzers []*analysis.Analyzer
	// Scope narrows the run to the packages worth loading from source; nil is
	// DefaultScope. LoaderPackages ignores it.
	Scope Scope
	// Loader chooses how packages are loaded; "" is LoaderEngine.
	Loader Loader
	// CacheDir is where outcomes are kept for runs over code that has not changed; ""
	// keeps none. CacheKey is the caller's part of the key: whatever else decides the
	// findings (the configuration, the analyzers' version).
	CacheDir, CacheKey string
	// eager type-checks every package before the analyzers start: the run is repeated this
	// way when a package type-checked lazily turns out to have errors.
	eager bool
	// inFlight bounds the packages type-checked lazily and not yet released at once; 0 is
	// packagesInFlight per CPU (see lifecycle).
	inFlight int
	// Observe, when set, is called with the pass and the result of every analyzer (required
	// ones included) that ran without error on a package the patterns matched, from the
	// checker's goroutines: -v counts what recognition found with it.
	Observe func(pass *analysis.Pass, result any)
	// Settle, when set, is given the run's findings once every package has been analysed,
	// before they are cached, and returns those to keep: what one package's findings mean
	// can depend on another package's results, which Observe saw.
	Settle func([]result.Finding) []result.Finding
	// Overlay maps absolute file names to contents that stand in for the files on disk
	// (-diff's later rounds analyse the fixes of the earlier ones without writing them). A
	// run with an overlay is never cached.
	Overlay map[string][]byte
	// Summarize, when set, is called once every package has been analysed and the findings
	// settled; what it returns is kept with the outcome (and its cache entry) as Summary: what
	// the caller learnt through Observe, for a later run that replays the cache.
	Summarize func() json.RawMessage
}

// readFile reads a file as the run sees it: from the overlay, else from disk.
func (o Options) readFile(name string) ([]byte, error) {
	if b, ok := o.Overlay[name]; ok {
		return b, nil
	}
	return os.ReadFile(name)
}

// Timings say where a run's time went.
type Timings struct {
	// List is go list: the metadata, the build cache's state, and export data and cgo
	// files where needed. For LoaderPackages it is the whole packages.Load, type-checking
	// included.
	List time.Duration
	// TypeCheck is the parsing and type-checking of packages from source, wall time.
	TypeCheck time.Duration
	// Analysis is the analyzers' run, wall time.
	Analysis time.Duration
	// ByAnalyzer is the time of each analyzer by name, summed over the packages it ran on.
	// Analyzers run in parallel, so the sum can exceed Analysis.
	ByAnalyzer map[string]time.Duration
}

// Loader names a way of loading packages for the analyzers.
type Loader string

const (
	// LoaderEngine is mcplint's own loading: a metadata-only go list, the scope, export data
	// where the build cache has it and declarations-only type-checking elsewhere.
	LoaderEngine Loader = "engine"
	// LoaderPackages is the stock path, packages.Load(LoadAllSyntax) with every dependency
	// from source and every analyzer on it: slow, but what the go/analysis drivers do. It is
	// the reference the engine is tested against, and a way around an engine bug.
	LoaderPackages Loader = "packages"
)

// ParseLoader reads a loader name as the -loader flag takes it.
func ParseLoader(s string) (Loader, error) {
	switch l := Loader(s); l {
	case "", LoaderEngine:
		return LoaderEngine, nil
	case LoaderPackages:
		return l, nil
	}
	return "", fmt.Errorf("unknown loader %q: want %s or %s", s, LoaderEngine, LoaderPackages)
}

// Outcome is what a run produced.
type Outcome struct {
	// Findings are in no particular order and have no Severity yet: severities belong to the
	// configuration, which the engine does not know.
	Findings      []result.Finding
	PackageErrors []result.PackageError
	// Checked counts the packages the analyzers ran on without errors, and the ones the
	// scope showed to need no analysis.
	Checked int
	// Skipped counts the packages of Checked that the scope left out.
	Skipped int
	// Crashes are the analyzer panics behind InternalErrorRule findings, with their stacks.
	Crashes []*PanicError
	Timings Timings
	// Cached: nothing changed since a run with the same key, whose outcome this is.
	Cached bool
	// Summary is what Options.Summarize returned.
	Summary json.RawMessage
}

// ErrNoPackages is returned when the patterns match no package at all.
var ErrNoPackages = errors.New("no Go packages match")

// LoadMode is the go/packages mode of the packages handed to the analyzers: typed syntax.
// Run does not ask go/packages for it (see Run), but the packages it analyses have exactly
// its fields.
func LoadMode() packages.LoadMode { return fallbackMode }

// NeedsFacts reports whether any of the analyzers, or any analyzer they require, has facts.
func NeedsFacts(analyzers []*analysis.Analyzer) bool {
	for a := range reachable.Analyzers(analyzers) {
		if len(a.FactTypes) > 0 {
			return true
		}
	}
	return false
}

// Run loads the packages and analyses them. It returns an error only when nothing could be
// loaded at all (go list failed, or no package matched); a package that does not compile is
// reported in Outcome.PackageErrors and the others are still analysed.
//
// Loading never builds anything. A go list of the package graph alone (nothing parsed) lets
// the scope pick the packages the analyzers need in full; a second go list, run beside it,
// says which dependencies the build cache holds compiled. Those are read from export data;
// the others are type-checked from source, declarations only, which costs a fraction of
// compiling them when the cache is cold. Facts flow only between packages checked in full:
// the module's own code, by default.
func Run(ctx context.Context, opts Options) (*Outcome, error) {
	patterns := opts.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if opts.Loader == LoaderPackages {
		return runStock(ctx, opts, patterns)
	}
	facts := NeedsFacts(opts.Analyzers)
	scope := opts.Scope
	if scope == nil {
		scope = DefaultScope(facts)
	}
	type stateResult struct {
		st  *buildState
		err error
	}
	stateCh := make(chan stateResult, 1)
	stateCtx, cancelState := context.WithCancel(ctx)
	defer cancelState()
	go func() {
		st, err := queryBuildState(stateCtx, opts, patterns)
		stateCh <- stateResult{st, err}
	}()
	start := time.Now()
	pl, err := planLoad(ctx, opts, patterns, scope, facts)
	if err != nil {
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	key := cacheKey(opts, patterns, pl)
	if key != "" {
		if out := loadCached(opts.CacheDir, key); out != nil {
			out.Timings.List = time.Since(start)
			return out, nil // the build cache's state is not needed: cancelState stops go list
		}
	}
	state := <-stateCh
	fset := token.NewFileSet()
	var pkgs []*packages.Package
	var tc *typeChecker
	out := &Outcome{PackageErrors: pl.broken, Checked: pl.skipped, Skipped: pl.skipped}
	out.Timings.List = time.Since(start)
	if pl.fallback {
		if pkgs, err = loadFallback(ctx, opts, fset, patterns); err != nil {
			return nil, fmt.Errorf("loading packages: %w", err)
		}
		out.Timings.List = time.Since(start)
	} else {
		st := state.st
		if state.err != nil {
			// Without the cache's state every dependency is checked from source: slower
			// when the cache is warm, never wrong.
			st = &buildState{stale: map[string]bool{}, sizes: types.SizesFor("gc", runtime.GOARCH)}
		}
		if tc, err = typecheck(ctx, opts, fset, st, pl, &out.Timings); err != nil {
			return nil, fmt.Errorf("loading packages: %w", err)
		}
		for _, p := range pl.full {
			if pl.analyse[p.ID] {
				pkgs = append(pkgs, p)
			}
		}
	}
	if err := analyse(opts, fset, pkgs, out, true, tc); err != nil && (!errors.Is(err, ErrNoPackages) || pl.skipped == 0) {
		return nil, err
	}
	if tc != nil && tc.lazyFailed.Load() {
		// The roots were chosen, and packages counted as checked, without these errors.
		// Code that does not compile is rare enough to pay for a second run.
		opts.eager = true
		return Run(ctx, opts)
	}
	if opts.Settle != nil {
		out.Findings = opts.Settle(out.Findings)
	}
	if opts.Summarize != nil {
		out.Summary = opts.Summarize()
	}
	if key != "" && ctx.Err() == nil {
		storeCached(opts.CacheDir, key, out)
	}
	return out, nil
}

// runStock is LoaderPackages: go/packages loads everything from source, and the checker runs
// every analyzer wherever facts lead it.
func runStock(ctx context.Context, opts Options, patterns []string) (*Outcome, error) {
	fset := token.NewFileSet()
	start := time.Now()
	pkgs, err := packages.Load(loadConfig(ctx, opts, packages.LoadAllSyntax|packages.NeedModule|packages.NeedForTest, fset), patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading packages: %w", err)
	}
	out := &Outcome{}
	out.Timings.List = time.Since(start)
	if err := analyse(opts, fset, pkgs, out, false, nil); err != nil {
		return nil, err
	}
	if opts.Settle != nil {
		out.Findings = opts.Settle(out.Findings)
	}
	if opts.Summarize != nil {
		out.Summary = opts.Summarize()
	}
	return out, nil
}

// analyse runs the analyzers on the root packages among pkgs and adds what they found to
// out. link narrows the import graph to the packages loaded from source (see linkSources);
// the stock path has every dependency from source and keeps go/packages' graph. tc, when not
// nil, type-checks lazy packages as their analysis starts, and their syntax and types.Info
// are released as it ends.
func analyse(opts Options, fset *token.FileSet, pkgs []*packages.Package, out *Outcome, link bool, tc *typeChecker) error {
	roots, broken := selectRoots(pkgs)
	out.PackageErrors = append(out.PackageErrors, broken...)
	if len(roots) == 0 && len(out.PackageErrors) == 0 {
		return fmt.Errorf("%w %s", ErrNoPackages, strings.Join(orAll(opts.Patterns), " "))
	}

	source := hasSource
	if tc != nil {
		source = func(p *packages.Package) bool { return hasSource(p) || tc.isLazy(p) }
	}
	var analysable []*packages.Package
	for _, p := range roots {
		if !source(p) {
			continue // nothing to give an analyzer; already in broken
		}
		analysable = append(analysable, p)
		if !p.IllTyped {
			out.Checked++
		}
	}
	if len(analysable) == 0 || len(opts.Analyzers) == 0 {
		return nil
	}
	if link {
		linkSources(analysable, source)
	}

	obs := newObserver(opts.Observe, analysable)
	start := time.Now()
	var graph *checker.Graph
	var st *stages
	var err error
	if tc != nil {
		life := newLifecycle(tc, analysable, opts.inFlight)
		if st, err = newStages(opts.Analyzers, obs, life, analysable, opts.readFile); err == nil {
			graph, err = checker.Analyze([]*analysis.Analyzer{st.rules}, analysable, &checker.Options{})
		}
	} else {
		// The checker starts a goroutine for every root action and every edge of its graph,
		// all at once; an analyzer another one requires runs anyway, so naming it a root
		// only adds goroutines. collect reports the diagnostics of every requested analyzer
		// all the same.
		graph, err = checker.Analyze(leaves(guard(opts.Analyzers, obs)), analysable, &checker.Options{})
	}
	if err != nil {
		// Analyze fails only when the analyzers themselves are invalid: a programming error.
		return fmt.Errorf("invalid analyzers: %w", err)
	}
	out.Timings.Analysis, out.Timings.ByAnalyzer = time.Since(start), obs.took
	pos := newPositioner(fset, analysable, opts.readFile)
	if st != nil {
		out.Timings.TypeCheck += st.life.typeCheck()
		pos.clauses = st.life.clauses
	}
	collect(pos, graph, st, out, opts.Analyzers, analysable)
	return nil
}

// leaves are the analyzers of as that no other analyzer of as requires, directly or not.
func leaves(as []*analysis.Analyzer) []*analysis.Analyzer {
	required := map[*analysis.Analyzer]bool{}
	var mark func(a *analysis.Analyzer)
	mark = func(a *analysis.Analyzer) {
		for _, req := range a.Requires {
			if !required[req] {
				required[req] = true
				mark(req)
			}
		}
	}
	for _, a := range as {
		mark(a)
	}
	var out []*analysis.Analyzer
	for _, a := range as {
		if !required[a] {
			out = append(out, a)
		}
	}
	return out
}

func orAll(patterns []string) []string {
	if len(patterns) == 0 {
		return []string{"./..."}
	}
	return patterns
}

// typecheck gives types to the planned packages: the full ones with syntax and types.Info,
// their dependencies from export data where the build cache has it, from source otherwise.
func typecheck(ctx context.Context, opts Options, fset *token.FileSet, st *buildState, pl *plan, tm *Timings) (*typeChecker, error) {
	// Packages that use cgo are checked in the Go files cgo generates, which import more
	// than the originals: list them first, so that planning sees every import.
	listed := time.Now()
	graph := map[string]*packages.Package{}
	packages.Visit(append(slices.Clip(pl.roots), pl.full...), nil, func(p *packages.Package) { graph[p.ID] = p })
	if err := fetchCompiledFiles(ctx, opts, cgoPackages(pl.full), graph); err != nil {
		return nil, err
	}
	tc := newTypeChecker(ctx, fset, st.sizes, opts.readFile)
	tc.plan(pl.full, st.exportable)
	// A package go list finds no export data for after all is checked from source.
	for asked := map[*packages.Package]bool{}; ; {
		var ask []*packages.Package
		for _, p := range tc.exports() {
			if !asked[p] {
				asked[p] = true
				ask = append(ask, p)
			}
		}
		if len(ask) == 0 {
			break
		}
		if err := fetchExportFiles(ctx, opts, ask); err != nil {
			return nil, err
		}
		for _, p := range ask {
			if p.ExportFile == "" {
				tc.demote(p, st.exportable)
			}
		}
	}
	tm.List += time.Since(listed)
	start := time.Now()
	tc.check(append(slices.Clip(pl.roots), pl.full...), !opts.eager)
	tm.TypeCheck = time.Since(start)
	return tc, ctx.Err()
}

// selectRoots drops the synthesized test mains and, where a package's test variant loaded
// cleanly, the package itself (the variant holds all its files and the tests), and returns the
// errors of every package that did not load cleanly.
func selectRoots(pkgs []*packages.Package) (roots []*packages.Package, broken []result.PackageError) {
	variant := map[string]*packages.Package{} // package path -> its in-package test variant
	for _, p := range pkgs {
		if p.ForTest != "" && p.PkgPath == p.ForTest {
			variant[p.PkgPath] = p
		}
	}
	for _, p := range pkgs {
		if isTestMain(p) {
			continue // the generated test main, in the build cache
		}
		if v, ok := variant[p.PkgPath]; ok && p.ForTest == "" && !v.IllTyped {
			continue // the variant covers it
		}
		if v := variant[p.PkgPath]; p == v {
			if base := basePackage(pkgs, p.PkgPath); base != nil && base.IllTyped {
				continue // the base package is reported and checked in its stead
			}
		}
		roots = append(roots, p)
		if errs := packageErrors(p); len(errs) > 0 {
			broken = append(broken, result.PackageError{Package: p.ID, Errors: errs})
		}
	}
	return roots, broken
}

func basePackage(pkgs []*packages.Package, path string) *packages.Package {
	for _, p := range pkgs {
		if p.PkgPath == path && p.ForTest == "" {
			return p
		}
	}
	return nil
}

// packageErrors lists a package's own errors, or when it has none but is ill-typed, says that
// a dependency is broken. The compiler's report ("# pkg\n...", from go list -export) repeats
// the parse and type errors, so it is dropped when those are present.
func packageErrors(p *packages.Package) []string {
	var errs []string
	seen := map[string]bool{}
	precise := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
		return e.Kind == packages.ParseError || e.Kind == packages.TypeError
	})
	for _, e := range p.Errors {
		if precise && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue
		}
		s := e.Msg
		if e.Pos != "" && e.Pos != "-" {
			s = e.Pos + ": " + e.Msg
		}
		if !seen[s] {
			seen[s] = true
			errs = append(errs, s)
		}
	}
	if dep, depErrs := brokenDependency(p); dep != nil {
		// The cause is in a dependency: name it and its first error, which is what to fix.
		s := fmt.Sprintf("dependency %s does not compile: %s", dep.PkgPath, depErrs[0])
		if hint := experimentHint(dep.PkgPath); hint != "" {
			s += "; " + hint
		}
		if !seen[s] {
			errs = append(errs, s)
		}
	}
	if len(errs) == 0 && p.IllTyped {
		errs = append(errs, "a dependency does not type-check")
	}
	return errs
}

// brokenDependency follows p's imports to the deepest dependency that has errors of its own
// (the one whose fix makes the others compile) and returns it with its errors; nil when every
// dependency is fine.
func brokenDependency(p *packages.Package) (*packages.Package, []string) {
	var found *packages.Package
	seen := map[*packages.Package]bool{p: true}
	cur := p
	for {
		var next *packages.Package
		for _, path := range slices.Sorted(maps.Keys(cur.Imports)) {
			imp := cur.Imports[path]
			if !seen[imp] && (len(imp.Errors) > 0 || imp.IllTyped) {
				next = imp
				break
			}
		}
		if next == nil {
			break
		}
		seen[next] = true
		if len(next.Errors) > 0 {
			found = next
		}
		cur = next
	}
	if found == nil {
		return nil, nil
	}
	var errs []string
	for _, e := range found.Errors {
		s := e.Msg
		if e.Pos != "" && e.Pos != "-" {
			s = e.Pos + ": " + e.Msg
		}
		errs = append(errs, s)
	}
	return found, errs
}

// experimentPackages are standard-library packages that exist only under a GOEXPERIMENT.
var experimentPackages = map[string]string{
	"encoding/json/v2":       "jsonv2",
	"encoding/json/jsontext": "jsonv2",
}

// experimentHint says how to build a package that exists only under a GOEXPERIMENT.
func experimentHint(path string) string {
	if exp, ok := experimentPackages[path]; ok {
		return fmt.Sprintf("%s is in the standard library only with GOEXPERIMENT=%s: run mcplint with GOEXPERIMENT=%s set, as the server is built", path, exp, exp)
	}
	return ""
}

// collect turns the action graph into findings. Diagnostics come from the analyzers asked
// for on the packages asked for only. Failed analyzers become InternalErrorRule findings,
// except the ones that are consequences: analyzers skipped because the package has type
// errors (already reported as a package error) and analyzers that failed because a
// prerequisite did (its own failure is reported). st is nil when every analyzer was an
// action of its own (the stock path); else the actions are st's stages.
func collect(pos *positioner, graph *checker.Graph, st *stages, out *Outcome, requested []*analysis.Analyzer, roots []*packages.Package) {
	reported := map[string]bool{}
	for _, a := range requested {
		reported[a.Name] = true
	}
	rootPkgs := map[*packages.Package]bool{}
	for _, p := range roots {
		rootPkgs[p] = true
	}
	fail := func(analyzer string, pkg *packages.Package, err error) {
		out.Findings = append(out.Findings, internalError(pos, analyzer, pkg, err))
		var pe *PanicError
		if errors.As(err, &pe) {
			out.Crashes = append(out.Crashes, pe)
		}
	}
	failed := map[*checker.Action]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			failed[act] = true
			consequence := slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return failed[d] })
			skipped := act.Package.IllTyped && !act.Analyzer.RunDespiteErrors
			if !consequence && !skipped {
				fail(act.Analyzer.Name, act.Package, act.Err)
			}
		}
		if st == nil {
			// The actions of the requested analyzers on the packages asked for: the
			// checker's roots when every analyzer was named one (see leaves).
			if reported[act.Analyzer.Name] && rootPkgs[act.Package] {
				for _, d := range act.Diagnostics {
					out.Findings = append(out.Findings, convert(pos, act.Analyzer.Name, act.Package, d))
				}
			}
			continue
		}
		rep := st.report(act.Analyzer, act.Package.Types)
		if rep == nil {
			continue
		}
		for _, f := range rep.failures {
			if !f.consequence {
				fail(f.a.Name, act.Package, f.err)
			}
		}
		if !rootPkgs[act.Package] {
			continue
		}
		for i, d := range act.Diagnostics {
			if a := rep.owners[i]; reported[a.Name] {
				out.Findings = append(out.Findings, convert(pos, a.Name, act.Package, d))
			}
		}
	}
}

func convert(pos *positioner, analyzer string, pkg *packages.Package, d analysis.Diagnostic) result.Finding {
	rule := d.Category
	if rule == "" {
		rule = analyzer
	}
	f := result.Finding{
		Rule:     rule,
		Message:  d.Message,
		Pos:      pos.position(d.Pos),
		URL:      d.URL,
		Analyzer: analyzer,
		Package:  pkg.ID,
	}
	if d.End.IsValid() && d.End > d.Pos {
		f.End = pos.position(d.End)
	}
	if pos.translated(d.Pos) {
		// The edits are offsets in the Go code cgo generated, not in the user's file.
		return f
	}
	for _, sf := range d.SuggestedFixes {
		fix := result.Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos // an insertion
			}
			start := pos.position(e.Pos)
			size := 0
			if tf := pos.fset.File(e.Pos); tf != nil {
				size = tf.Size()
			}
			fix.Edits = append(fix.Edits, result.Edit{
				File:     start.File,
				Start:    start,
				End:      pos.position(end),
				NewText:  string(e.NewText),
				FileSize: size,
			})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// internalError reports a failed action at the package clause of the package's first file,
// the closest place to "this package" that every output format can point at.
func internalError(pos *positioner, analyzer string, pkg *packages.Package, err error) result.Finding {
	f := result.Finding{
		Rule:     InternalErrorRule,
		URL:      IssuesURL,
		Analyzer: analyzer,
		Package:  pkg.ID,
	}
	if len(pkg.Syntax) > 0 {
		f.Pos = pos.position(pkg.Syntax[0].Package)
	} else if clause, ok := pos.clauses[pkg]; ok {
		f.Pos = pos.position(clause) // the syntax was released
	} else if len(pkg.GoFiles) > 0 {
		f.Pos = result.Position{File: pkg.GoFiles[0], Line: 1, Column: 1}
	}
	var pe *PanicError
	if errors.As(err, &pe) {
		f.Message = fmt.Sprintf("mcplint analyzer %s crashed on package %s (panic: %v, at %s), so its findings for this package are missing; this is a bug in mcplint: please report it at %s with this message and the stack trace printed on standard error (%s)",
			pe.Analyzer, pkg.ID, pe.Value, pe.Site, IssuesURL, InternalErrorRule)
	} else {
		f.Message = fmt.Sprintf("mcplint analyzer %s failed on package %s: %v; its findings for this package are missing; if the error is not about your code, please report it at %s (%s)",
			analyzer, pkg.ID, err, IssuesURL, InternalErrorRule)
	}
	return f
}
