package analyzers

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/handlerrules"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Wire settles, over all the packages of one run, what no single package can know: a server
// whose middleware turns tool errors into results, registering handlers declared in another
// package, or handlers whose bodies are functions of another package they return the error
// of. That package is analysed first (the server's imports it), so its handler rules report
// the handlers' errors as protocol errors; the server's package names the handlers
// (mcpdefs.Result.ConvertedElsewhere) and the functions its handlers delegate to
// (mcpdefs.Result.Delegations), and Wire drops those findings. go vet and golangci-lint
// analyse one package at a time and keep them.
type Wire struct {
	mu          sync.Mutex
	converted   map[string]bool // handlers' names (see objectName)
	delegations []wireDelegation
	handlers    []wireHandler
	// aliases maps an exported variable that holds one function to the function's name.
	aliases map[string]string
	// settled is converted with the functions converted handlers delegate to, transitively;
	// nil until asked after the last Observe.
	settled map[string]bool
	// servers counts, per SDK, the servers the run's packages build outside tests, and
	// plain those of them whose errors no middleware turns into results: when every server
	// of an SDK converts, no handler of that SDK sends a protocol error, whichever server
	// it is registered on (the registration need not be in sight).
	servers, plain map[sdkapi.SDK]int
}

// wireDelegation is a handler's call of a function of another package whose error it
// returns: the caller's name ("" when it has none), whether its own package knows its
// errors are converted, and the callee's name.
type wireDelegation struct {
	caller    string
	converted bool
	callee    string
}

// wireHandler is a tool handler's extent in its file (a declaration or a literal), and the
// names of the handler whose wire it shares: its own, or that of the handler it is a
// delegate of (a declared function's, or those of the variables holding a literal).
type wireHandler struct {
	names      []string
	sdk        sdkapi.SDK
	file       string
	start, end int // byte offsets
}

// NewWire returns an empty Wire; give its Observe to the engine.
func NewWire() *Wire {
	return &Wire{converted: map[string]bool{}, aliases: map[string]string{}, servers: map[sdkapi.SDK]int{}, plain: map[sdkapi.SDK]int{}}
}

// objectName names a function (its full name) or a package variable (path.Name) across the
// packages of a run.
func objectName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		return fn.FullName()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// Observe takes recognition's result of each package (other results are ignored). The
// engine calls it from several goroutines.
func (w *Wire) Observe(pass *analysis.Pass, result any) {
	w.ObserveResult(pass.Fset, pass.TypesInfo, result)
}

// ObserveResult is Observe for a package analysed outside a pass (a test's checker graph).
func (w *Wire) ObserveResult(fset *token.FileSet, info *types.Info, result any) {
	res, ok := result.(*mcpdefs.Result)
	if !ok {
		return
	}
	heldBy := map[ast.Node][]string{}
	aliases := map[string]string{}
	for _, h := range res.Holders {
		if h.Func != nil {
			aliases[objectName(h.Var)] = h.Func.FullName()
		} else {
			heldBy[h.Node] = append(heldBy[h.Node], objectName(h.Var))
		}
	}
	var hs []wireHandler
	for _, h := range res.Handlers {
		if h.Kind != mcpmodel.Tool || h.ErrorsConverted {
			continue
		}
		switch h.Node.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
		default:
			continue
		}
		root := h
		for i := 0; root.DelegateOf != nil && i < 8; i++ {
			root = root.DelegateOf
		}
		names := heldBy[root.Node]
		if rootDecl, ok := root.Node.(*ast.FuncDecl); ok {
			if fn, ok := info.Defs[rootDecl.Name].(*types.Func); ok {
				names = []string{fn.FullName()}
			}
		}
		start, end := fset.Position(h.Node.Pos()), fset.Position(h.Node.End())
		hs = append(hs, wireHandler{names: names, sdk: h.SDK, file: start.Filename, start: start.Offset, end: end.Offset})
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, srv := range res.Servers {
		if strings.HasSuffix(fset.Position(srv.Node.Pos()).Filename, "_test.go") {
			continue
		}
		w.servers[srv.SDK]++
		if !srv.ToolErrorsAsResults {
			w.plain[srv.SDK]++
		}
	}
	for _, obj := range res.ConvertedElsewhere {
		w.converted[objectName(obj)] = true
	}
	for _, d := range res.Delegations {
		wd := wireDelegation{converted: d.Converted, callee: objectName(d.Callee)}
		if d.Caller != nil {
			wd.caller = objectName(d.Caller)
		}
		w.delegations = append(w.delegations, wd)
	}
	maps.Copy(w.aliases, aliases)
	w.handlers = append(w.handlers, hs...)
	w.settled = nil
}

// name is the function an exported variable holds, for a variable that holds one; n itself
// otherwise.
func (w *Wire) name(n string) string {
	if fn, ok := w.aliases[n]; ok {
		return fn
	}
	return n
}

// settle adds to the handlers other packages convert the functions a converted handler
// delegates to, until no more are added. One converted caller is enough: like a handler
// registered on a converting and a plain server, a function whose errors reach the client
// as tool results on some path is left alone (recognition.md, "The server's own wire").
func (w *Wire) settle() map[string]bool {
	if w.settled != nil {
		return w.settled
	}
	s := map[string]bool{}
	for n := range w.converted {
		s[w.name(n)] = true
	}
	for changed := true; changed; {
		changed = false
		for _, d := range w.delegations {
			callee := w.name(d.callee)
			if !s[callee] && (d.converted || (d.caller != "" && s[w.name(d.caller)])) {
				s[callee] = true
				changed = true
			}
		}
	}
	w.settled = s
	return s
}

// Converted reports whether a finding of rule at offset in file is in a handler whose errors
// a server of another package turns into tool results, and rule leaves such handlers alone.
func (w *Wire) Converted(rule, file string, offset int) bool {
	if !handlerrules.HonoursErrorConversion(rule) {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	converted := w.settle()
	for _, h := range w.handlers {
		if h.file != file || offset < h.start || h.end <= offset {
			continue
		}
		if w.servers[h.sdk] > 0 && w.plain[h.sdk] == 0 || slices.ContainsFunc(h.names, func(n string) bool { return converted[w.name(n)] }) {
			return true
		}
	}
	return false
}
