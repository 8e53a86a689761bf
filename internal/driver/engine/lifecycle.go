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
// package analysed from source is type-checked (if check left it lazy) by its check stage
// (see stages), and loses its syntax, its types.Info and the results built on them
// when its last analyzer ends. Its types.Package stays (importers and facts refer to its
// objects), and so do facts, which the checker keeps apart from results.
//
// The checker keeps every action's pass until the whole run ends, and an analyzer's result
// can be reachable from what outlives it (a fact, a closure), so a result is released by
// zeroing the struct it points to. Results must therefore be values of one package, which
// every analyzer of mcplint returns; a result seen for two packages is left alone.
//
// The checker starts every package's stages at once and the scheduler decides which runs, so
// nothing stops it from type-checking package after package while the analyzers of those
// already checked wait for a CPU (or for a slow analyzer): on the 10,000-tool synthetic
// server up to 200 packages were resident at once. The admission gate lets at most limit
// lazy packages be type-checked and not yet released; a package waits for a free place
// before its check starts. That cannot deadlock: a package's check starts after its
// imports' (each admitted in turn, and what is not lazy was checked before the run), so a
// checked package has its whole import closure checked, the admitted packages finish without
// waiting for an unchecked one, and each release frees a place. Should that reasoning ever fail, the gate opens after stall without a release.
type lifecycle struct {
	tc    *typeChecker
	byPkg map[*types.Package]*pkgLife

	shared sync.Map // result pointer -> *pkgLife of its first package, or nil once shared

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

type pkgLife struct {
	pkg *packages.Package

	mu       sync.Mutex // guards passes and results
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

// newLifecycle keeps the life of every package the roots import, directly or not. limit is
// the gate's bound; 0 is the default.
func newLifecycle(tc *typeChecker, roots []*packages.Package, limit int) *lifecycle {
	if limit <= 0 {
		limit = max(packagesInFlight*runtime.GOMAXPROCS(0), 8)
	}
	l := &lifecycle{
		tc:           tc,
		byPkg:        map[*types.Package]*pkgLife{},
		gateChanged:  make(chan struct{}),
		limit:        limit,
		stall:        gateStall,
		lastProgress: time.Now(),
		clauses:      map[*packages.Package]token.Pos{},
	}
	packages.Visit(roots, func(p *packages.Package) bool {
		if l.byPkg[p.Types] != nil {
			return false
		}
		l.byPkg[p.Types] = &pkgLife{pkg: p}
		return true
	}, nil)
	return l
}

// check type-checks pl's package if it is lazy, once the gate admits it.
func (l *lifecycle) check(pl *pkgLife) {
	l.admit(pl)
	if took := l.tc.ensure(pl.pkg); took > 0 {
		l.mu.Lock()
		l.typeTaken += took
		l.mu.Unlock()
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

// record keeps a pass and the result of an analyzer of pl's package, to be cleared when the
// package is released.
func (l *lifecycle) record(pl *pkgLife, pass *analysis.Pass, result any) {
	v := reflect.ValueOf(result)
	ownable := result != nil && v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct
	if ownable {
		if first, loaded := l.shared.LoadOrStore(v.Pointer(), pl); loaded && first != pl {
			l.shared.Store(v.Pointer(), (*pkgLife)(nil))
		}
	}
	pl.mu.Lock()
	pl.passes = append(pl.passes, pass)
	if ownable {
		pl.results = append(pl.results, v)
	}
	pl.mu.Unlock()
}

// release drops what the package's analysis needed and nothing after it does, and frees
// its place at the gate.
func (l *lifecycle) release(pl *pkgLife) {
	p := pl.pkg
	if len(p.Syntax) > 0 {
		l.mu.Lock()
		l.clauses[p] = p.Syntax[0].Package
		l.mu.Unlock()
		l.tc.forget(p.Syntax)
	}
	p.Syntax, p.TypesInfo = nil, nil
	pl.mu.Lock()
	passes, results := pl.passes, pl.results
	pl.passes, pl.results = nil, nil
	pl.mu.Unlock()
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
