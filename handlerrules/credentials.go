package handlerrules

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// credentialsAnalyzer finds, in every package of the module, which values hold a credential,
// and exports what crosses packages: the functions whose results carry one, and the fields the
// package sends as one.
var credentialsAnalyzer = &analysis.Analyzer{
	Name:             "mcpcredentials",
	Doc:              "finds the values that hold a credential (environment variables, fields named or used as one, request headers, URLs carrying one) and the functions whose results carry one",
	URL:              rule.DocsBase + "handlerrules.md#secret-in-model-text",
	Requires:         []*analysis.Analyzer{mcpdefs.FlowEngine},
	FactTypes:        []analysis.Fact{new(CarriedCredential), new(CredentialField)},
	ResultType:       reflect.TypeFor[*secrets](),
	RunDespiteErrors: true,
	Run: func(pass *analysis.Pass) (any, error) {
		fl := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
		if fl.Package() == nil {
			return (*secrets)(nil), nil
		}
		s := newSecrets(pass, fl)
		s.export()
		return s, nil
	},
}

// CarriedCredential is the fact of an exported function some of whose results (by index)
// carry a credential, named as the message names it.
type CarriedCredential struct{ Results map[int]string }

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

// CredentialField is the fact of a field its package sends as a credential (an Authorization
// header, a basic-auth password), whatever its name.
type CredentialField struct{}

func (*CredentialField) AFact()         {}
func (*CredentialField) String() string { return "credential" }

// export exports the facts of the package's exported functions and used fields.
func (s *secrets) export() {
	for _, fn := range s.fl.Functions() {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != s.pass.Pkg {
			continue
		}
		res := obj.Signature().Results()
		fact := &CarriedCredential{Results: map[int]string{}}
		for i := range res.Len() {
			if t := res.At(i).Type(); !isText(t) && !isErrorType(t) {
				continue
			}
			k := i
			if res.Len() == 1 {
				k = -1
			}
			if c := s.carriedOf(fn, k); c != nil {
				// Another package reports it where it reaches the model, naming the way.
				fact.Results[i] = c.name
				if !strings.Contains(c.name, " (through ") {
					fact.Results[i] += " (through " + s.pass.Pkg.Name() + "." + funcName(fn) + ")"
				}
			}
		}
		if len(fact.Results) > 0 {
			s.pass.ExportObjectFact(obj, fact)
		}
	}
	for f := range s.usedFields {
		if f.Pkg() == s.pass.Pkg {
			s.pass.ExportObjectFact(f, new(CredentialField))
		}
	}
}

// secrets answers, for one package, which values hold a credential.
type secrets struct {
	pass *analysis.Pass
	fl   *flow.Result
	// used are the fields and environment variables the package sends as credentials
	// (an Authorization header, basic auth), whatever their names.
	usedFields map[*types.Var]bool
	usedEnv    map[string]bool
	// carried memoises, per function and result, the credential the result carries.
	carried map[carriedKey]*carriedSecret
	taint   *flow.Taint
}

type carriedKey struct {
	fn     *ssa.Function
	result int
}

// funcName names a function as a message does: fetch, Client.Do.
func funcName(fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

// carriedSecret is a credential a function's result carries, and the return where it
// enters (the innermost helper's, where the fix belongs).
type carriedSecret struct {
	name string
	at   token.Pos
}

func newSecrets(pass *analysis.Pass, fl *flow.Result) *secrets {
	s := &secrets{pass: pass, fl: fl, usedFields: map[*types.Var]bool{}, usedEnv: map[string]bool{}, carried: map[carriedKey]*carriedSecret{}}
	s.taint = &flow.Taint{Source: s.source, Carries: carries}
	s.collectUsed()
	return s
}

// carriedBy returns the carried secret of a helper's result src is, or nil.
func (s *secrets) carriedBy(src ssa.Value) *carriedSecret {
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
func (s *secrets) source(v ssa.Value) (string, bool) {
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
		// A struct given whole to fmt (`%+v` of the configuration) prints its fields.
		if !ownStruct(x.X) {
			return "", false
		}
		return s.wholeStruct(x.X.Type())
	}
	return "", false
}

// wholeStruct names a struct (or pointer to one) that has a credential field and prints its
// fields when formatted: it has no String, Error or Format method of its own.
func (s *secrets) wholeStruct(t types.Type) (string, bool) {
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
func (s *secrets) field(base ssa.Value, i int, ft types.Type) (string, bool) {
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
	if !used && !(credentialName(f.Name()) && ownStruct(base)) {
		return "", false
	}
	return "credential field " + s.typeName(t) + "." + f.Name(), true
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
			return !filledByCall(x)
		default:
			return false
		}
	}
	return false
}

// filledByCall reports whether a local's address is given to a call (json's Unmarshal, a
// decoder's Decode), directly or as an interface.
func filledByCall(a *ssa.Alloc) bool {
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Call:
			return true
		case *ssa.MakeInterface:
			if irefs := r.Referrers(); irefs != nil {
				for _, ir := range *irefs {
					if _, ok := ir.(*ssa.Call); ok {
						return true
					}
				}
			}
		}
	}
	return false
}

// callSource names a call's result that holds a credential: os.Getenv of a credential's
// variable, a header's value, or a result of one of the package's functions that carries one.
func (s *secrets) callSource(v ssa.Value) (string, bool) {
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
	if obj := flow.Callee(call); obj != nil && obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg {
		var fact CarriedCredential
		if s.pass.ImportObjectFact(obj, &fact) {
			name, ok := fact.Results[max(i, 0)]
			return name, ok
		}
		return "", false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg != s.fl.Package() || len(fn.Blocks) == 0 {
		return "", false
	}
	if c := s.carriedOf(fn, i); c != nil {
		return c.name, true
	}
	return "", false
}

// carriedOf computes whether result i of fn, a function of the package, carries a
// credential on some return. Recursion answers no.
func (s *secrets) carriedOf(fn *ssa.Function, i int) *carriedSecret {
	key := carriedKey{fn, i}
	if c, ok := s.carried[key]; ok {
		return c
	}
	s.carried[key] = nil
	idx := i
	if idx < 0 {
		idx = 0
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) {
			continue
		}
		found := s.taint.Find(ret.Results[idx])
		if found == nil {
			continue
		}
		c := &carriedSecret{name: found.Name, at: enters(found, ret.Pos())}
		if inner := s.carriedBy(found.Source); inner != nil {
			c.at = inner.at
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
func (s *secrets) collectUsed() {
	collect := &flow.Taint{Carries: carries, Source: func(v ssa.Value) (string, bool) {
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
// ClientSecret, dbPassword), and not a page token, a token count or a secret's name.
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
	}
	return false
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
func (s *secrets) typeName(t types.Type) string {
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
