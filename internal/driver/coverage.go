package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/surface"
)

// seen gathers, from recognition's result in every package of a run, what the run's coverage
// and the module graph need: the tools found and whether each one's handler was checked, the
// handlers declared in each package, and each package's layer sites and function values. It
// is kept as the run's summary (with the result cache), since a run replayed from the cache
// observes nothing.
type seen struct {
	mu  sync.Mutex
	rec runRecord
}

// runRecord is what a run saw, as plain values: positions are "file:line:col".
type runRecord struct {
	Tools map[string]*toolRecord `json:"tools,omitempty"`
	// Foreign are the verdicts on tools registered in one package with a definition a
	// function of another builds, by the position of that function's name.
	Foreign map[string]*toolRecord `json:"foreign,omitempty"`
	// Forwards are, by the position of an exported function or variable, the functions and
	// variables of other packages whose definitions its value may hold (mcpdefs.Forwards): a
	// verdict in Foreign on the first is one on each of the others.
	Forwards map[string][]string `json:"forwards,omitempty"`
	// ForeignIface are tools registered through an interface (`t.Definition()`,
	// `t.Handler()`), expanded over the method sets of its implementations; Returns the
	// verdicts on the handlers the module's functions return, by their names' positions.
	ForeignIface []foreignIface         `json:"foreignIface,omitempty"`
	Returns      map[string]*toolRecord `json:"returns,omitempty"`
	// Holds are, by the position of an exported package variable, the verdict on the handlers
	// the functions its value may hold make.
	Holds map[string]*toolRecord `json:"holds,omitempty"`
	// Handlers are the positions of the names of the declarations recognised as handlers;
	// Packages the paths of the packages recognition ran on.
	Handlers map[string]bool `json:"handlers,omitempty"`
	Packages map[string]bool `json:"packages,omitempty"`
	// Sites, Values and MethodSets are the packages' layers (see mcpdefs/adapters).
	Sites      map[string]siteRecord        `json:"sites,omitempty"`
	Values     map[string]map[string]string `json:"values,omitempty"`     // key -> position -> package
	MethodSets []map[string]methodRecord    `json:"methodSets,omitempty"` // "NAME SIG" -> where
	// OwnConverters are the own definition types converters copy into SDK definitions, by
	// type key, with the converter's package; OwnLiterals the packages that write literals
	// of a struct type of another package, by that type's key.
	OwnConverters map[string]ownConverterRecord `json:"ownConverters,omitempty"`
	OwnLiterals   map[string][]string           `json:"ownLiterals,omitempty"`
	// FieldRegs are the verdicts on the handlers of registrations that read their definition
	// from a struct field, by the field's key.
	FieldRegs map[string]*toolRecord `json:"fieldRegs,omitempty"`
	// Calls are, by the function an analysed package calls or takes the module's functions
	// and methods in (the position of its name, or "" for code that runs without a call the
	// module makes: a package variable's initialiser, main, init, any method, which an
	// interface may call from outside, and a function that registers tools), the positions
	// of their names, and "method NAME" for the interface methods it calls (any
	// implementation may run).
	Calls map[string]map[string]bool `json:"calls,omitempty"`
	// Unsupported are the SDK versions older than recognition reads that an analysed package
	// builds with ("go-sdk v0.1.0 (before v1.0.0)"): their tools are not found.
	Unsupported map[string]bool `json:"unsupported,omitempty"`
}

type ownConverterRecord struct {
	Type mcpdefs.OwnType `json:"type"`
	Pkg  string          `json:"pkg"`
	// Conflict: converters in two packages copy the type differently.
	Conflict bool `json:"conflict,omitempty"`
}

type toolRecord struct {
	// Name is the tool's name when Static, else the expression that computes it.
	Name   string          `json:"name"`
	Static bool            `json:"static,omitempty"`
	Pos    result.Position `json:"pos"`
	// Checked, Reason: recognition's verdict in the tool's package. Declared is where its
	// handler is declared when in another package (DeclaredIn, DeclaredName), Site the layer
	// site the reason is about.
	Checked      bool   `json:"checked,omitempty"`
	Reason       string `json:"reason,omitempty"`
	Declared     string `json:"declared,omitempty"`
	DeclaredIn   string `json:"declaredIn,omitempty"`
	DeclaredName string `json:"declaredName,omitempty"`
	Site         string `json:"site,omitempty"`
	// MadeIn is, for a definition no registration is linked to, the function it is written
	// in, which another package may register (runRecord.Foreign); MadeInMethod is its name
	// when it is a method, which an interface may call.
	MadeIn       string `json:"madeIn,omitempty"`
	MadeInMethod string `json:"madeInMethod,omitempty"`
	// ReturnedThrough are the exported functions whose results may hold the definition, which
	// another package may register too (runRecord.Foreign).
	ReturnedThrough []string `json:"returnedThrough,omitempty"`
	// ReturnedBy is the position of the function of another package that makes the handler
	// (runRecord.Returns has its verdict); StoredIn the key of the struct field the
	// definition is stored in (runRecord.FieldRegs has the verdict of its registration).
	ReturnedBy string `json:"returnedBy,omitempty"`
	// ReturnedByAny are the positions of the functions of other packages one of whose handlers
	// the tool's handler is (runRecord.Returns has each verdict).
	ReturnedByAny []string `json:"returnedByAny,omitempty"`
	StoredIn      string   `json:"storedIn,omitempty"`
	// HeldIn are the package variables the function making the handler is read from
	// (runRecord.Holds has what each holds).
	HeldIn []string `json:"heldIn,omitempty"`
	// Converter: the SDK definition a function copies the server's own values into, which
	// stands for them (counted only when the run found no tool it can name).
	Converter bool `json:"converter,omitempty"`
	// OwnType is the key of the own definition type the tool is a literal of, or that the
	// converter copies: a literal converted in another package takes the converter's verdict.
	OwnType string `json:"ownType,omitempty"`
}

type siteRecord struct {
	Key       string               `json:"key"`
	Interface []string             `json:"interface,omitempty"`
	Mapping   mcpdefs.LayerMapping `json:"mapping"`
	// Callee and CalleePkg: a "decl" site's function.
	Callee    string `json:"callee,omitempty"`
	CalleePkg string `json:"calleePkg,omitempty"`
}

type foreignIface struct {
	DefMethod     string      `json:"defMethod"`
	HandlerMethod string      `json:"handlerMethod,omitempty"`
	HandlerValue  string      `json:"handlerValue,omitempty"`
	Interface     []string    `json:"interface"`
	Verdict       *toolRecord `json:"verdict,omitempty"` // when the handler is not made by a method
}

type methodRecord struct {
	Pos string `json:"pos"`
	Pkg string `json:"pkg"`
}

func newSeen() *seen {
	return &seen{rec: runRecord{
		Tools: map[string]*toolRecord{}, Foreign: map[string]*toolRecord{}, Returns: map[string]*toolRecord{}, Handlers: map[string]bool{}, Packages: map[string]bool{},
		Sites: map[string]siteRecord{}, Values: map[string]map[string]string{},
		OwnConverters: map[string]ownConverterRecord{}, OwnLiterals: map[string][]string{},
	}}
}

// observe is engine.Options.Observe.
func (c *seen) observe(pass *analysis.Pass, res any) {
	r, ok := res.(*mcpdefs.Result)
	if !ok || r == nil {
		return
	}
	position := func(p token.Pos) token.Position { return pass.Fset.PositionFor(p, false) }
	at := func(p token.Pos) string { return position(p).String() }
	c.mu.Lock()
	defer c.mu.Unlock()
	rec := &c.rec
	rec.Packages[pass.Pkg.Path()] = true
	for _, v := range r.Versions.Unsupported(func(sdk sdkapi.SDK) bool { return sdkapi.Imports(pass.Pkg, sdk) }) {
		if rec.Unsupported == nil {
			rec.Unsupported = map[string]bool{}
		}
		rec.Unsupported[v] = true
	}
	if rec.Calls == nil {
		rec.Calls = map[string]map[string]bool{}
	}
	record := func(caller string, n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
			var callee string
			switch {
			case !ok:
				return true
			case fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()):
				callee = "method " + fn.Name()
			case fn.Pkg() != nil && flow.InModule(pass.Module, fn.Pkg()):
				callee = at(fn.Origin().Pos())
			default:
				return true
			}
			if rec.Calls[caller] == nil {
				rec.Calls[caller] = map[string]bool{}
			}
			rec.Calls[caller][callee] = true
			return true
		})
	}
	// A function that registers tools runs: a server's constructor, called from outside the
	// analysed packages, still registers what the functions it calls build.
	var registers []token.Pos
	for _, d := range r.Definitions {
		if d.Registration != nil {
			registers = append(registers, d.Registration.Pos())
		}
	}
	for _, ft := range r.ForeignTools {
		if ft.Registration != nil {
			registers = append(registers, ft.Registration.Pos())
		}
	}
	for _, fr := range r.FieldRegistrations {
		registers = append(registers, fr.Handler.Pos())
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(position(f.Pos()).Filename, "_test.go") {
			continue // a tool only a test builds is not one the server registers
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				record("", d)
				continue
			}
			caller := at(fd.Name.Pos())
			if fd.Recv != nil || fd.Name.Name == "init" || fd.Name.Name == "main" && pass.Pkg.Name() == "main" ||
				slices.ContainsFunc(registers, func(p token.Pos) bool { return fd.Pos() <= p && p < fd.End() }) {
				caller = ""
			}
			record(caller, fd)
		}
	}
	for _, h := range r.Handlers {
		if fd, ok := h.Node.(*ast.FuncDecl); ok {
			rec.Handlers[at(fd.Name.Pos())] = true
		}
	}
	converts := map[*mcpmodel.Definition]string{}
	for _, oc := range r.OwnConverters {
		converts[oc.Converter] = oc.Key
		cr := ownConverterRecord{Type: oc.Type, Pkg: pass.Pkg.Path()}
		if prev, ok := rec.OwnConverters[oc.Key]; ok {
			cr.Conflict = prev.Conflict || prev.Pkg != cr.Pkg
		}
		rec.OwnConverters[oc.Key] = cr
	}
	for _, key := range r.OwnLiterals {
		if !slices.Contains(rec.OwnLiterals[key], pass.Pkg.Path()) {
			rec.OwnLiterals[key] = append(rec.OwnLiterals[key], pass.Pkg.Path())
		}
	}
	for _, d := range r.Definitions {
		pos := position(d.Node.Pos())
		if d.Kind != mcpmodel.Tool || d.Template || strings.HasSuffix(pos.Filename, "_test.go") {
			continue
		}
		t := &toolRecord{Name: d.Name.Str, Static: d.Name.Static, Converter: d.Converter,
			Pos: result.Position{File: pos.Filename, Line: pos.Line, Column: pos.Column, Offset: pos.Offset}}
		if !d.Name.Static {
			t.Name = ""
			if d.Name.Expr != nil {
				t.Name = types.ExprString(d.Name.Expr)
			}
		}
		t.fill(r.CoverageOf(d), at)
		switch {
		case d.Own != nil:
			t.OwnType = sdkapi.Key(d.Own)
		case d.Converter:
			t.OwnType = converts[d]
		}
		rec.Tools[pos.String()] = t
	}
	for obj, fwd := range r.Forwards() {
		if rec.Forwards == nil {
			rec.Forwards = map[string][]string{}
		}
		for _, f := range fwd {
			rec.Forwards[at(obj.Pos())] = append(rec.Forwards[at(obj.Pos())], at(f.Pos()))
		}
	}
	for _, ft := range r.ForeignTools {
		t := &toolRecord{}
		t.fill(r.ForeignCoverage(ft), at)
		if ft.Named != "" {
			pos := position(ft.Registration.Pos())
			t.Name, t.Static, t.Pos = ft.Named, true, result.Position{File: pos.Filename, Line: pos.Line, Column: pos.Column, Offset: pos.Offset}
			rec.Tools[pos.String()] = t
			continue
		}
		if ft.Source != nil {
			rec.Foreign[at(ft.Source.Pos())] = t
			continue
		}
		fi := foreignIface{DefMethod: ft.DefMethod, HandlerMethod: ft.HandlerMethod, HandlerValue: ft.HandlerValue, Interface: ft.Interface}
		if ft.HandlerMethod == "" && ft.HandlerValue == "" {
			fi.Verdict = t
		}
		rec.ForeignIface = append(rec.ForeignIface, fi)
	}
	for _, fr := range r.FieldRegistrations {
		t := &toolRecord{}
		t.fill(r.FieldCoverage(fr), at)
		if rec.FieldRegs == nil {
			rec.FieldRegs = map[string]*toolRecord{}
		}
		if prev := rec.FieldRegs[fr.Key]; prev == nil || prev.Checked {
			rec.FieldRegs[fr.Key] = t // a field registered twice is checked when both are
		}
	}
	for v, cov := range r.HeldHandlers() {
		if rec.Holds == nil {
			rec.Holds = map[string]*toolRecord{}
		}
		t := &toolRecord{}
		t.fill(cov, at)
		rec.Holds[at(v.Pos())] = t
	}
	for fn, cov := range r.ReturnedHandlers() {
		t := &toolRecord{}
		t.fill(cov, at)
		rec.Returns[at(fn.Pos())] = t
	}
	for _, s := range r.Layers.Sites {
		sr := siteRecord{Key: s.Key, Interface: s.Interface, Mapping: s.Mapping}
		if s.Callee.IsValid() {
			sr.Callee, sr.CalleePkg = at(s.Callee), s.CalleePkg
		}
		rec.Sites[at(s.Pos)] = sr
	}
	for _, v := range r.Layers.Values {
		for _, k := range v.Keys {
			if rec.Values[k] == nil {
				rec.Values[k] = map[string]string{}
			}
			rec.Values[k][at(v.Pos)] = v.Pkg
		}
	}
	for _, ms := range r.Layers.MethodSets {
		m := map[string]methodRecord{}
		for k, a := range ms.Methods {
			m[k] = methodRecord{Pos: at(a.Pos), Pkg: a.Pkg}
		}
		rec.MethodSets = append(rec.MethodSets, m)
	}
}

// forward hands a verdict on the definitions one package's function hands out to those of
// the functions of other packages its results hold (Forwards), through chains of them.
func (r *runRecord) forward() {
	for changed := true; changed; {
		changed = false
		for from, tos := range r.Forwards {
			for _, to := range tos {
				if v := r.Foreign[from]; v != nil && r.Foreign[to] == nil {
					r.Foreign[to], changed = v, true
				}
			}
		}
	}
}

// takeVerdict makes the verdict on from's handler t's: t is registered with that handler.
func (t *toolRecord) takeVerdict(from *toolRecord) {
	*t = toolRecord{Name: t.Name, Static: t.Static, Pos: t.Pos, OwnType: t.OwnType, Checked: from.Checked, Reason: from.Reason,
		Declared: from.Declared, DeclaredIn: from.DeclaredIn, DeclaredName: from.DeclaredName, Site: from.Site, ReturnedBy: from.ReturnedBy, ReturnedByAny: from.ReturnedByAny, HeldIn: from.HeldIn}
}

// fill copies recognition's verdict into t, positions as at writes them.
func (t *toolRecord) fill(cov mcpdefs.Coverage, at func(token.Pos) string) {
	t.Checked, t.Reason = cov.Checked, cov.Reason
	if fn := cov.Declared; fn != nil {
		t.Declared, t.DeclaredIn, t.DeclaredName = at(fn.Pos()), fn.Pkg().Path(), fn.Name()
	}
	if cov.Site.IsValid() {
		t.Site = at(cov.Site)
	}
	if cov.ReturnedBy != nil {
		t.ReturnedBy = at(cov.ReturnedBy.Pos())
	}
	for _, fn := range cov.ReturnedByAny {
		t.ReturnedByAny = append(t.ReturnedByAny, at(fn.Pos()))
	}
	t.StoredIn = cov.StoredIn
	for _, v := range cov.HeldIn {
		t.HeldIn = append(t.HeldIn, at(v.Pos()))
	}
	for _, fn := range cov.ReturnedThrough {
		t.ReturnedThrough = append(t.ReturnedThrough, at(fn.Pos()))
	}
	if cov.MadeIn != nil {
		t.MadeIn = at(cov.MadeIn.Pos())
		if cov.MadeIn.Signature().Recv() != nil {
			t.MadeInMethod = cov.MadeIn.Name()
		}
	}
}

// summary is engine.Options.Summarize: the record as JSON.
func (c *seen) summary() json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	data, _ := json.Marshal(&c.rec)
	return data
}

// recordOf decodes a run's summary; an empty record when it has none (a cache entry of an
// older mcplint).
func recordOf(summary json.RawMessage) *runRecord {
	var rec runRecord
	if len(summary) > 0 && json.Unmarshal(summary, &rec) == nil {
		rec.init()
		return &rec
	}
	return nil
}

// init makes the maps JSON left out (empty) again.
func (r *runRecord) init() {
	if r.Tools == nil {
		r.Tools = map[string]*toolRecord{}
	}
	if r.Handlers == nil {
		r.Handlers = map[string]bool{}
	}
	if r.Packages == nil {
		r.Packages = map[string]bool{}
	}
	if r.Foreign == nil {
		r.Foreign = map[string]*toolRecord{}
	}
	if r.Returns == nil {
		r.Returns = map[string]*toolRecord{}
	}
	if r.OwnConverters == nil {
		r.OwnConverters = map[string]ownConverterRecord{}
	}
	if r.OwnLiterals == nil {
		r.OwnLiterals = map[string][]string{}
	}
}

// merge adds a later run's record over r: its tools replace r's at the same position.
func (r *runRecord) merge(later *runRecord) {
	if later == nil {
		return
	}
	r.init()
	maps.Copy(r.Tools, later.Tools)
	maps.Copy(r.Foreign, later.Foreign)
	copyOver(&r.Forwards, later.Forwards)
	maps.Copy(r.Returns, later.Returns)
	copyOver(&r.Holds, later.Holds)
	copyOver(&r.FieldRegs, later.FieldRegs)
	maps.Copy(r.Handlers, later.Handlers)
	maps.Copy(r.Packages, later.Packages)
	if later.Calls != nil {
		mergeNested(&r.Calls, later.Calls)
	}
	copyOver(&r.Unsupported, later.Unsupported)
	// What a later round found behind layers may hold layers of its own.
	if r.Sites == nil {
		r.Sites = map[string]siteRecord{}
	}
	maps.Copy(r.Sites, later.Sites)
	mergeNested(&r.Values, later.Values)
	r.MethodSets = append(r.MethodSets, later.MethodSets...)
	maps.Copy(r.OwnConverters, later.OwnConverters)
	for k, pkgs := range later.OwnLiterals {
		for _, p := range pkgs {
			if !slices.Contains(r.OwnLiterals[k], p) {
				r.OwnLiterals[k] = append(r.OwnLiterals[k], p)
			}
		}
	}
}

// copyOver copies later's entries over *into, making *into when later is a map (even an empty
// one) and *into is not yet.
func copyOver[K comparable, V any](into *map[K]V, later map[K]V) {
	if later == nil {
		return
	}
	if *into == nil {
		*into = map[K]V{}
	}
	maps.Copy(*into, later)
}

// mergeNested copies each inner map of later over the one of *into under the same key, making
// *into and the inner maps it lacks.
func mergeNested[V any](into *map[string]map[string]V, later map[string]map[string]V) {
	if *into == nil {
		*into = map[string]map[string]V{}
	}
	for k, m := range later {
		if (*into)[k] == nil {
			(*into)[k] = map[string]V{}
		}
		maps.Copy((*into)[k], m)
	}
}

// coverage settles the record into the run's coverage: a handler declared in another package
// is checked when that package recognised it, and a tool behind a layer site when the module
// graph found functions behind it (resolved).
func (r *runRecord) coverage(resolved map[string]bool) *result.Coverage {
	if r == nil {
		return nil
	}
	cov := &result.Coverage{Unsupported: slices.Sorted(maps.Keys(r.Unsupported))}
	r.expandInterfaces()
	converters := map[string]*toolRecord{}
	for _, t := range r.Tools {
		if t.Converter && t.OwnType != "" {
			converters[t.OwnType] = t
		}
	}
	for _, t := range r.Tools {
		if c := converters[t.OwnType]; t.Reason == mcpdefs.ConvertedElsewhere && c != nil {
			// A literal of a type another package's converter registers: its handler is the
			// converter's registration's.
			t.takeVerdict(c)
		}
	}
	r.forward()
	for _, t := range r.Tools {
		if f := r.FieldRegs[t.StoredIn]; t.Reason == mcpdefs.NoRegistration && t.StoredIn != "" && f != nil {
			// Stored in a field of a table another package registers from.
			t.takeVerdict(f)
			continue
		}
		if t.Reason != mcpdefs.NoRegistration {
			continue
		}
		// Registered in another package, with the handler judged there.
		for _, made := range append([]string{t.MadeIn}, t.ReturnedThrough...) {
			if f := r.Foreign[made]; made != "" && f != nil {
				t.takeVerdict(f)
				break
			}
		}
	}
	called := r.called()
	registered := map[string]bool{}
	named := false // a tool the run can name: then a converter stands for tools counted
	for _, t := range r.Tools {
		if t.Static && t.Reason != mcpdefs.NoRegistration {
			registered[t.Name] = true
		}
		named = named || !t.Converter
	}
	for _, t := range r.Tools {
		if t.Static && t.Reason == mcpdefs.NoRegistration && registered[t.Name] {
			continue // a built copy of a registered tool (see surface.dropUnregisteredCopies)
		}
		if t.Reason == mcpdefs.Unused {
			continue // built in a function nothing calls: never registered, no tool
		}
		if t.MadeIn != "" && called != nil && !called[t.MadeIn] && (t.MadeInMethod == "" || !called["method "+t.MadeInMethod]) {
			// Built in a function no analysed package reaches: never registered here, so not
			// counted, but named (a package outside the patterns may call it).
			cov.Uncalled = append(cov.Uncalled, result.UnseenTool{Name: t.Name, Static: t.Static, Pos: t.Pos,
				Reason: "built in a function no analysed package reaches"})
			continue
		}
		if t.Converter {
			if named {
				continue // it stands for own literals or a helper's instances, which are counted
			}
			// Its tools are values of the server's own type that recognition did not read:
			// how many, and what their handlers do, is unknown.
			cov.Tools++
			cov.Unseen = append(cov.Unseen, result.UnseenTool{Name: t.Name, Static: t.Static, Pos: t.Pos,
				Reason: "tools copied at run time from values of the server's own type, which recognition does not read: their number and handlers are unknown"})
			continue
		}
		cov.Tools++
		if reason := r.reason(t, resolved); reason == "" {
			cov.Checked++
		} else {
			cov.Unseen = append(cov.Unseen, result.UnseenTool{Name: t.Name, Static: t.Static, Pos: t.Pos, Reason: reason})
		}
	}
	byPos := func(a, b result.UnseenTool) int {
		return cmp.Or(cmp.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Offset, b.Pos.Offset))
	}
	slices.SortFunc(cov.Unseen, byPos)
	slices.SortFunc(cov.Uncalled, byPos)
	return cov
}

// called is the set of functions (as Calls names them) that code which runs without a call
// of the module's (main, init, methods, package variables, functions that register tools)
// reaches through calls and function values: a constructor only an unused exported function
// calls (kanbanzai's readFileTool, called by ReadFileTool, which nothing calls) builds no
// tool. Nil when no package was observed.
func (r *runRecord) called() map[string]bool {
	if r.Calls == nil {
		return nil
	}
	live := map[string]bool{}
	queue := []string{""}
	for len(queue) > 0 {
		caller := queue[0]
		queue = queue[1:]
		for callee := range r.Calls[caller] {
			if !live[callee] {
				live[callee] = true
				queue = append(queue, callee)
			}
		}
	}
	return live
}

// reason is why t's handler is not checked once the run is settled, or "" when it is: a
// handler declared in another package is checked when that package recognised it, and one
// behind a layer site when the module graph resolved the site.
func (r *runRecord) reason(t *toolRecord, resolved map[string]bool) string {
	switch {
	case t.Checked:
		return ""
	case t.Site != "" && resolved[t.Site]:
		return ""
	case t.Declared != "" && r.Handlers[t.Declared]:
		return ""
	case t.ReturnedBy != "" && r.Returns[t.ReturnedBy] != nil:
		return r.reason(r.Returns[t.ReturnedBy], resolved)
	case len(t.ReturnedByAny) > 0:
		// A handler function of another package, given as a value, is checked there.
		fns := slices.DeleteFunc(slices.Clone(t.ReturnedByAny), func(fn string) bool { return r.Handlers[fn] })
		return r.madeReason(t, fns, r.Returns, resolved)
	case len(t.HeldIn) > 0:
		return r.madeReason(t, t.HeldIn, r.Holds, resolved)
	case t.Declared != "":
		return mcpmodel.DeclaredReason(t.DeclaredName, t.DeclaredIn, r.Packages[t.DeclaredIn])
	}
	return t.Reason
}

// madeReason settles a handler made elsewhere by each of keys (functions that return it, or
// package variables whose functions make it): it is checked when every key's verdict in made
// is; a key with no verdict leaves t's own reason.
func (r *runRecord) madeReason(t *toolRecord, keys []string, made map[string]*toolRecord, resolved map[string]bool) string {
	for _, k := range keys {
		m := made[k]
		if m == nil {
			return t.Reason
		}
		if reason := r.reason(m, resolved); reason != "" {
			return reason
		}
	}
	return ""
}

// toolVerdicts are the settled verdicts on every tool's handler, by the position of its
// definition, as coverage counts them.
func (r *runRecord) toolVerdicts(resolved map[string]bool) map[string]surface.Verdict {
	if r == nil {
		return nil
	}
	r.coverage(resolved) // settles the foreign and converted tools in place
	out := map[string]surface.Verdict{}
	for pos, t := range r.Tools {
		reason := r.reason(t, resolved)
		out[pos] = surface.Verdict{Checked: reason == "", Reason: reason}
	}
	return out
}

// converterVerdicts is, by own type key, the verdict on the handler registered with each
// converter's SDK definition, settled as coverage settles a tool's.
func (r *runRecord) converterVerdicts(resolved map[string]bool) map[string]surface.Verdict {
	out := map[string]surface.Verdict{}
	if r == nil {
		return out
	}
	for _, t := range r.Tools {
		if !t.Converter || t.OwnType == "" {
			continue
		}
		reason := r.reason(t, resolved)
		out[t.OwnType] = surface.Verdict{Checked: reason == "", Reason: reason}
	}
	return out
}

// expandInterfaces turns each tool registered through an interface into one foreign verdict
// per implementation the run saw converted to an interface: its definition method is where
// the definition is made, and its handler method's returned handler is the tool's handler.
func (r *runRecord) expandInterfaces() {
	for _, fi := range r.ForeignIface {
		for _, ms := range r.MethodSets {
			if !implements(ms, fi.Interface) {
				continue
			}
			def, ok := methodAt(ms, fi.DefMethod)
			if !ok {
				continue
			}
			verdict := fi.Verdict
			if fi.HandlerMethod != "" {
				h, _ := methodAt(ms, fi.HandlerMethod)
				if verdict = r.Returns[h.Pos]; verdict == nil {
					verdict = &toolRecord{Reason: "its handler, made by the method " + strings.Fields(fi.HandlerMethod)[0] + " of a type in " + h.Pkg + ", is not recognised as a handler"}
				}
			}
			if fi.HandlerValue != "" {
				// t.Handle: the implementation's method is the handler, checked where it is
				// declared when recognised there by its signature.
				if h, ok := methodAt(ms, fi.HandlerValue); ok && r.Handlers[h.Pos] {
					verdict = &toolRecord{Checked: true}
				} else if ok {
					verdict = &toolRecord{Reason: "its handler, the method " + strings.Fields(fi.HandlerValue)[0] + " of a type in " + h.Pkg + ", is not recognised as a handler"}
				}
			}
			if verdict != nil {
				r.Foreign[def.Pos] = verdict
			}
		}
	}
}

// writeCoverage writes the coverage line, and under verbose each unseen tool with its reason.
// broken counts the packages with MCP code that did not compile: their tools are not counted.
func writeCoverage(w io.Writer, dir string, cov *result.Coverage, broken int, verbose bool) {
	if cov == nil || cov.Tools == 0 && broken == 0 && len(cov.Unsupported) == 0 {
		return
	}
	var line string
	switch unseen := len(cov.Unseen); {
	case cov.Tools == 0:
		line = "found no tool"
	case unseen == 0:
		line = "checked the handlers of all " + plural(cov.Tools, "tool")
	case verbose:
		line = fmt.Sprintf("checked the handlers of %d of %s; %d not seen", cov.Checked, plural(cov.Tools, "tool"), unseen)
	default:
		line = fmt.Sprintf("checked the handlers of %d of %s; %d not seen (-v lists them)", cov.Checked, plural(cov.Tools, "tool"), unseen)
	}
	if n := len(cov.Uncalled); n > 0 {
		line += fmt.Sprintf("; %s built in functions nothing calls %s not counted", plural(n, "definition"), map[bool]string{true: "is", false: "are"}[n == 1])
	}
	if broken > 0 {
		line += fmt.Sprintf("; the tools of %s that did not compile are not counted", plural(broken, "package"))
	}
	if len(cov.Unsupported) > 0 {
		line += "; tools of " + strings.Join(cov.Unsupported, ", ") + " are not recognised"
	}
	fmt.Fprintf(w, "mcplint: %s\n", line)
	if verbose {
		for _, u := range append(slices.Clone(cov.Unseen), cov.Uncalled...) {
			fmt.Fprintf(w, "  %s:%d:%d: %s: %s\n", output.RelPath(dir, u.Pos.File), u.Pos.Line, u.Pos.Column, toolName(u), u.Reason)
		}
	}
}

// brokenMCP counts the packages with MCP code that could not be checked.
func brokenMCP(errs []result.PackageError) int {
	n := 0
	for _, pe := range errs {
		if !pe.NoMCP {
			n++
		}
	}
	return n
}

// toolName names an unseen tool for -v: tool "get", or the tool named by t.Name().
func toolName(u result.UnseenTool) string {
	switch {
	case u.Static:
		return fmt.Sprintf("tool %q", u.Name)
	case u.Name != "":
		return "the tool named by " + u.Name
	}
	return "a tool with no name"
}

// coverageShort says why cov falls short of min-coverage, or "".
func coverageShort(cov *result.Coverage, minimum int) string {
	switch {
	case minimum <= 0 || cov == nil:
		return ""
	case cov.Tools == 0:
		return fmt.Sprintf("found no tool, so no handler was checked (min-coverage %d%%)", minimum)
	case cov.Percent() < minimum:
		return fmt.Sprintf("checked the handlers of %d%% of the tools, below min-coverage %d%%", cov.Percent(), minimum)
	}
	return ""
}
