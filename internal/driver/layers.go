package driver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// ModuleGraphEnv turns the module graph off (MCPLINT_MODULE_GRAPH=off): the run then checks
// only the handlers each package's recognition sees alone, as go vet and golangci-lint do.
const ModuleGraphEnv = "MCPLINT_MODULE_GRAPH"

// layerPlan is what the module graph found behind the run's layer sites.
type layerPlan struct {
	// layered maps each function found (the position of its name or func keyword) to the
	// mapping of the site that calls it; packages are the paths of the packages declaring
	// them, to analyse again with recognition told.
	layered  map[string]mcpdefs.LayerMapping
	packages []string
	// resolved holds the sites behind which at least one function was found.
	resolved map[string]bool
	// own are the own definition types converted in one package and written in others,
	// which packages also holds, to analyse with recognition told the type's conversion.
	own map[string]mcpdefs.OwnType
}

// graph is what the plan tells recognition in the second round.
func (p *layerPlan) graph() mcpdefs.Options {
	return mcpdefs.Options{Layered: p.layered, Own: p.own}
}

// resolveLayers answers, for every layer site of the run, which module functions it can call,
// as class hierarchy analysis does for function values and interface methods: a call of a
// function value of signature S can run any module function whose value the module takes with
// signature S; a call of interface method M can run M of any module type the module converts
// to an interface that has every method of the site's interface. A function two sites call
// with different mappings is left out: which mapping is the wire's is unknown.
func (r *runRecord) resolveLayers() *layerPlan {
	plan := &layerPlan{layered: map[string]mcpdefs.LayerMapping{}, resolved: map[string]bool{}, own: map[string]mcpdefs.OwnType{}}
	if r == nil {
		return plan
	}
	pkgs := map[string]bool{}
	r.planOwnTypes(plan, pkgs)
	pkgOf := map[string]string{}
	conflict := map[string]bool{}
	calls := map[string][]string{} // site -> callees
	for _, site := range slices.Sorted(maps.Keys(r.Sites)) {
		s := r.Sites[site]
		callees := map[string]string{}
		if s.Key == "decl" {
			callees[s.Callee] = s.CalleePkg
		} else if key, ok := strings.CutPrefix(s.Key, "method "); ok {
			for _, ms := range r.MethodSets {
				if implements(ms, s.Interface) {
					if at, ok := methodAt(ms, key); ok {
						callees[at.Pos] = at.Pkg
					}
				}
			}
		} else {
			maps.Copy(callees, r.Values[s.Key])
		}
		for pos, pkg := range callees {
			m := s.Mapping
			if prev, ok := plan.layered[pos]; ok {
				if !sameWire(prev, m) {
					conflict[pos] = true
				}
				// Every site's upstream arguments: one that gives an upstream failure is enough.
				m.UpstreamArgs = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(prev.UpstreamArgs), m.UpstreamArgs...))))
			}
			plan.layered[pos], pkgOf[pos] = m, pkg
			calls[site] = append(calls[site], pos)
		}
	}
	for pos := range conflict {
		delete(plan.layered, pos)
	}
	for site, callees := range calls {
		for _, pos := range callees {
			if !conflict[pos] {
				plan.resolved[site] = true
				pkgs[pkgOf[pos]] = true
			}
		}
	}
	plan.packages = slices.Sorted(maps.Keys(pkgs))
	return plan
}

// planOwnTypes gives each own definition type converted in one package to the other analysed
// packages that may write its literals: the one declaring it, and those seen writing them.
// A type two packages convert is left out: which conversion registers it is unknown.
func (r *runRecord) planOwnTypes(plan *layerPlan, pkgs map[string]bool) {
	for key, c := range r.OwnConverters {
		if c.Conflict {
			continue
		}
		declared := key[:strings.LastIndex(key, ".")]
		for _, p := range append([]string{declared}, r.OwnLiterals[key]...) {
			if p != c.Pkg && r.Packages[p] {
				plan.own[key] = c.Type
				pkgs[p] = true
			}
		}
	}
}

// implements reports whether a method set has every method of an interface ("NAME SIG", or
// "NAME *" for any signature).
func implements(ms map[string]methodRecord, iface []string) bool {
	for _, m := range iface {
		if _, ok := methodAt(ms, m); !ok {
			return false
		}
	}
	return len(iface) > 0
}

// methodAt finds the method key names in a method set.
func methodAt(ms map[string]methodRecord, key string) (methodRecord, bool) {
	name, ok := strings.CutSuffix(key, " *")
	if !ok {
		at, ok := ms[key]
		return at, ok
	}
	for k, at := range ms {
		if strings.HasPrefix(k, name+" ") {
			return at, true
		}
	}
	return methodRecord{}, false
}

// sameWire reports whether two sites' mappings send a callee's results the same way.
func sameWire(a, b mcpdefs.LayerMapping) bool {
	return a.Kind == b.Kind && a.SDK == b.SDK && a.Flavour == b.Flavour && a.Errors == b.Errors && a.Same == b.Same && a.Mixed == b.Mixed &&
		slices.Equal(a.Except, b.Except) && a.Results == b.Results
}

// key is the plan's part of a cache key.
func (p *layerPlan) key() string {
	data, _ := json.Marshal(p.graph()) // map keys are sorted
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// analyseLayers runs the analyzers again over the packages that declare the functions the
// module graph found, with recognition told which they are, and puts their findings in place
// of the first run's for those packages. It returns the second run's record.
func (s Setup) analyseLayers(ctx context.Context, opts engine.Options, out *engine.Outcome, plan *layerPlan, as []*analysis.Analyzer) (*runRecord, bool) {
	again := newSeen()
	observe := opts.Observe
	opts.Observe = func(pass *analysis.Pass, res any) {
		observe(pass, res)
		again.observe(pass, res)
	}
	opts.Patterns, opts.Analyzers, opts.Scope, opts.Summarize = plan.packages, as, nil, again.summary
	if opts.CacheKey != "" {
		opts.CacheKey += "\nlayered " + plan.key()
	}
	second, ok := s.runEngine(ctx, opts)
	if !ok {
		return nil, false
	}
	redone := map[string]bool{}
	for _, p := range plan.packages {
		redone[p] = true
	}
	out.Findings = slices.DeleteFunc(out.Findings, func(f result.Finding) bool {
		path, _, _ := strings.Cut(f.Package, " ")
		return redone[path]
	})
	out.Findings = append(out.Findings, second.Findings...)
	if opts.Settle != nil {
		// The round's packages may settle the wire of others' findings (a handler found
		// behind a layer, registered on a converting server, delegating to another package).
		out.Findings = opts.Settle(out.Findings)
	}
	return recordOf(second.Summary), true
}

// layeredRun is what a run with the module graph saw: its record (both rounds) and plan.
type layeredRun struct {
	rec  *runRecord
	plan *layerPlan
}

// runWithLayers runs the engine once and, when the module graph finds handlers behind layer
// sites that no package saw alone, a second time over the packages that declare them.
func (s Setup) runWithLayers(ctx context.Context, opts engine.Options, first *seen, cfg *analyzers.Config, verbose bool) (*engine.Outcome, layeredRun, bool) {
	observe := opts.Observe
	opts.Observe = func(pass *analysis.Pass, res any) {
		observe(pass, res)
		first.observe(pass, res)
	}
	opts.Summarize = first.summary
	out, ok := s.runEngine(ctx, opts)
	if !ok {
		return nil, layeredRun{}, false
	}
	rec := recordOf(out.Summary)
	plan := rec.resolveLayers()
	analysed := &layerPlan{}
	if s.LayeredAnalyzers != nil && lookupEnv(s.Env, ModuleGraphEnv) != "off" {
		opts.Observe = observe
		// Functions found behind a layer may hold layers of their own (a delegate of another
		// package): each round reads the packages of every function found so far, until no
		// round finds more or the rounds run out.
		for round := 2; round <= maxLayerRounds && plan.grows(analysed); round++ {
			as, err := s.LayeredAnalyzers(cfg, plan.graph())
			if err != nil {
				break
			}
			again, ok := s.analyseLayers(ctx, opts, out, plan, as)
			if !ok {
				return nil, layeredRun{}, false
			}
			rec.merge(again)
			analysed, plan = plan, rec.resolveLayers()
		}
	}
	if verbose && rec != nil && (len(rec.Sites) > 0 || len(analysed.own) > 0) {
		line := fmt.Sprintf("mcplint: module graph: %d layer sites, %d resolved; %d functions behind them", len(rec.Sites), len(analysed.resolved), len(analysed.layered))
		if len(analysed.own) > 0 {
			line += fmt.Sprintf("; %s of the server's own written in other packages", plural(len(analysed.own), "tool type"))
		}
		fmt.Fprintf(s.Stderr, "%s; %s read again\n", line, plural(len(analysed.packages), "package"))
	}
	return out, layeredRun{rec, analysed}, true
}

// maxLayerRounds bounds the rounds of a run: the first, and those the module graph adds.
const maxLayerRounds = 4

// grows reports whether p finds a function or own type that prev did not.
func (p *layerPlan) grows(prev *layerPlan) bool {
	for pos := range p.layered {
		if _, ok := prev.layered[pos]; !ok {
			return true
		}
	}
	for key := range p.own {
		if _, ok := prev.own[key]; !ok {
			return true
		}
	}
	return false
}
