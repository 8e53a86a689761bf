package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"net/url"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// stages runs the analyzers of a lazily checked run as three checker actions per package
// instead of one per analyzer. The checker starts a goroutine for every action it runs and
// every edge of its graph, all at once: with one action per analyzer that was 128,000
// goroutines on the 10,000-tool synthetic server (81 analyzers and 255 edges between them
// per package), 335 MB of stacks, a third of the run's peak. With stages it is a few per
// package and import.
//
//   - The check stage type-checks a lazy package once the gate admits it (see lifecycle).
//     Its fact type makes the checker run it on every package the roots import, directly or
//     not, after the check stages of the package's imports, as their analysis goes on.
//   - The facts stage requires the check stage and runs the analyzers with facts and
//     everything they require. It has the fact types of all of them (and analysedFact, so
//     that it always spreads to the imports), so the checker runs it after the facts stages
//     of the package's imports and hands it their facts.
//   - The rules stage runs on the roots and requires the facts stage: the other analyzers.
//
// Inside a package, a scheduler of its own (pkgRun) starts each analyzer as soon as its
// prerequisites have finished, the rules' too: the facts stage returns (so that importers
// can go on) when the analyzers with facts have finished, and the rules stage when all have;
// the package is released then. What each analyzer sees is what the checker would give it:
// a pass of its own, its prerequisites' results by their original pointers, and only the
// facts of its own fact types (which must not be shared by two analyzers). Its diagnostics
// go through the stage's Report once it ends, so the checker validates their fixes as it
// would; stageReport says which analyzer reported each one.
type stages struct {
	read  func(string) ([]byte, error) // Options.readFile
	obs   *observer
	life  *lifecycle
	nodes []*stageNode // in an order where prerequisites come first
	byA   map[*analysis.Analyzer]*stageNode
	roots map[*types.Package]bool

	check, facts, rules *analysis.Analyzer

	mu      sync.Mutex
	runs    map[*types.Package]*pkgRun
	reports map[stageKey]*stageReport // the checker keeps only its roots' results
}

type stageKey struct {
	stage *analysis.Analyzer
	pkg   *types.Package
}

// stageNode is one analyzer of the run.
type stageNode struct {
	a          *analysis.Analyzer
	index      int
	reqs       []*stageNode
	dependents []*stageNode
	// inFacts: the analyzer has facts, or one that has requires it: it runs in the facts
	// stage, on every package.
	inFacts  bool
	hasFacts bool
}

// report is what the stage reported on the package, nil if it did not run there.
func (s *stages) report(stage *analysis.Analyzer, pkg *types.Package) *stageReport {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reports[stageKey{stage, pkg}]
}

// stageReport is a stage action's result: who reported each of its diagnostics (the
// checker's Diagnostics of the action, in order) and which of its analyzers failed.
type stageReport struct {
	pkg      *packages.Package
	owners   []*analysis.Analyzer
	failures []stageFailure
}

type stageFailure struct {
	a   *analysis.Analyzer
	err error
	// consequence: a prerequisite failed, or the package has errors and the analyzer does
	// not run despite them; reported elsewhere, not as an internal error.
	consequence bool
}

// newStages builds the two stage analyzers for the analyzers asked for and everything they
// require.
func newStages(analyzers []*analysis.Analyzer, obs *observer, life *lifecycle, roots []*packages.Package, read func(string) ([]byte, error)) (*stages, error) {
	// Validate also rejects a fact type declared by two analyzers, which would mix their
	// facts in the facts stage.
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	s := &stages{read: read, obs: obs, life: life, byA: map[*analysis.Analyzer]*stageNode{}, roots: map[*types.Package]bool{}, runs: map[*types.Package]*pkgRun{}, reports: map[stageKey]*stageReport{}}
	for _, p := range roots {
		s.roots[p.Types] = true
	}
	var add func(a *analysis.Analyzer) *stageNode
	add = func(a *analysis.Analyzer) *stageNode {
		if n, ok := s.byA[a]; ok {
			return n
		}
		n := &stageNode{a: a, hasFacts: len(a.FactTypes) > 0}
		s.byA[a] = n
		for _, req := range a.Requires {
			r := add(req)
			n.reqs = append(n.reqs, r)
			r.dependents = append(r.dependents, n)
		}
		n.index = len(s.nodes)
		s.nodes = append(s.nodes, n)
		return n
	}
	for _, a := range analyzers {
		add(a)
	}
	factTypes := []analysis.Fact{new(analysedFact)}
	var mark func(n *stageNode)
	mark = func(n *stageNode) {
		if !n.inFacts {
			n.inFacts = true
			for _, r := range n.reqs {
				mark(r)
			}
		}
	}
	for _, n := range s.nodes {
		factTypes = append(factTypes, n.a.FactTypes...) // no two analyzers share one: Validate
		if n.hasFacts {
			mark(n)
		}
	}
	s.check = &analysis.Analyzer{
		Name:             "mcplint_typecheck",
		Doc:              "type-checks a lazily loaded package before its analyzers read it",
		RunDespiteErrors: true,
		FactTypes:        []analysis.Fact{new(typecheckedFact)},
		Run:              s.runCheck,
	}
	s.facts = &analysis.Analyzer{
		Name:             "mcplint_facts",
		Doc:              "runs the analyzers with facts and what they require",
		RunDespiteErrors: true,
		Requires:         []*analysis.Analyzer{s.check},
		FactTypes:        factTypes,
		ResultType:       reflect.TypeFor[*stageReport](),
		Run:              s.runFacts,
	}
	s.rules = &analysis.Analyzer{
		Name:             "mcplint_rules",
		Doc:              "runs the analyzers without facts on a package asked for",
		RunDespiteErrors: true,
		Requires:         []*analysis.Analyzer{s.facts},
		ResultType:       reflect.TypeFor[*stageReport](),
		Run:              s.runRules,
	}
	return s, nil
}

// typecheckedFact and analysedFact are never exported: their types make the checker run the
// check and the facts stage of a package after those of its imports.
type typecheckedFact struct{}

func (*typecheckedFact) AFact() {}

type analysedFact struct{}

func (*analysedFact) AFact() {}

func (s *stages) runCheck(outer *analysis.Pass) (any, error) {
	pl := s.life.byPkg[outer.Pkg]
	if pl == nil {
		return nil, fmt.Errorf("package %s is not part of the run", outer.Pkg.Path())
	}
	s.life.check(pl)
	s.life.record(pl, outer, nil)
	return nil, nil
}

func (s *stages) runFacts(outer *analysis.Pass) (any, error) {
	pl := s.life.byPkg[outer.Pkg]
	if pl == nil {
		return nil, fmt.Errorf("package %s is not part of the run", outer.Pkg.Path())
	}
	s.life.record(pl, outer, nil)
	run := s.start(pl, outer)
	run.factsDone.Wait()
	rep := run.report(outer, true)
	if !run.root {
		run.release()
	}
	return rep, nil
}

func (s *stages) runRules(outer *analysis.Pass) (any, error) {
	s.mu.Lock()
	run := s.runs[outer.Pkg]
	s.mu.Unlock()
	if run == nil {
		return nil, fmt.Errorf("package %s has no facts stage", outer.Pkg.Path())
	}
	s.life.record(run.pl, outer, nil)
	run.allDone.Wait()
	rep := run.report(outer, false)
	run.release()
	return rep, nil
}

// pkgRun is the analyzers' run on one package.
type pkgRun struct {
	s     *stages
	pl    *pkgLife
	pkg   *packages.Package
	outer *analysis.Pass // the facts stage's: its facts
	root  bool

	factMu sync.Mutex // the facts stage's fact maps are the checker's, unguarded

	mu       sync.Mutex
	included []bool // runs on this package
	pending  []int  // prerequisites not yet finished
	results  []any
	errs     []error
	conseq   []bool
	diags    [][]analysis.Diagnostic

	factsDone, allDone sync.WaitGroup
}

// start begins the analysis of pl's package: the analyzers with facts, and on a root the
// others, each as soon as its prerequisites have finished.
func (s *stages) start(pl *pkgLife, outer *analysis.Pass) *pkgRun {
	n := len(s.nodes)
	run := &pkgRun{
		s: s, pl: pl, pkg: pl.pkg, outer: outer, root: s.roots[outer.Pkg],
		included: make([]bool, n), pending: make([]int, n), results: make([]any, n),
		errs: make([]error, n), conseq: make([]bool, n), diags: make([][]analysis.Diagnostic, n),
	}
	// An analyzer with facts fails, as a consequence, where it failed on an import: the
	// checker's edge from its action to the import's. The imports' facts stages are done.
	var failedBelow []bool
	s.mu.Lock()
	for _, imp := range pl.pkg.Imports {
		below := s.runs[imp.Types]
		if below == nil {
			continue
		}
		// The import's rules stage may still be writing its other analyzers' errors.
		below.mu.Lock()
		for i, err := range below.errs {
			if err != nil && s.nodes[i].hasFacts {
				if failedBelow == nil {
					failedBelow = make([]bool, n)
				}
				failedBelow[i] = true
			}
		}
		below.mu.Unlock()
	}
	s.runs[outer.Pkg] = run
	s.mu.Unlock()

	for _, node := range s.nodes {
		if node.inFacts || run.root {
			run.included[node.index] = true
			run.allDone.Add(1)
			if node.inFacts {
				run.factsDone.Add(1)
			}
		}
	}
	var ready []*stageNode
	for _, node := range s.nodes {
		if !run.included[node.index] {
			continue
		}
		run.pending[node.index] = len(node.reqs)
		if failedBelow != nil && failedBelow[node.index] {
			run.errs[node.index] = fmt.Errorf("failed prerequisites: %s on an import of %s", node.a.Name, run.pkg.PkgPath)
			run.conseq[node.index] = true
		}
		if len(node.reqs) == 0 {
			ready = append(ready, node)
		}
	}
	for _, node := range ready {
		go run.exec(node)
	}
	return run
}

// exec runs one analyzer on the package, then starts the ones that were waiting for it
// alone.
func (run *pkgRun) exec(node *stageNode) {
	i := node.index
	run.mu.Lock()
	err := run.errs[i]
	var failed []string
	inputs := make(map[*analysis.Analyzer]any, len(node.reqs))
	for _, r := range node.reqs {
		if run.errs[r.index] != nil {
			failed = append(failed, r.a.Name)
		}
		inputs[r.a] = run.results[r.index]
	}
	run.mu.Unlock()

	var result any
	consequence := err != nil
	switch {
	case err != nil:
	case failed != nil:
		slices.Sort(failed)
		err, consequence = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", ")), true
	case run.pkg.IllTyped && !node.a.RunDespiteErrors:
		err, consequence = fmt.Errorf("analysis skipped due to errors in package"), true
	default:
		result, err = run.analyse(node, inputs)
	}

	run.mu.Lock()
	run.results[i], run.errs[i], run.conseq[i] = result, err, consequence
	var next []*stageNode
	for _, d := range node.dependents {
		if run.included[d.index] {
			run.pending[d.index]--
			if run.pending[d.index] == 0 {
				next = append(next, d)
			}
		}
	}
	run.mu.Unlock()
	for _, d := range next {
		go run.exec(d)
	}
	if node.inFacts {
		run.factsDone.Done()
	}
	run.allDone.Done()
}

// analyse runs the analyzer on a pass of its own, as the checker would build it.
func (run *pkgRun) analyse(node *stageNode, inputs map[*analysis.Analyzer]any) (any, error) {
	a, p := node.a, run.pkg
	owns := func(f analysis.Fact) bool {
		return slices.ContainsFunc(a.FactTypes, func(t analysis.Fact) bool { return reflect.TypeOf(t) == reflect.TypeOf(f) })
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         run.outer.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       run.outer.Module,
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			run.mu.Lock()
			run.diags[node.index] = append(run.diags[node.index], d)
			run.mu.Unlock()
		},
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			if !owns(fact) {
				return false
			}
			run.factMu.Lock()
			defer run.factMu.Unlock()
			return run.outer.ImportObjectFact(obj, fact)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			run.factMu.Lock()
			defer run.factMu.Unlock()
			run.outer.ExportObjectFact(obj, fact)
		},
		ImportPackageFact: func(pkg *types.Package, fact analysis.Fact) bool {
			if !owns(fact) {
				return false
			}
			run.factMu.Lock()
			defer run.factMu.Unlock()
			return run.outer.ImportPackageFact(pkg, fact)
		},
		ExportPackageFact: func(fact analysis.Fact) {
			run.factMu.Lock()
			defer run.factMu.Unlock()
			run.outer.ExportPackageFact(fact)
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			run.factMu.Lock()
			all := run.outer.AllObjectFacts()
			run.factMu.Unlock()
			return slices.DeleteFunc(all, func(f analysis.ObjectFact) bool { return !owns(f.Fact) })
		},
		AllPackageFacts: func() []analysis.PackageFact {
			run.factMu.Lock()
			all := run.outer.AllPackageFacts()
			run.factMu.Unlock()
			return slices.DeleteFunc(all, func(f analysis.PackageFact) bool { return !owns(f.Fact) })
		},
	}
	pass.ReadFile = func(filename string) ([]byte, error) {
		if !readable(pass, filename) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
		}
		return run.s.read(filename)
	}
	result, err := run.s.obs.run(pass)
	// As the checker does: no facts after Run.
	pass.ExportObjectFact, pass.ExportPackageFact = nil, nil
	run.s.life.record(run.pl, pass, result)
	if err != nil {
		return nil, err
	}
	if got, want := reflect.TypeOf(result), a.ResultType; got != want {
		return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", p.PkgPath, a.Name, got, want)
	}
	run.mu.Lock()
	defer run.mu.Unlock()
	for i, d := range run.diags[node.index] {
		u, err := resolveURL(a, d)
		if err != nil {
			return nil, err
		}
		run.diags[node.index][i].URL = u
	}
	return result, nil
}

// report hands the diagnostics of the stage's analyzers to the stage's pass, whose Report
// (the checker's) validates their fixes, and lists who reported them and what failed.
func (run *pkgRun) report(outer *analysis.Pass, facts bool) *stageReport {
	rep := &stageReport{pkg: run.pkg}
	run.s.mu.Lock()
	run.s.reports[stageKey{outer.Analyzer, outer.Pkg}] = rep
	run.s.mu.Unlock()
	run.mu.Lock()
	defer run.mu.Unlock()
	for _, node := range run.s.nodes {
		i := node.index
		if !run.included[i] || node.inFacts != facts {
			continue
		}
		for _, d := range run.diags[i] {
			if err := forward(outer, d); err != nil {
				run.errs[i] = err
				break
			}
			rep.owners = append(rep.owners, node.a)
		}
		run.diags[i] = nil
		if run.errs[i] != nil {
			rep.failures = append(rep.failures, stageFailure{a: node.a, err: run.errs[i], consequence: run.conseq[i]})
		}
	}
	return rep
}

// release lets go of the package once every analyzer has finished on it. What importers
// still read of the run is which analyzers failed.
func (run *pkgRun) release() {
	run.s.life.release(run.pl)
	run.mu.Lock()
	run.results, run.diags, run.outer = nil, nil, nil
	run.mu.Unlock()
}

// forward reports d on the stage's pass; the checker panics on a malformed fix, which was
// the reporting analyzer's crash.
func forward(outer *analysis.Pass, d analysis.Diagnostic) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Analyzer: outer.Analyzer.Name, Package: outer.Pkg.Path(), Value: r, Site: panicSite(), Stack: debug.Stack()}
		}
	}()
	outer.Report(d)
	return nil
}

// readable is the checker's rule for Pass.ReadFile: the package's own files only.
func readable(pass *analysis.Pass, filename string) bool {
	if slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) {
		return true
	}
	return slices.ContainsFunc(pass.Files, func(f *ast.File) bool { return pass.Fset.File(f.FileStart).Name() == filename })
}

// resolveURL is the checker's: a diagnostic's URL, else its category as a fragment,
// relative to the analyzer's URL.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}
