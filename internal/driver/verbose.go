package driver

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/reachable"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// recognised counts what recognition found, for -v: a user whose handlers mcplint cannot see
// learns it here rather than from a clean report. Each handler and definition counts once,
// by position, however many package variants (a package and its test variant) saw it.
type recognised struct {
	mu       sync.Mutex
	seen     map[token.Position]bool
	handlers map[sdkapi.SDK]map[string]int // by flavour
	shapes   map[sdkapi.SDK]map[string]int // handlers by mcpmodel.Shape
	defs     map[sdkapi.SDK]map[string]int // by kind
	// helperBuilt counts handlers that return a value a module helper built; unmapped the
	// adapter calls whose wrapped functions are not followed, by reason.
	helperBuilt map[sdkapi.SDK]int
	unmapped    map[sdkapi.SDK]map[string]int
	// sites are the unmapped calls that are layer sites, by the position of their left
	// parenthesis: the module graph may resolve them (write leaves those out).
	sites map[string]unmappedSite
	defShapes
}

func newRecognised() *recognised {
	return &recognised{
		seen: map[token.Position]bool{}, handlers: map[sdkapi.SDK]map[string]int{}, shapes: map[sdkapi.SDK]map[string]int{},
		defs: map[sdkapi.SDK]map[string]int{}, helperBuilt: map[sdkapi.SDK]int{}, unmapped: map[sdkapi.SDK]map[string]int{},
		sites: map[string]unmappedSite{},
	}
}

// observe is engine.Options.Observe.
func (r *recognised) observe(pass *analysis.Pass, result any) {
	res, ok := result.(*mcpdefs.Result)
	if !ok || res == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	add := func(m map[sdkapi.SDK]map[string]int, sdk sdkapi.SDK, what string) {
		if m[sdk] == nil {
			m[sdk] = map[string]int{}
		}
		m[sdk][what]++
	}
	first := func(at token.Pos) bool {
		pos := pass.Fset.PositionFor(at, false)
		seen := r.seen[pos]
		r.seen[pos] = true
		return !seen
	}
	for _, h := range res.Handlers {
		if first(h.Node.Pos()) {
			add(r.handlers, h.SDK, h.Flavour.String())
			add(r.shapes, h.SDK, h.Shape.String())
			if helperBuilt(pass.TypesInfo, res, h) {
				r.helperBuilt[h.SDK]++
			}
		}
	}
	for _, u := range res.Unmapped {
		if first(u.Call.Pos()) {
			if u.Site {
				r.sites[pass.Fset.PositionFor(u.Call.Lparen, false).String()] = unmappedSite{u.SDK, u.Reason}
				continue
			}
			add(r.unmapped, u.SDK, u.Reason)
		}
	}
	for _, d := range res.Definitions {
		if first(d.Node.Pos()) {
			add(r.defs, d.SDK, d.Kind.String())
			r.defShapes.add(d)
		}
	}
}

// unmappedSite is what -v says of an unmapped layer site.
type unmappedSite struct {
	sdk    sdkapi.SDK
	reason string
}

// write says per SDK how many definitions and handlers were recognised; resolved are the layer
// sites the module graph found functions behind.
func (r *recognised) write(w io.Writer, resolved map[string]bool) {
	for at, u := range r.sites {
		if !resolved[at] {
			if r.unmapped[u.sdk] == nil {
				r.unmapped[u.sdk] = map[string]int{}
			}
			r.unmapped[u.sdk][u.reason]++
		}
	}
	sdks := map[sdkapi.SDK]bool{}
	for s := range r.handlers {
		sdks[s] = true
	}
	for s := range r.defs {
		sdks[s] = true
	}
	if len(sdks) == 0 {
		fmt.Fprintf(w, "mcplint: recognised no MCP definition or handler\n")
		return
	}
	for s := range r.unmapped {
		sdks[s] = true
	}
	for _, s := range slices.Sorted(maps.Keys(sdks)) {
		fmt.Fprintf(w, "mcplint: recognised %s: definitions %s; handlers %s, by shape %s, %d returning helper-built values\n",
			s, counts(r.defs[s]), counts(r.handlers[s]), counts(r.shapes[s]), r.helperBuilt[s])
		if len(r.unmapped[s]) > 0 {
			fmt.Fprintf(w, "mcplint: %s adapters whose functions are not checked: %s\n", s, counts(r.unmapped[s]))
		}
	}
	r.defShapes.write(w)
	fmt.Fprintf(w, "mcplint: (shape: sdk-typed is an SDK handler signature; delegate a function an SDK handler returns the results of; "+
		"adapter:KIND a function an adapter of the module hands to the SDK, given for a parameter, written to a field, "+
		"implementing an interface method, called through reflect, or passed through unchanged)\n")
}

// counts writes "7 (tool 5, prompt 2)", or "0".
func counts(m map[string]int) string {
	total := 0
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		total += m[k]
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	if total == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

// writeTimings says where the time went: go list, type-checking, the analyzers by family
// (and recognition and the other shared passes by name), and the output.
func writeTimings(w io.Writer, tm engine.Timings, as []*analysis.Analyzer, output time.Duration) {
	page := map[string]string{}
	for a := range reachable.Analyzers(as) {
		if _, ok := page[a.Name]; !ok {
			page[a.Name] = docPage(a)
		}
	}
	byGroup := map[string]time.Duration{}
	for name, d := range tm.ByAnalyzer {
		group := page[name]
		if group == "" {
			group = name
		}
		byGroup[group] += d
	}
	groups := slices.SortedFunc(maps.Keys(byGroup), func(a, b string) int {
		return cmp.Or(cmp.Compare(byGroup[b], byGroup[a]), cmp.Compare(a, b))
	})
	var parts []string
	for _, g := range groups {
		parts = append(parts, fmt.Sprintf("%s %s", g, seconds(byGroup[g])))
	}
	fmt.Fprintf(w, "mcplint: time: go list %s, type-checking %s, analysis %s, output %s\n",
		seconds(tm.List), seconds(tm.TypeCheck), seconds(tm.Analysis), seconds(output))
	if len(parts) > 0 {
		fmt.Fprintf(w, "mcplint: analysis by family and shared pass, summed over packages (they run in parallel): %s\n", strings.Join(parts, ", "))
	}
}

// docPage is the family of a rule's analyzer, or recognition for mcpdefs: the name of the
// doc page its URL points at ("" when it has none, as for the stock inspect pass).
func docPage(a *analysis.Analyzer) string {
	u, _, _ := strings.Cut(a.URL, "#")
	if !strings.HasSuffix(u, ".md") {
		return ""
	}
	return strings.TrimSuffix(path.Base(u), ".md")
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

// helperBuilt reports whether some return of h hands back a tool result or an error that a
// function of the module built (return helpers.NotFound(id), Out{}, nil; return nil,
// mapAPIError(err)): the handler rules judge those through the helper's summary.
func helperBuilt(info *types.Info, res *mcpdefs.Result, h *mcpmodel.Handler) bool {
	if h.Body == nil {
		return false
	}
	found := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, i := range []int{h.ResultIndex, h.ErrorIndex} {
				if i < 0 || i >= len(n.Results) {
					continue
				}
				call, ok := ast.Unparen(n.Results[i]).(*ast.CallExpr)
				if !ok {
					continue
				}
				fn, _ := typeutil.Callee(info, call).(*types.Func)
				if fn != nil && fn.Pkg() != nil && res.ModulePackage(fn.Pkg()) {
					found = true
				}
			}
		}
		return true
	})
	return found
}
