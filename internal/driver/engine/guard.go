package engine

import (
	"fmt"
	"go/types"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// PanicError is the error of an action whose analyzer panicked. The checker does not recover
// panics (one would kill the whole process from a worker goroutine), so every analyzer runs
// inside guard's recover.
type PanicError struct {
	Analyzer string
	Package  string
	Value    any
	// Site is the function and file:line that panicked, outside the runtime.
	Site  string
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("analyzer %s panicked on package %s at %s: %v", e.Analyzer, e.Package, e.Site, e.Value)
}

// guard returns copies of the analyzers (and everything they require) whose Run recovers a
// panic into a *PanicError, for the stock path, where the checker runs every analyzer as an
// action of its own (the engine's path runs them in stages: see stages). The originals are
// not modified: analyzers are shared values (lint.DirectivesAnalyzer is a package variable)
// and may be run by other drivers.
//
// Each copy hands the original Run a pass whose Analyzer and ResultOf are keyed by the
// original analyzers, because an analyzer reads its prerequisites' results as
// pass.ResultOf[Prerequisite] with the original pointer.
func guard(roots []*analysis.Analyzer, obs *observer) []*analysis.Analyzer {
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	original := map[*analysis.Analyzer]*analysis.Analyzer{}
	var wrap func(a *analysis.Analyzer) *analysis.Analyzer
	wrap = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		c := &analysis.Analyzer{
			Name:             a.Name,
			Doc:              a.Doc,
			URL:              a.URL,
			Flags:            a.Flags,
			RunDespiteErrors: a.RunDespiteErrors,
			ResultType:       a.ResultType,
			FactTypes:        a.FactTypes,
		}
		copies[a], original[c] = c, a
		for _, req := range a.Requires {
			c.Requires = append(c.Requires, wrap(req))
		}
		c.Run = func(pass *analysis.Pass) (any, error) {
			inner := *pass
			inner.Analyzer = a
			inner.ResultOf = make(map[*analysis.Analyzer]any, len(pass.ResultOf))
			for k, v := range pass.ResultOf {
				inner.ResultOf[original[k]] = v
			}
			return obs.run(&inner)
		}
		return c
	}
	out := make([]*analysis.Analyzer, len(roots))
	for i, a := range roots {
		out[i] = wrap(a)
	}
	return out
}

// run runs pass.Analyzer on pass, timing it, recovering a panic into a *PanicError and
// handing the result to observe on the packages asked for.
func (o *observer) run(pass *analysis.Pass) (result any, err error) {
	a := pass.Analyzer
	start := time.Now()
	defer func() {
		o.ran(a, time.Since(start))
		if r := recover(); r != nil {
			pkg := "?"
			if pass.Pkg != nil {
				pkg = pass.Pkg.Path()
			}
			result, err = nil, &PanicError{Analyzer: a.Name, Package: pkg, Value: r, Site: panicSite(), Stack: debug.Stack()}
		}
	}()
	result, err = a.Run(pass)
	if err == nil && o.observe != nil && o.roots[pass.Pkg] {
		o.observe(pass, result)
	}
	return result, err
}

// panicSite finds the frame that panicked: the first caller below runtime.gopanic that is
// neither the runtime nor this file's deferred function.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	afterPanic := false
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			afterPanic = true
		} else if afterPanic && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s (%s:%d)", f.Function, f.File, f.Line)
		}
		if !more {
			return "unknown location"
		}
	}
}

// observer collects, from the guarded analyzers, the time each one took (summed over the
// packages it ran on) and hands every result to Options.Observe.
type observer struct {
	observe func(*analysis.Pass, any)
	roots   map[*types.Package]bool // observe sees these packages only

	mu   sync.Mutex
	took map[string]time.Duration
}

func newObserver(observe func(*analysis.Pass, any), roots []*packages.Package) *observer {
	o := &observer{observe: observe, roots: map[*types.Package]bool{}, took: map[string]time.Duration{}}
	for _, p := range roots {
		o.roots[p.Types] = true
	}
	return o
}

func (o *observer) ran(a *analysis.Analyzer, d time.Duration) {
	o.mu.Lock()
	o.took[a.Name] += d
	o.mu.Unlock()
}
