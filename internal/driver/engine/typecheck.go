package engine

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// How a package of the graph is given types.
type typeMode int

const (
	// modeNone: nothing imports it from a package checked from source; export data of its
	// importers may still mention it, which fills in its (otherwise empty) types.Package.
	modeNone typeMode = iota
	// modeExport: read from the compiler's export data, which the build cache already holds.
	modeExport
	// modeDecls: parsed and type-checked from source without function bodies: the
	// declarations are all an importer needs, and the compiler has not been run on it.
	modeDecls
	// modeFull: parsed with comments and type-checked in full, with types.Info, for the
	// analyzers.
	modeFull
)

// typeChecker gives types to a package graph as go list describes it (metadata only). It
// does what go/packages does for LoadSyntax, with one difference that decides the cost of a
// run on a cold build cache: go/packages reads every dependency from export data, which makes
// go list compile the whole dependency graph first (the standard library included); this
// reads a dependency from export data only when the build cache already has it, and checks
// the declarations of the others from source, which takes a fraction of compiling them.
type typeChecker struct {
	read  func(string) ([]byte, error) // Options.readFile
	ctx   context.Context
	fset  *token.FileSet
	sizes types.Sizes
	nodes map[*packages.Package]*tcNode

	// exportMu serialises export data reads: gcexportdata.Read may fill in any incomplete
	// package of the view it is given.
	exportMu sync.Mutex
	cpu      chan struct{} // bounds the parsers and type-checkers running at once

	parseMu sync.Mutex
	parsed  map[parseKey]*parseResult

	// lazyFailed: a package type-checked lazily has errors, which the choice of roots
	// did not know; the run is repeated with every package checked first (see Run).
	lazyFailed atomic.Bool
}

type tcNode struct {
	pkg  *packages.Package
	mode typeMode
	done chan struct{}
	// imports are the package's imports as go list gave them: linkSources rewrites
	// pkg.Imports for the checker before a lazy package is type-checked.
	imports map[string]*packages.Package
	// lazy: a modeFull package that no package checked before the analyzers needs; it is
	// type-checked by its check stage, before its analyzers (ensure), so that the
	// syntax of packages not yet analysed is not resident all at once.
	lazy bool
	once sync.Once
}

type parseKey struct {
	file     string
	comments bool
}

type parseResult struct {
	ready chan struct{}
	file  *ast.File
	err   error
}

func newTypeChecker(ctx context.Context, fset *token.FileSet, sizes types.Sizes, read func(string) ([]byte, error)) *typeChecker {
	return &typeChecker{
		read:   read,
		ctx:    ctx,
		fset:   fset,
		sizes:  sizes,
		nodes:  map[*packages.Package]*tcNode{},
		cpu:    make(chan struct{}, runtime.GOMAXPROCS(0)),
		parsed: map[parseKey]*parseResult{},
	}
}

// plan assigns a mode to every package the full ones need: a dependency imported by a
// package checked from source is read from export data when exportable says so, and checked
// from source otherwise (and then its own imports are needed too).
func (tc *typeChecker) plan(full []*packages.Package, exportable func(*packages.Package) bool) {
	for _, p := range full {
		tc.node(p).mode = modeFull
	}
	tc.expand(full, exportable)
}

// demote checks p from source after all (go list found no export data for it), and plans
// its imports.
func (tc *typeChecker) demote(p *packages.Package, exportable func(*packages.Package) bool) {
	tc.node(p).mode = modeDecls
	tc.expand([]*packages.Package{p}, exportable)
}

// expand plans the imports of packages checked from source, transitively.
func (tc *typeChecker) expand(queue []*packages.Package, exportable func(*packages.Package) bool) {
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range p.Imports {
			n := tc.node(imp)
			if n.mode != modeNone || imp.PkgPath == "unsafe" {
				continue
			}
			if exportable(imp) {
				n.mode = modeExport
			} else {
				n.mode = modeDecls
				queue = append(queue, imp)
			}
		}
	}
}

func (tc *typeChecker) node(p *packages.Package) *tcNode {
	n, ok := tc.nodes[p]
	if !ok {
		n = &tcNode{pkg: p, done: make(chan struct{})}
		tc.nodes[p] = n
	}
	return n
}

// exports lists the packages planned for export data.
func (tc *typeChecker) exports() []*packages.Package {
	var out []*packages.Package
	for p, n := range tc.nodes {
		if n.mode == modeExport {
			out = append(out, p)
		}
	}
	return out
}

// check gives types to every planned package, dependencies first, as many at once as there
// are CPUs. Every package of the graph gets a types.Package first, so that reading export
// data never creates one of its own for an indirect dependency (the package identities of
// the graph would split).
func (tc *typeChecker) check(roots []*packages.Package, lazy bool) {
	packages.Visit(roots, nil, func(p *packages.Package) {
		n := tc.node(p)
		n.imports = p.Imports
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
		} else if p.Types == nil {
			p.Types = types.NewPackage(p.PkgPath, p.Name)
		}
		p.Fset = tc.fset
		p.TypesSizes = tc.sizes // the checker asks for it before a lazy package is checked
		if n.mode == modeNone {
			close(n.done)
		}
	})
	if lazy {
		tc.markLazy()
	}
	var wg sync.WaitGroup
	for _, n := range tc.nodes {
		if n.mode == modeNone || n.lazy {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(n.done)
			for _, imp := range n.imports {
				<-tc.nodes[imp].done
			}
			if tc.ctx.Err() != nil {
				return
			}
			switch n.mode {
			case modeExport:
				tc.loadExport(n.pkg)
			case modeDecls, modeFull:
				tc.cpu <- struct{}{}
				tc.checkSource(n.pkg, n.imports, n.mode == modeFull)
				<-tc.cpu
			}
		}()
	}
	wg.Wait()
}

// markLazy defers the type-checking of the full packages that nothing checked before the
// analyzers needs: a package read from export data or checked for its declarations must see
// complete types of everything it imports (or export data would fill in an incomplete
// package, splitting identities), and a package go list already found errors in is checked
// now, so that its errors are known when the roots are chosen.
func (tc *typeChecker) markLazy() {
	for _, n := range tc.nodes {
		n.lazy = n.mode == modeFull && len(n.pkg.Errors) == 0
	}
	var need func(p *packages.Package)
	need = func(p *packages.Package) {
		if n := tc.nodes[p]; n != nil && n.lazy {
			n.lazy = false
			for _, imp := range n.imports {
				need(imp)
			}
		}
	}
	for _, n := range tc.nodes {
		if !n.lazy && n.mode != modeNone {
			for _, imp := range n.imports {
				need(imp)
			}
		}
	}
}

// ensure type-checks a lazy package, and the lazy packages it imports, once; it returns at
// once for the others, which check completed before the analyzers started. It reports how
// long this call spent type-checking p itself.
func (tc *typeChecker) ensure(p *packages.Package) (took time.Duration) {
	n := tc.nodes[p]
	if n == nil || !n.lazy {
		return 0
	}
	n.once.Do(func() {
		defer close(n.done)
		for _, imp := range n.imports {
			tc.ensure(imp)
			<-tc.nodes[imp].done
		}
		tc.cpu <- struct{}{} // only now: a goroutine holding a token never waits for another
		start := time.Now()
		tc.checkSource(p, n.imports, true)
		took = time.Since(start)
		<-tc.cpu
		if p.IllTyped {
			tc.lazyFailed.Store(true)
		}
	})
	return took
}

// unchecked reports whether p is lazy and its type-check has not finished.
func (tc *typeChecker) unchecked(p *packages.Package) bool {
	n := tc.nodes[p]
	if n == nil || !n.lazy {
		return false
	}
	select {
	case <-n.done:
		return false
	default:
		return true
	}
}

// isLazy reports whether p is type-checked in full when its analysis starts.
func (tc *typeChecker) isLazy(p *packages.Package) bool {
	n := tc.nodes[p]
	return n != nil && n.lazy
}

// loadExport reads p's types from its export data file; a failure is an error of p, whose
// importers then fail to type-check, as with go/packages.
func (tc *typeChecker) loadExport(p *packages.Package) {
	tc.exportMu.Lock()
	defer tc.exportMu.Unlock()
	err := func() error {
		f, err := os.Open(p.ExportFile)
		if err != nil {
			return err
		}
		defer f.Close()
		// go list -export files may still be archives on the Go versions mcplint supports;
		// NewReader handles both, as go/packages does.
		//lint:ignore SA1019 needed until Go 1.29 stops producing archive export files
		r, err := gcexportdata.NewReader(f)
		if err != nil {
			return err
		}
		view := map[string]*types.Package{}
		packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
			if q != p {
				view[q.PkgPath] = q.Types
			}
		})
		view[p.PkgPath] = p.Types
		_, err = gcexportdata.Read(r, tc.fset, view, p.PkgPath)
		return err
	}()
	if err != nil {
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: fmt.Sprintf("reading export data of %s: %v", p.PkgPath, err), Kind: packages.UnknownError})
		p.IllTyped = true
	}
}

// checkSource parses and type-checks p: in full for the analyzers, or its declarations only
// for its importers.
func (tc *typeChecker) checkSource(p *packages.Package, imports map[string]*packages.Package, full bool) {
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	var syntax []*ast.File
	for _, name := range files {
		f, err := tc.parse(name, full)
		if err != nil {
			appendError(p, err)
		}
		if f != nil {
			syntax = append(syntax, f)
		}
	}
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := imports[path]
			if imp == nil || imp.Types == nil || !imp.Types.Complete() {
				return nil, fmt.Errorf("could not import %s", path)
			}
			return imp.Types, nil
		}),
		IgnoreFuncBodies: !full,
		// A dependency's declarations are checked from its Go files; those using cgo refer to
		// C, whose declarations cgo alone can produce. Package C is then empty and references
		// to it are not errors: the declarations that do not use C are typed exactly.
		FakeImportC: !full,
		Error:       func(err error) { appendError(p, err) },
		Sizes:       tc.sizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	var info *types.Info
	if full {
		info = &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Instances:    map[*ast.Ident]types.Instance{},
			Scopes:       map[ast.Node]*types.Scope{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			FileVersions: map[*ast.File]string{},
		}
	}
	err := types.NewChecker(conf, tc.fset, p.Types, info).Files(syntax)
	if err != nil && len(p.Errors) == 0 {
		appendError(p, err)
	}
	p.TypesSizes = tc.sizes
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range imports {
		p.IllTyped = p.IllTyped || imp.IllTyped
	}
	if full {
		p.Syntax, p.TypesInfo = syntax, info
	}
}

// parse parses a file once per mode: a file shared by a package and its test variant is
// parsed once.
func (tc *typeChecker) parse(name string, comments bool) (*ast.File, error) {
	if !comments {
		// A dependency's syntax is dropped once its declarations are checked; keeping it for
		// the rare second reader (a test variant) would hold every dependency in memory.
		return parseFile(tc.fset, tc.read, name, parser.SkipObjectResolution)
	}
	key := parseKey{name, comments}
	tc.parseMu.Lock()
	r, ok := tc.parsed[key]
	if !ok {
		r = &parseResult{ready: make(chan struct{})}
		tc.parsed[key] = r
	}
	tc.parseMu.Unlock()
	if ok {
		<-r.ready
		return r.file, r.err
	}
	defer close(r.ready)
	// Full syntax keeps ast.Object resolution, as go/packages does for analyzers.
	r.file, r.err = parseFile(tc.fset, tc.read, name, parser.ParseComments)
	return r.file, r.err
}

func parseFile(fset *token.FileSet, read func(string) ([]byte, error), name string, mode parser.Mode) (*ast.File, error) {
	src, err := read(name)
	if err != nil {
		return nil, err
	}
	return parser.ParseFile(fset, name, src, mode|parser.AllErrors)
}

// appendError records a parse or type error of p in go/packages' form.
func appendError(p *packages.Package, err error) {
	switch err := err.(type) {
	case scanner.ErrorList:
		for _, e := range err {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case types.Error:
		p.TypeErrors = append(p.TypeErrors, err)
		p.Errors = append(p.Errors, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
	case *os.PathError:
		p.Errors = append(p.Errors, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// usesCgo reports whether a parsed file imports "C".
func usesCgo(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return true
		}
	}
	return false
}

// isTestVariant reports whether p is a package recompiled for another package's test: go
// list cannot name it alone, so it has no export data of its own to ask for.
func isTestVariant(p *packages.Package) bool { return strings.Contains(p.ID, " [") }

// forget drops the parsed files of a released package from the parse cache; a test variant
// analysed later parses them again.
func (tc *typeChecker) forget(files []*ast.File) {
	tc.parseMu.Lock()
	defer tc.parseMu.Unlock()
	for _, f := range files {
		tf := tc.fset.File(f.Pos())
		if tf == nil {
			continue
		}
		key := parseKey{tf.Name(), true}
		if r, ok := tc.parsed[key]; ok && r.file == f {
			delete(tc.parsed, key)
		}
	}
}
