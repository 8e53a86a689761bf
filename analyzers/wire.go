package analyzers

import (
	"go/ast"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/handlerrules"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// Wire settles, over all the packages of one run, what no single package can know: a server
// whose middleware turns tool errors into results, registering handlers declared in another
// package. That package is analysed first (the server's imports it), so its handler rules
// report the handlers' errors as protocol errors; the server's package names the handlers
// (mcpdefs.Result.ConvertedElsewhere) and Wire drops those findings. go vet and
// golangci-lint analyse one package at a time and keep them.
type Wire struct {
	mu        sync.Mutex
	converted map[string]bool // handlers' full names
	handlers  []wireHandler
}

// wireHandler is a tool handler declaration's extent in its file, and the full name of the
// registered handler whose wire it shares: its own, or that of the handler it is a delegate of.
type wireHandler struct {
	name       string
	file       string
	start, end int // byte offsets
}

// NewWire returns an empty Wire; give its Observe to the engine.
func NewWire() *Wire {
	return &Wire{converted: map[string]bool{}}
}

// Observe takes recognition's result of each package (other results are ignored). The
// engine calls it from several goroutines.
func (w *Wire) Observe(pass *analysis.Pass, result any) {
	res, ok := result.(*mcpdefs.Result)
	if !ok {
		return
	}
	var hs []wireHandler
	for _, h := range res.Handlers {
		fd, ok := h.Node.(*ast.FuncDecl)
		if !ok || h.Kind != mcpmodel.Tool || h.ErrorsConverted {
			continue
		}
		root := h
		for i := 0; root.DelegateOf != nil && i < 8; i++ {
			root = root.DelegateOf
		}
		rootDecl, ok := root.Node.(*ast.FuncDecl)
		if !ok {
			continue
		}
		fn, ok := pass.TypesInfo.Defs[rootDecl.Name].(*types.Func)
		if !ok {
			continue
		}
		start, end := pass.Fset.Position(fd.Pos()), pass.Fset.Position(fd.End())
		hs = append(hs, wireHandler{name: fn.FullName(), file: start.Filename, start: start.Offset, end: end.Offset})
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, fn := range res.ConvertedElsewhere {
		w.converted[fn.FullName()] = true
	}
	w.handlers = append(w.handlers, hs...)
}

// Converted reports whether a finding of rule at offset in file is in a handler whose errors
// a server of another package turns into tool results, and rule leaves such handlers alone.
func (w *Wire) Converted(rule, file string, offset int) bool {
	if !handlerrules.HonoursErrorConversion(rule) {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, h := range w.handlers {
		if h.file == file && h.start <= offset && offset < h.end && w.converted[h.name] {
			return true
		}
	}
	return false
}
