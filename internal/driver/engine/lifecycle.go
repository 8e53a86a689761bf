package engine

import (
	"go/token"
	"go/types"
	"reflect"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// lifecycle bounds the memory of a run by what is being analysed, not by what has been: a
// package analysed from source is type-checked when its first analyzer starts (if check left
// it lazy) and loses its syntax, its types.Info and the results built on them when its last
// analyzer ends. Its types.Package stays (importers and facts refer to its objects), and so
// do facts, which the checker keeps apart from results.
//
// The checker keeps every action's result until the whole run ends, so a result is released
// by zeroing the struct it points to. Results must therefore be values of one package, which
// every analyzer of mcplint returns; a result seen for two packages is left alone.
type lifecycle struct {
	tc     *typeChecker
	byPkg  map[*types.Package]*pkgLife
	shared sync.Map // result pointer -> *pkgLife of its first package, or nil once shared

	mu        sync.Mutex
	clauses   map[*packages.Package]token.Pos
	typeTaken time.Duration
}

type pkgLife struct {
	pkg *packages.Package

	mu      sync.Mutex
	pending int // actions not yet finished
	passes  []*analysis.Pass
	results []reflect.Value
}

// newLifecycle counts the actions the checker will run on each package, exactly as
// checker.Analyze builds them: on the roots every analyzer and what it requires; on the
// imports of a package, transitively, the analyzers with facts and what they require.
func newLifecycle(tc *typeChecker, analyzers []*analysis.Analyzer, roots []*packages.Package) *lifecycle {
	l := &lifecycle{tc: tc, byPkg: map[*types.Package]*pkgLife{}, clauses: map[*packages.Package]token.Pos{}}
	type key struct {
		a *analysis.Analyzer
		p *packages.Package
	}
	seen := map[key]bool{}
	var action func(a *analysis.Analyzer, p *packages.Package)
	action = func(a *analysis.Analyzer, p *packages.Package) {
		k := key{a, p}
		if seen[k] {
			return
		}
		seen[k] = true
		pl := l.byPkg[p.Types]
		if pl == nil {
			pl = &pkgLife{pkg: p}
			l.byPkg[p.Types] = pl
		}
		pl.pending++
		for _, req := range a.Requires {
			action(req, p)
		}
		if len(a.FactTypes) > 0 {
			for _, imp := range p.Imports {
				action(a, imp)
			}
		}
	}
	for _, a := range analyzers {
		for _, p := range roots {
			action(a, p)
		}
	}
	return l
}

// prepare gives the pass of an action its package's syntax and types, type-checking the
// package first if it is lazy. The checker built the pass before the package had them.
func (l *lifecycle) prepare(pass *analysis.Pass) {
	pl := l.byPkg[pass.Pkg]
	if pl == nil {
		return
	}
	if took := l.tc.ensure(pl.pkg); took > 0 {
		l.mu.Lock()
		l.typeTaken += took
		l.mu.Unlock()
	}
	p := pl.pkg
	pass.Files, pass.TypesInfo, pass.TypeErrors = p.Syntax, p.TypesInfo, p.TypeErrors
}

// illTyped reports whether the pass's package has errors: the checker asked before a lazy
// package was type-checked.
func (l *lifecycle) illTyped(pass *analysis.Pass) bool {
	pl := l.byPkg[pass.Pkg]
	return pl != nil && pl.pkg.IllTyped
}

// finish records an action's pass and result, and releases the package when it was the
// package's last action.
func (l *lifecycle) finish(pass *analysis.Pass, result any) {
	pl := l.byPkg[pass.Pkg]
	if pl == nil {
		return
	}
	v := reflect.ValueOf(result)
	ownable := v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Struct
	if ownable {
		if first, loaded := l.shared.LoadOrStore(v.Pointer(), pl); loaded && first != pl {
			l.shared.Store(v.Pointer(), (*pkgLife)(nil))
		}
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.passes = append(pl.passes, pass)
	if ownable {
		pl.results = append(pl.results, v)
	}
	pl.pending--
	if pl.pending == 0 {
		l.release(pl)
	}
}

// release drops what the package's analysis needed and nothing after it does.
func (l *lifecycle) release(pl *pkgLife) {
	p := pl.pkg
	if len(p.Syntax) > 0 {
		l.mu.Lock()
		l.clauses[p] = p.Syntax[0].Package
		l.mu.Unlock()
		l.tc.forget(p.Syntax)
	}
	p.Syntax, p.TypesInfo = nil, nil
	for _, pass := range pl.passes {
		pass.Files, pass.TypesInfo, pass.ResultOf = nil, nil, nil
	}
	for _, v := range pl.results {
		if owner, _ := l.shared.Load(v.Pointer()); owner == pl {
			v.Elem().SetZero()
		}
	}
	pl.passes, pl.results = nil, nil
}

// typeCheck is the time lazy packages took to type-check, summed.
func (l *lifecycle) typeCheck() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.typeTaken
}
