// Package credentials finds, in every package of the module, the values that hold a
// credential (environment variables and settings named or used as one, fields of the
// server's own structs, request headers, URLs carrying one and the errors of requests to
// them) and answers, for a value, which credential its text carries. It exports what crosses
// packages as facts: the functions whose results carry a credential or pass their
// parameters' text on, and the fields a package sends as credentials. It knows the standard
// library's text building and HTTP calls; SDK knowledge comes from recognition (sdkapi). It
// reports nothing and must not import a rule family's package or the driver.
package credentials

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/taint"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Analyzer finds, in every package of the module, which values hold a credential,
// and exports what crosses packages: the functions whose results carry one, and the fields the
// package sends as one.
var Analyzer = &analysis.Analyzer{
	Name:             "mcpcredentials",
	Doc:              "finds the values that hold a credential (environment variables, fields named or used as one, request headers, URLs carrying one) and the functions whose results carry one",
	URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/handlerrules.md#secret-in-model-text",
	Requires:         []*analysis.Analyzer{mcpdefs.FlowEngine},
	FactTypes:        []analysis.Fact{new(CarriedCredential), new(PassesText), new(CredentialField)},
	ResultType:       reflect.TypeFor[*Result](),
	RunDespiteErrors: true,
	Run: func(pass *analysis.Pass) (any, error) {
		fl := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
		if fl.Package() == nil {
			return (*Result)(nil), nil
		}
		s := newSecrets(pass, fl)
		s.export()
		return s, nil
	},
}

// CarriedCredential is the fact of an exported function some of whose results (by index)
// carry a credential, named as the message names it.
type CarriedCredential struct {
	Results map[int]string
	// Origins are, per result, where the credential enters its text (file:line), the line
	// to change.
	Origins map[int]string
}

func (*CarriedCredential) AFact() {}

func (c *CarriedCredential) String() string {
	var parts []string
	for i := range 8 {
		if name, ok := c.Results[i]; ok {
			parts = append(parts, strconv.Itoa(i)+": "+name)
		}
	}
	return "carries " + strings.Join(parts, "; ")
}

// PassesText is the fact of an exported function some of whose results (by index) are made
// of some of its parameters' text (by index, the receiver first): a helper that trims,
// formats or wraps what it is given.
type PassesText struct{ Results map[int][]int }

func (*PassesText) AFact() {}

func (p *PassesText) String() string { return fmt.Sprint("passes ", p.Results) }

// CredentialField is the fact of a field its package sends as a credential (an Authorization
// header, a basic-auth password), whatever its name.
type CredentialField struct{}

func (*CredentialField) AFact()         {}
func (*CredentialField) String() string { return "credential" }

// export exports the facts of the package's exported functions, of its exported variables
// that hold one function (a method value, a factory's closure), and of its used fields.
func (s *Result) export() {
	fns := s.fl.Functions()
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != s.pass.Pkg {
			continue
		}
		s.exportFor(obj, fn)
	}
	for v, fn := range s.fl.ExportedHeld() {
		if len(fn.Blocks) > 0 {
			s.exportFor(v, fn)
		}
	}
	for f := range s.usedFields {
		if f.Pkg() == s.pass.Pkg {
			s.pass.ExportObjectFact(f, new(CredentialField))
		}
	}
}

// exportFor exports on obj (a function, or a variable holding fn) what fn's results carry.
func (s *Result) exportFor(obj types.Object, fn *ssa.Function) {
	{
		res := fn.Signature.Results()
		fact := &CarriedCredential{Results: map[int]string{}, Origins: map[int]string{}}
		passes := &PassesText{Results: map[int][]int{}}
		for i := range res.Len() {
			if t := res.At(i).Type(); !isText(t) && !astutil.IsError(t) {
				continue
			}
			k := i
			if res.Len() == 1 {
				k = -1
			}
			if c := s.carriedOf(fn, k); c != nil {
				// Another package reports it where it reaches the model, naming the line
				// where it enters.
				fact.Results[i] = c.name
				fact.Origins[i] = c.origin
				if c.origin == "" {
					pos := s.pass.Fset.Position(c.at)
					fact.Origins[i] = filepath.Base(pos.Filename) + ":" + strconv.Itoa(pos.Line)
				}
			}
			if ps := s.passed(fn, k); len(ps) > 0 {
				passes.Results[i] = ps
			}
		}
		if len(fact.Results) > 0 {
			s.pass.ExportObjectFact(obj, fact)
		}
		if len(passes.Results) > 0 {
			s.pass.ExportObjectFact(obj, passes)
		}
	}
}

// calleeObject is the object whose facts describe what call runs: its static callee, or the
// package variable of another package it calls through.
func calleeObject(call *ssa.Call) types.Object {
	if obj := flow.Callee(call); obj != nil {
		return obj
	}
	if ld, ok := call.Call.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok {
			return g.Object()
		}
	}
	return nil
}

// Result answers, for one package, which values hold a credential.
type Result struct {
	pass *analysis.Pass
	fl   *flow.Result
	// used are the fields and environment variables the package sends as credentials
	// (an Authorization header, basic auth), whatever their names.
	usedFields map[*types.Var]bool
	usedEnv    map[string]bool
	// carried memoises, per function and result, the credential the result carries.
	carried map[carriedKey]*carriedSecret
	taint   *taint.Query
	// passes memoises, per function and result, the parameters whose text the result carries.
	passes map[carriedKey][]int
	// origins are, for a value a function of another package returns with a credential in
	// it, where the credential enters there: one finding per origin in a package.
	origins map[ssa.Value]string
	// errorText is set while the value asked about becomes error text: a credential in data
	// an API returned counts there (no tool returns one in an error on purpose).
	errorText bool
}

type carriedKey struct {
	fn     *ssa.Function
	result int
}

// carriedSecret is a credential a function's result carries, and the return where it
// enters (the innermost helper's, where the fix belongs).
type carriedSecret struct {
	name string
	at   token.Pos
	// origin is, for a credential another package's function carries, where it enters
	// there (file:line).
	origin string
}

func newSecrets(pass *analysis.Pass, fl *flow.Result) *Result {
	s := &Result{pass: pass, fl: fl, usedFields: map[*types.Var]bool{}, usedEnv: map[string]bool{}, carried: map[carriedKey]*carriedSecret{},
		passes: map[carriedKey][]int{}, origins: map[ssa.Value]string{}}
	s.taint = &taint.Query{Source: s.source, Carries: s.carries}
	s.collectUsed()
	return s
}

// carriedBy returns the carried secret of a helper's result src is, or nil.
func (s *Result) carriedBy(src ssa.Value) *carriedSecret {
	call := flow.CallOf(src)
	if call == nil {
		return nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil {
		return nil
	}
	i := -1
	if e, ok := src.(*ssa.Extract); ok {
		i = e.Index
	}
	return s.carried[carriedKey{fn, i}]
}

// source names v when it holds a credential: an environment variable, a field or a package
// variable named or used as one, a request's headers, or a result of a function of the
// package that carries one.
func (s *Result) source(v ssa.Value) (string, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "", false
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			return s.field(a.X, a.Field, x.Type())
		case *ssa.Global:
			if isText(x.Type()) && credentialName(a.Name()) {
				return "package variable " + a.Name(), true
			}
		}
	case *ssa.Field:
		return s.field(x.X, x.Field, x.Type())
	case *ssa.Call, *ssa.Extract:
		return s.callSource(v)
	case *ssa.MakeInterface:
		// A value of the module's type with a String or Error method, given to fmt, prints
		// what that method returns.
		if name, ok := s.printedBy(x); ok {
			return name, true
		}
		// A struct given whole to fmt (`%+v` of the configuration) prints its fields.
		if !s.errorText && !ownStruct(x.X) {
			return "", false
		}
		return s.wholeStruct(x.X.Type())
	}
	return "", false
}

// printedBy names the credential the String or Error method of x's type (a type of the
// module) puts into its text, as fmt prints x.
func (s *Result) printedBy(x *ssa.MakeInterface) (string, bool) {
	prog := s.fl.Package().Prog
	for _, name := range []string{"Error", "String"} {
		sel := prog.MethodSets.MethodSet(x.X.Type()).Lookup(s.pass.Pkg, name)
		if sel == nil {
			sel = prog.MethodSets.MethodSet(x.X.Type()).Lookup(nil, name)
		}
		if sel == nil {
			continue
		}
		obj, ok := sel.Obj().(*types.Func)
		if !ok || obj.Pkg() == nil || !flow.InModule(s.pass.Module, obj.Pkg()) || !isText(obj.Signature().Results().At(0).Type()) {
			return "", false
		}
		if obj.Pkg() != s.pass.Pkg {
			var fact CarriedCredential
			if s.pass.ImportObjectFact(obj, &fact) {
				if n, ok := fact.Results[0]; ok {
					s.origins[x] = fact.Origins[0]
					if o := fact.Origins[0]; o != "" {
						n += " (via " + o + ")"
					}
					return n, true
				}
			}
			return "", false
		}
		if fn := prog.FuncValue(obj); fn != nil && len(fn.Blocks) > 0 {
			if c := s.carriedOf(fn, -1); c != nil {
				return c.name, true
			}
		}
		return "", false
	}
	return "", false
}

// wholeStruct names a struct (or pointer to one) that has a credential field and prints its
// fields when formatted: it has no String, Error or Format method of its own.
func (s *Result) wholeStruct(t types.Type) (string, bool) {
	st := structOf(t)
	if st == nil {
		return "", false
	}
	ms := types.NewMethodSet(t)
	for _, m := range []string{"String", "Error", "Format", "GoString"} {
		if ms.Lookup(nil, m) != nil || ms.Lookup(s.pass.Pkg, m) != nil {
			return "", false
		}
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if isText(f.Type()) && (s.usedFields[f] || credentialName(f.Name())) {
			return s.typeName(t) + " with its " + f.Name(), true
		}
	}
	return "", false
}

// field names field i of the struct t (or a pointer to it) when it holds a credential.
//
// A field is a credential when the package (or the package that declares it) sends it as one,
// or when its name says so and the struct is the server's own: reached from a parameter (the
// receiver), a package variable or a local literal, not from data a call returned or decoded
// (an API's response whose Token a tool returns on purpose).
func (s *Result) field(base ssa.Value, i int, ft types.Type) (string, bool) {
	t := base.Type()
	st := structOf(t)
	if st == nil || i >= st.NumFields() {
		return "", false
	}
	f := st.Field(i)
	if isHTTPHeader(ft) && f.Name() == "Header" && !isHTTPResponse(t) {
		return "the request headers", true
	}
	if !isText(ft) {
		return "", false
	}
	used := s.usedFields[f] || s.pass.ImportObjectFact(f, new(CredentialField))
	if !used && !(credentialName(f.Name()) && (s.errorText || ownStruct(base))) {
		return "", false
	}
	return "field " + s.typeName(t) + "." + f.Name(), true
}

// ownStruct reports whether a struct value or pointer is the server's own: its root (through
// fields, loads and indexing) is a parameter, a free variable, a package variable, or a local
// no call fills.
func ownStruct(v ssa.Value) bool {
	for range 16 {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Phi:
			if len(x.Edges) == 0 {
				return false
			}
			v = x.Edges[0]
		case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
			return true
		case *ssa.Alloc:
			return len(flow.CallsGiven(x)) == 0
		default:
			return false
		}
	}
	return false
}

// callSource names a call's result that holds a credential: os.Getenv of a credential's
// variable, a header's value, or a result of one of the package's functions that carries one.
func (s *Result) callSource(v ssa.Value) (string, bool) {
	call := flow.CallOf(v)
	if call == nil {
		return "", false
	}
	if e, ok := v.(*ssa.Extract); ok && e.Index != 0 && flow.Callee(call) != nil && flow.Callee(call).Name() == "LookupEnv" {
		return "", false
	}
	if fn := flow.Callee(call); fn != nil && fn.Pkg() != nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "os.Getenv", "os.LookupEnv", "syscall.Getenv":
			if name, ok := constString(call.Call.Args[0]); ok && (s.usedEnv[name] || credentialName(name)) {
				return "environment variable " + name, true
			}
			return "", false
		}
		// A configuration getter (viper's or a flag set's GetString) of a credential's key;
		// not an SDK's tool-argument getter, whose value the model sent.
		if (fn.Name() == "GetString" || fn.Name() == "MustGetenv" || fn.Name() == "GetEnv") && len(call.Call.Args) > 0 && sdkapi.APIOf(fn) == sdkapi.APINone {
			if e, ok := v.(*ssa.Extract); !ok || e.Index == 0 {
				for _, a := range call.Call.Args {
					if name, ok := constString(a); ok {
						if credentialName(name) {
							return "setting " + name, true
						}
						break
					}
				}
			}
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "net/http.Get", "net/http.Values":
			if recv := fn.Signature().Recv(); recv != nil && isHTTPHeader(recv.Type()) && len(call.Call.Args) > 1 {
				if name, ok := constString(call.Call.Args[1]); ok && credentialHeader(name) {
					return "the " + name + " header", true
				}
			}
			return "", false
		}
	}
	i := -1
	if e, ok := v.(*ssa.Extract); ok {
		i = e.Index
	}
	if obj := calleeObject(call); obj != nil && obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg {
		var fact CarriedCredential
		if s.pass.ImportObjectFact(obj, &fact) {
			name, ok := fact.Results[max(i, 0)]
			if ok {
				s.origins[v] = fact.Origins[max(i, 0)]
				if o := fact.Origins[max(i, 0)]; o != "" {
					name += " (via " + o + ")"
				}
			}
			return name, ok
		}
		return s.getter(fn0(v))
	}
	fn := s.fl.Called(call)
	if fn == nil || fn.Pkg != s.fl.Package() || len(fn.Blocks) == 0 {
		return "", false
	}
	if c := s.carriedOf(fn, i); c != nil {
		return c.name, true
	}
	return s.getter(fn0(v))
}

// fn0 is the function v is the first result of a static call of, when that result is text;
// nil otherwise (the error beside a token is no token).
func fn0(v ssa.Value) *types.Func {
	if e, ok := v.(*ssa.Extract); ok && e.Index != 0 {
		return nil
	}
	call := flow.CallOf(v)
	if call == nil {
		return nil
	}
	fn := flow.Callee(call)
	if fn == nil || fn.Signature().Results().Len() == 0 || !isText(fn.Signature().Results().At(0).Type()) {
		return nil
	}
	return fn
}

// getter names the result of a module function whose name says it returns a credential:
// an accessor (APIKey, token) or a getter (GetAPIKey, loadPassword, ResolveSecret); not a
// function that makes one (GenerateToken, CreateAPIKey), whose result a tool may return on
// purpose.
func (s *Result) getter(fn *types.Func) (string, bool) {
	if fn == nil || fn.Pkg() == nil || !flow.InModule(s.pass.Module, fn.Pkg()) {
		return "", false
	}
	words := nameWords(fn.Name())
	if len(words) > 1 && !getterVerbs[words[0]] && !credentialName(fn.Name()) {
		return "", false
	}
	name := fn.Name()
	if len(words) > 1 && getterVerbs[words[0]] {
		name = strings.Join(words[1:], "_")
	}
	if !credentialName(name) {
		return "", false
	}
	if len(words) > 1 && !getterVerbs[words[0]] && makerVerbs[words[0]] {
		return "", false
	}
	return "the result of " + fn.Name(), true
}

// getterVerbs start the name of a function that returns a credential it holds or reads.
var getterVerbs = map[string]bool{"get": true, "load": true, "read": true, "lookup": true, "resolve": true, "fetch": true, "find": true, "retrieve": true, "must": true}

// makerVerbs start the name of a function that makes a credential.
var makerVerbs = map[string]bool{"new": true, "generate": true, "create": true, "issue": true, "make": true, "mint": true, "rotate": true, "refresh": true, "exchange": true, "parse": true}

// carriedOf computes whether result i of fn, a function of the package, carries a
// credential on some return. Recursion answers no.
func (s *Result) carriedOf(fn *ssa.Function, i int) *carriedSecret {
	key := carriedKey{fn, i}
	if c, ok := s.carried[key]; ok {
		return c
	}
	s.carried[key] = nil
	// Only text carries a credential: a function that returns a struct holding one (a
	// configuration) does not put it in every text made of the struct's other fields.
	if res := fn.Signature.Results(); max(i, 0) >= res.Len() || !(isText(res.At(max(i, 0)).Type()) || astutil.IsError(res.At(max(i, 0)).Type())) {
		return nil
	}
	// A helper's results are judged without the error-text allowance, once for every use.
	defer func(e bool) { s.errorText = e }(s.errorText)
	s.errorText = false
	idx := i
	if idx < 0 {
		idx = 0
	}
	for ret := range flow.Returns(fn) {
		if idx >= len(ret.Results) {
			continue
		}
		found := s.taint.Find(ret.Results[idx])
		if found == nil {
			continue
		}
		c := &carriedSecret{name: found.Name, at: Enters(found.Chain, ret.Pos()), origin: s.origins[found.Source]}
		if inner := s.carriedBy(found.Source); inner != nil {
			c.at = inner.at
			if c.origin == "" {
				c.origin = inner.origin
			}
		}
		if !c.at.IsValid() {
			c.at = fn.Pos()
		}
		s.carried[key] = c
		return c
	}
	return nil
}

// collectUsed finds the fields and environment variables the package sends as credentials:
// the value of an Authorization (or API key, or cookie) header and a basic-auth password.
func (s *Result) collectUsed() {
	collect := &taint.Query{Carries: s.carries, Source: func(v ssa.Value) (string, bool) {
		switch x := v.(type) {
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && isText(x.Type()) {
				if st := structOf(fa.X.Type()); st != nil {
					s.usedFields[st.Field(fa.Field)] = true
				}
			}
		case *ssa.Field:
			if st := structOf(x.X.Type()); st != nil && isText(x.Type()) {
				s.usedFields[st.Field(x.Field)] = true
			}
		case *ssa.Call:
			if fn := flow.Callee(x); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os" && (fn.Name() == "Getenv" || fn.Name() == "LookupEnv") {
				if name, ok := constString(x.Call.Args[0]); ok {
					s.usedEnv[name] = true
				}
			}
		}
		return "", false // keep walking: every source counts
	}}
	for _, fn := range s.fl.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := flow.Callee(call)
				if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "net/http" {
					continue
				}
				args := call.Call.Args
				switch {
				case (callee.Name() == "Set" || callee.Name() == "Add") && len(args) == 3 && isHTTPHeader(args[0].Type()):
					if name, ok := constString(args[1]); ok && credentialHeader(name) {
						collect.Find(args[2])
					}
				case callee.Name() == "SetBasicAuth" && len(args) == 3:
					collect.Find(args[2])
				}
			}
		}
	}
}

// carries says which operands a call's text result is made of: fmt's and strings' text
// building, errors.New and Join, URL parsing and printing, and the error of an HTTP request,
// whose *url.Error quotes the request's URL with its query. An interface's Error or String
// method carries its receiver.
func (s *Result) carries(call *ssa.Call, result int) []ssa.Value {
	if vs := carries(call, result); vs != nil {
		return vs
	}
	// A function of the module that passes some of its parameters into its result.
	var ps []int
	if fn := s.fl.Called(call); fn != nil && fn.Pkg == s.fl.Package() && len(fn.Blocks) > 0 {
		ps = s.passed(fn, result)
	} else if obj := calleeObject(call); obj != nil && obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg {
		var fact PassesText
		if s.pass.ImportObjectFact(obj, &fact) {
			ps = fact.Results[max(result, 0)]
		}
	}
	var out []ssa.Value
	for _, p := range ps {
		if p < len(call.Call.Args) {
			out = append(out, call.Call.Args[p])
		}
	}
	return out
}

// passed computes which parameters of fn, a function of the package, result i (-1: the
// only one) is made of. Recursion answers none.
func (s *Result) passed(fn *ssa.Function, i int) []int {
	key := carriedKey{fn, i}
	if ps, ok := s.passes[key]; ok {
		return ps
	}
	s.passes[key] = nil
	index := map[*ssa.Parameter]int{}
	for k, p := range fn.Params {
		index[p] = k
	}
	seen := map[int]bool{}
	collect := &taint.Query{Carries: s.carries, Source: func(v ssa.Value) (string, bool) {
		if p, ok := v.(*ssa.Parameter); ok {
			if k, ok := index[p]; ok {
				seen[k] = true
			}
		}
		return "", false
	}}
	idx := max(i, 0)
	for ret := range flow.Returns(fn) {
		if idx < len(ret.Results) {
			collect.Find(ret.Results[idx])
		}
	}
	var ps []int
	for k := range fn.Params {
		if seen[k] {
			ps = append(ps, k)
		}
	}
	s.passes[key] = ps
	return ps
}

// carries is what the standard library's calls carry.
func carries(call *ssa.Call, result int) []ssa.Value {
	args := call.Call.Args
	if call.Call.IsInvoke() {
		if m := call.Call.Method; m != nil && (m.Name() == "Error" || m.Name() == "String") {
			return []ssa.Value{call.Call.Value}
		}
		return nil
	}
	fn := flow.Callee(call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	path, name := fn.Pkg().Path(), fn.Name()
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		recv = typeName(r.Type())
	}
	switch path {
	case "fmt":
		if strings.HasPrefix(name, "Sprint") || name == "Errorf" {
			return args
		}
	case "errors":
		if name == "New" || name == "Join" {
			return args
		}
	case "strings":
		if recv == "" && isTextResult(fn) {
			return args
		}
	case "strconv":
		if strings.HasPrefix(name, "Quote") {
			return args
		}
	case "net/url":
		switch {
		case recv == "" && (name == "Parse" || name == "ParseRequestURI" || name == "JoinPath" || name == "QueryUnescape" || name == "PathUnescape"):
			return args
		case recv == "url.URL" && (name == "String" || name == "Redacted" || name == "JoinPath" || name == "ResolveReference" || name == "Query" || name == "RequestURI"):
			return args
		case recv == "url.Values" && (name == "Encode" || name == "Get"):
			return args
		case recv == "url.Error" && name == "Error":
			return args
		case recv == "" && (name == "UserPassword" || name == "User"):
			return args
		case recv == "url.Userinfo" && (name == "String" || name == "Password" || name == "Username"):
			return args
		}
	case "net/http":
		switch {
		case recv == "" && name == "NewRequest" && len(args) > 1:
			return args[1:2]
		case recv == "" && name == "NewRequestWithContext" && len(args) > 2:
			return args[2:3]
		case recv == "" && (name == "Get" || name == "Post" || name == "Head" || name == "PostForm") && result == 1:
			return args[:1]
		case recv == "http.Client" && name == "Do" && result == 1:
			return args[1:]
		case recv == "http.Client" && (name == "Get" || name == "Post" || name == "Head" || name == "PostForm") && result == 1:
			return args[1:2]
		}
	}
	return nil
}

// isTextResult reports whether fn returns text: a string, a byte slice or a slice of strings.
func isTextResult(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(0).Type()
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	return isText(t)
}

// credentialName reports whether a variable, field or environment variable's name says it
// holds a credential: its last word is token, secret, password, credentials, DSN, or key
// after api, access, secret, private, client or the like (GITHUB_TOKEN, APIKey,
// ClientSecret, dbPassword), a database's URL (DATABASE_URL, MONGODB_URI) or a connection
// string, and not a page token, a token count, a secret's name or a service's base URL.
func credentialName(name string) bool {
	words := nameWords(name)
	if len(words) == 0 {
		return false
	}
	last := words[len(words)-1]
	prev := ""
	if len(words) > 1 {
		prev = words[len(words)-2]
	}
	switch last {
	case "token":
		return !notSecretToken[prev]
	case "secret", "password", "passwd", "passphrase", "credential", "credentials", "dsn", "apikey", "authorization":
		return true
	case "key":
		return keyQualifiers[prev]
	case "pat", "pwd":
		return prev != ""
	case "url", "uri":
		// A database's connection URL carries its password (postgres://user:pw@host/db).
		return dsnQualifiers[prev]
	case "string":
		return prev == "connection"
	}
	return false
}

// dsnQualifiers are the words before "url" or "uri" that make it a database's connection
// string.
var dsnQualifiers = map[string]bool{
	"database": true, "db": true, "postgres": true, "postgresql": true, "pg": true, "mysql": true,
	"mongo": true, "mongodb": true, "redis": true, "amqp": true, "rabbitmq": true, "connection": true,
}

// notSecretToken are the words before "token" that make it no credential: pagination and
// language-model tokens.
var notSecretToken = map[string]bool{
	"page": true, "next": true, "prev": true, "previous": true, "continuation": true, "cursor": true,
	"sync": true, "max": true, "min": true, "num": true, "input": true, "output": true, "completion": true,
	"prompt": true, "reasoning": true, "cache": true, "total": true, "delta": true, "resume": true,
	"start": true, "end": true, "after": true, "before": true, "pagination": true, "last": true, "first": true,
}

// keyQualifiers are the words before "key" that make it a credential.
var keyQualifiers = map[string]bool{
	"api": true, "access": true, "secret": true, "private": true, "client": true, "auth": true,
	"signing": true, "subscription": true, "account": true, "encryption": true, "master": true,
	"app": true, "license": true, "service": true, "session": true, "x": true,
}

// nameWords splits an identifier or an environment variable's name into lower-case words:
// GITHUB_TOKEN → github token, APIKey → api key, clientSecret → client secret.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
			continue
		case r >= 'A' && r <= 'Z':
			// A new word starts at an upper-case letter after a lower-case one, or at the
			// last upper-case letter of an acronym followed by a lower-case one (APIKey).
			if i > 0 && (isLower(rs[i-1]) || (i+1 < len(rs) && isLower(rs[i+1]) && isUpper(rs[i-1]))) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

func isLower(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' }
func isUpper(r rune) bool { return r >= 'A' && r <= 'Z' }

// credentialHeader reports whether an HTTP header carries a credential.
func credentialHeader(name string) bool {
	switch strings.ToLower(name) {
	case "authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "apikey", "x-auth-token", "private-token", "x-access-token":
		return true
	}
	return false
}

// constString returns v's value when it is a constant string.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// isText reports whether t holds text: a string or a byte slice, named or not.
func isText(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// structOf returns the struct type t is or points to.
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// typeName is t's name as the package reads it: Config, or config.Config for another
// package's.
func (s *Result) typeName(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == s.pass.Pkg {
		return n.Obj().Name()
	}
	return typeName(t)
}

// typeName is t's name with its package's name and without a pointer: config.Config, url.URL.
func typeName(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if pkg := n.Obj().Pkg(); pkg != nil {
			return pkg.Name() + "." + n.Obj().Name()
		}
		return n.Obj().Name()
	}
	return types.TypeString(t, func(*types.Package) string { return "" })
}

func isHTTPHeader(t types.Type) bool { return namedIs(t, "net/http", "Header") }

// namedIs reports whether t (or what it points to) is the named type path.name.
func namedIs(t types.Type, path, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

func isHTTPResponse(t types.Type) bool { return namedIs(t, "net/http", "Response") }

// Found is a credential a value's text carries.
type Found struct {
	// Name names the credential as a message does: "field Config.APIKey", "environment
	// variable GITHUB_TOKEN (via client.go:24)".
	Name string
	// Chain is the walk from the value to the source (both included).
	Chain []ssa.Value
	// At is, when a function of the package carries the credential, where it enters there
	// (the line to change); NoPos otherwise.
	At token.Pos
	// Origin is, when a function of another package carries it, where it enters there
	// (file:line); "" otherwise.
	Origin string
}

// Find returns the credential v's text carries, or nil. errorText says the text becomes
// error text, where a credential in data an API returned counts too.
func (s *Result) Find(v ssa.Value, errorText bool) *Found {
	s.errorText = errorText
	t := s.taint.Find(v)
	s.errorText = false
	if t == nil {
		return nil
	}
	f := &Found{Name: t.Name, Chain: t.Chain, Origin: s.origins[t.Source]}
	if c := s.carriedBy(t.Source); c != nil && c.at.IsValid() {
		f.At = c.at
		if f.Origin == "" {
			f.Origin = c.origin
		}
	}
	return f
}

// Enters is where a credential enters the text: the text-building call nearest the sink on
// the way to the source (the fmt.Errorf that formats it or wraps the request's error), or at
// when there is none.
func Enters(chain []ssa.Value, at token.Pos) token.Pos {
	for _, v := range chain[:len(chain)-1] {
		if c, ok := v.(*ssa.Call); ok && c.Pos().IsValid() {
			if fn := flow.Callee(c); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "errors") {
				return flow.NodeStart(c.Parent(), c.Pos())
			}
		}
	}
	return at
}
