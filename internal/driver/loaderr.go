package driver

import (
	"fmt"
	"regexp"
	"strconv"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// LoadErrorRule is the rule ID of a package with MCP code that does not compile.
var LoadErrorRule = analyzers.LoadError.ID

// keptRoots wraps a scope so that the driver learns which packages it kept: a package the
// scope keeps can hold MCP code, so its load errors fail the run; the others' are the
// compiler's business. With no scope every package is kept (engine.DefaultScope).
type keptRoots struct {
	mu  sync.Mutex
	ids map[string]bool // nil while the scope was never asked (files named on the command line, or no scope)
}

func (k *keptRoots) wrap(scope engine.Scope) engine.Scope {
	if scope == nil {
		return nil
	}
	return func(roots []*packages.Package) map[*packages.Package]bool {
		keep := scope(roots)
		k.mu.Lock()
		defer k.mu.Unlock()
		if k.ids == nil {
			k.ids = map[string]bool{}
		}
		for p, ok := range keep {
			if ok {
				k.ids[p.ID] = true
			}
		}
		return keep
	}
}

// holdsMCP reports whether a package that failed to load can hold MCP code. When the scope
// was not consulted nothing is known, so every package counts.
func (k *keptRoots) holdsMCP(id string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.ids == nil || k.ids[id]
}

// positioned splits "file:line:col: message" (col optional) as go/packages writes errors.
var positioned = regexp.MustCompile(`^(.+?):(\d+)(?::(\d+))?: (.*)$`)

// loadErrorFindings marks each package error with whether the package can hold MCP code
// and, when load-error is enabled, turns those errors into findings at the compiler's first
// positioned error.
func loadErrorFindings(errs []result.PackageError, holdsMCP func(id string) bool, cfg *analyzers.Config, cat *analyzers.Catalog) []result.Finding {
	r, ok := cat.Lookup(LoadErrorRule)
	enabled := ok && cfg.Enabled(r)
	var out []result.Finding
	for i := range errs {
		pe := &errs[i]
		pe.NoMCP = !holdsMCP(pe.Package)
		if pe.NoMCP || !enabled || len(pe.Errors) == 0 {
			continue
		}
		f := result.Finding{Rule: r.ID, URL: r.URL(), Package: pe.Package, Analyzer: "mcplint"}
		first := pe.Errors[0]
		for _, e := range pe.Errors {
			if m := positioned.FindStringSubmatch(e); m != nil {
				line, _ := strconv.Atoi(m[2])
				col, _ := strconv.Atoi(m[3]) // 0 when the error has no column
				f.Pos = result.Position{File: m[1], Line: line, Column: max(col, 1)}
				first = m[4]
				break
			}
		}
		more := ""
		if n := len(pe.Errors) - 1; n > 0 {
			more = fmt.Sprintf(" (and %s)", plural(n, "more error"))
		}
		f.Message = fmt.Sprintf("does not compile, so mcplint checked nothing in %s: %s%s (%s)", pe.Package, first, more, r.ID)
		pe.Reported = true
		out = append(out, f)
	}
	return out
}
