package engine

import (
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// lifecycle bounds the memory of a run by what is being analysed, not by what has been: a
// package analysed from source is type-checked (if check left it lazy) by the action of
// typecheckAnalyzer, which the checker runs before the package's other actions, and loses
// its syntax, its types.Info and the results built on them when its last analyzer ends. Its types.Package stays (importers and facts refer to its objects), and so
// do facts, which the checker keeps apart from results.
//
// The checker keeps every action's result until the whole run ends, so a result is released
// by zeroing the struct it points to. Results must therefore be values of one package, which
// every analyzer of mcplint returns; a result seen for two packages is left alone.
//
// The checker starts every action at once and the scheduler decides which runs, so nothing
// stops it from type-checking package after package while the analyzers of those already
// checked wait for a CPU (or for a slow analyzer): on the 10,000-tool synthetic server up to
// 200 packages were resident at once. The admission gate lets at most limit lazy packages be
// type-checked and not yet released; a package waits for a free place before its check
// starts. That cannot deadlock: a checked package has its whole import closure checked
// (a package's check action runs after its imports', each admitted in turn, and what is not
// lazy was checked before the run), so the
// admitted packages finish without waiting for an unchecked one, and each release frees a
// place. Should that reasoning ever fail, the gate opens after stall without a release.
type lifecycle struct {
	tc    *typeChecker
	byPkg map[*types.Package]*pkgLife

	shared sync.Map // result pointer -> *pkgLife of its first package, or nil once shared

	// graphMu guards the action graph's bookkeeping: nodes' finished flags and every
	// pkgLife's pending, passes and results.
	graphMu sync.Mutex
	actions map[actionKey]*actionNode

	gateMu       sync.Mutex
	gateChanged  chan struct{} // closed and replaced when a place may have come free
	inFlight     int           // admitted packages not yet released
	limit        int
	lastProgress time.Time
	stall        time.Duration

	mu        sync.Mutex
	clauses   map[*packages.Package]token.Pos
	typeTaken time.Duration
}

type actionKey struct {
	a *analysis.Analyzer
	p *packages.Package
}

// actionNode mirrors one action of the checker's graph, so that the actions the checker
// skips (a prerequisite failed) are counted as done: they never reach finish.
type actionNode struct {
	pl         *pkgLife
	dependents []*actionNode
	finished   bool
}

type pkgLife struct {
	pkg *packages.Package

	pending  int // actions not yet finished
	passes   []*analysis.Pass
	results  []reflect.Value
	admitted bool // holds a place of the gate (guarded by gateMu)
}

// packagesInFlight is how many lazily checked packages may be resident at once, per CPU:
// enough that every CPU has a package to analyse while others wait on their imports' facts.
// On the 10,000-tool synthetic server on 2 CPUs (one run each, loaded machine), 4 per CPU
// took 75 s and 628 MB, 16 per CPU 65 s and 677 MB, no bound 64 s and 789 MB. Once imports
// checked lazily hold places too (the type-check is its own action), 16 per CPU rose to
// 749–774 MB and 8 per CPU gives 715 MB in about the same time.
const packagesInFlight = 8

// gateStall is how long the gate waits without any package being released before it lets
// a package in regardless; a safety valve, not a tuning knob.
const gateStall = 10 * time.Second

// newLifecycle builds the action graph exactly as checker.Analyze does: on the roots every
// analyzer and what it requires; on the imports of a package, transitively, the analyzers
// with facts and what they require. It counts each package's actions. limit is the gate's
// bound; 0 is the default.
func newLifecycle(tc *typeChecker, analyzers []*analysis.Analyzer, roots []*packages.Package, limit int) *lifecycle {
	if limit <= 0 {
		limit = max(packagesInFlight*runtime.GOMAXPROCS(0), 8)
	}
	l := &lifecycle{
		tc:           tc,
		byPkg:        map[*types.Package]*pkgLife{},
		actions:      map[actionKey]*actionNode{},
		gateChanged:  make(chan struct{}),
		limit:        limit,
		stall:        gateStall,
		lastProgress: time.Now(),
		clauses:      map[*packages.Package]token.Pos{},
	}
	var action func(a *analysis.Analyzer, p *packages.Package) *actionNode
	action = func(a *analysis.Analyzer, p *packages.Package) *actionNode {
		k := actionKey{a, p}
		if n, ok := l.actions[k]; ok {
			return n
		}
		pl := l.byPkg[p.Types]
		if pl == nil {
			pl = &pkgLife{pkg: p}
			l.byPkg[p.Types] = pl
		}
		n := &actionNode{pl: pl}
		pl.pending++
		for _, req := range a.Requires {
			dep := action(req, p)
			dep.dependents = append(dep.dependents, n)
		}
		if len(a.FactTypes) > 0 {
			for _, imp := range p.Imports {
				dep := action(a, imp)
				dep.dependents = append(dep.dependents, n)
			}
		}
		l.actions[k] = n
		return n
	}
	for _, a := range analyzers {
		for _, p := range roots {
			action(a, p)
		}
	}
	// The checker itself skips the analyzers that do not run despite errors on a package
	// known to be ill-typed before the run; they, and what needs them, never reach finish.
	for k, n := range l.actions {
		if k.p.IllTyped && !k.a.RunDespiteErrors {
			l.complete(n, true, nil)
		}
	}
	return l
}

// check type-checks the pass's package if it is lazy, once the gate admits it: the Run of
// typecheckAnalyzer, which the checker runs on a package before any other of its actions.
func (l *lifecycle) check(pass *analysis.Pass) {
	pl := l.byPkg[pass.Pkg]
	if pl == nil {
		return
	}
	l.admit(pl)
	took := l.tc.ensure(pl.pkg)
	if took > 0 {
		l.mu.Lock()
		l.typeTaken += took
		l.mu.Unlock()
	}
	if pl.pkg.IllTyped {
		// The checker now skips the package's analyzers that do not run despite errors, and
		// what needs them, without calling Run: they never reach finish. This action is
		// still pending, so the package is not released here.
		l.graphMu.Lock()
		for k, n := range l.actions {
			if k.p == pl.pkg && !k.a.RunDespiteErrors {
				l.complete(n, true, nil)
			}
		}
		l.graphMu.Unlock()
	}
}

// admit waits until pl may be type-checked: it already is (or needs no check), it holds a
// place, or a place is free.
func (l *lifecycle) admit(pl *pkgLife) {
	for {
		l.gateMu.Lock()
		if pl.admitted || !l.tc.unchecked(pl.pkg) {
			l.gateMu.Unlock()
			return
		}
		if l.inFlight < l.limit || time.Since(l.lastProgress) > l.stall {
			pl.admitted = true
			l.inFlight++
			l.lastProgress = time.Now()
			l.gateMu.Unlock()
			return
		}
		changed := l.gateChanged
		l.gateMu.Unlock()
		timer := time.NewTimer(l.stall)
		select {
		case <-changed:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// signal wakes the packages waiting at the gate; gateMu is held.
func (l *lifecycle) signal() {
	close(l.gateChanged)
	l.gateChanged = make(chan struct{})
}

// finish records an action's pass and result, and releases the package when it was the
// package's last action. An action that failed fails every action that needs it, which the
// checker then skips: those are done too.
func (l *lifecycle) finish(pass *analysis.Pass, result any, err error) {
	pl := l.byPkg[pass.Pkg]
	if pl == nil {
		return
	}
	n := l.actions[actionKey{pass.Analyzer, pl.pkg}]
	if n == nil {
		return
	}
	v := reflect.ValueOf(result)
	ownable := err == nil && v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct
	if ownable {
		if first, loaded := l.shared.LoadOrStore(v.Pointer(), pl); loaded && first != pl {
			l.shared.Store(v.Pointer(), (*pkgLife)(nil))
		}
	}
	var done []*pkgLife
	l.graphMu.Lock()
	pl.passes = append(pl.passes, pass)
	if ownable {
		pl.results = append(pl.results, v)
	}
	l.complete(n, err != nil, &done)
	l.graphMu.Unlock()
	for _, pl := range done {
		l.release(pl)
	}
}

// complete marks n finished and, when it failed, the actions that need it; it adds to done
// the packages that have no action left. graphMu is held (or the run has not started).
func (l *lifecycle) complete(n *actionNode, failed bool, done *[]*pkgLife) {
	if n.finished {
		return
	}
	n.finished = true
	n.pl.pending--
	if n.pl.pending == 0 && done != nil {
		*done = append(*done, n.pl)
	}
	if failed {
		for _, d := range n.dependents {
			l.complete(d, true, done)
		}
	}
}

// release drops what the package's analysis needed and nothing after it does, and frees
// its place at the gate.
func (l *lifecycle) release(pl *pkgLife) {
	p := pl.pkg
	// An ill-typed package keeps its syntax and types.Info: the checker reads them for the
	// actions it skips, which never reach finish, so nothing orders this after those reads.
	// Such packages are rare, and a lazy one makes Run start again eagerly anyway.
	if !p.IllTyped {
		if len(p.Syntax) > 0 {
			l.mu.Lock()
			l.clauses[p] = p.Syntax[0].Package
			l.mu.Unlock()
			l.tc.forget(p.Syntax)
		}
		p.Syntax, p.TypesInfo = nil, nil
	}
	l.graphMu.Lock()
	passes, results := pl.passes, pl.results
	pl.passes, pl.results = nil, nil
	l.graphMu.Unlock()
	for _, pass := range passes {
		pass.Files, pass.TypesInfo, pass.ResultOf = nil, nil, nil
	}
	for _, v := range results {
		if owner, _ := l.shared.Load(v.Pointer()); owner == pl {
			v.Elem().SetZero()
		}
	}
	l.gateMu.Lock()
	if pl.admitted {
		pl.admitted = false
		l.inFlight--
	}
	l.lastProgress = time.Now()
	l.signal()
	l.gateMu.Unlock()
}

// typeCheck is the time lazy packages took to type-check, summed.
func (l *lifecycle) typeCheck() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.typeTaken
}
