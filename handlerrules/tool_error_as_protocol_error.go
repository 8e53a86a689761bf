package handlerrules

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/errs"
	"github.com/mcplint-go/mcplint/handlerrules/toolfix"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/oracle"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"

	"github.com/mcplint-go/mcplint/flow/outside"
	"github.com/mcplint-go/mcplint/internal/rule"
)

func (rules) ToolErrorAsProtocolError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "tool-error-as-protocol-error", Severity: rule.Warning, SDKs: rule.PlainSDKs,
		Title: "a problem the model could fix is returned as a JSON-RPC error",
		Run:   toolErrorAsProtocolError,
	}, (*kinds).handler)
}

// toolErrorAsProtocolError: a low-level go-sdk or mark3labs tool handler returns a non-nil
// error for a problem the model could fix (a missing or mistyped argument, an argument that
// fails validation). The client gets a JSON-RPC error instead of an isError result, and most
// clients do not show JSON-RPC errors to the model, which cannot correct its call.
//
// The flow engine gives each path to each return: the error is non-nil there, and it either
// comes from a call that reads or checks the arguments, or is a new error on a path decided
// by such a call's failure or by a test of argument values alone (validation).
func toolErrorAsProtocolError(p *rule.Pass, h *handler) {
	// An adapter's errors.As convention can make some error types protocol errors in a
	// handler whose other errors are tool errors (Except).
	// A server whose middleware turns handler errors into tool results serves this
	// handler: the error is not a protocol error on every server, so it is left alone.
	if h.Kind != mcpmodel.Tool || h.ErrorsConverted || (h.Errors != mcpmodel.ProtocolError && len(h.Except) == 0) || h.ErrorIndex < 0 {
		return
	}
	args := h.argumentOrigins()
	reported := map[*ast.ReturnStmt]bool{}
	h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
		e := result(ret, h.ErrorIndex)
		if reported[ret] || h.ErrorModeOf(h.pass.TypesInfo, e) != mcpmodel.ProtocolError { // e is nil for a bare return
			return
		}
		o := path.Results[h.ErrorIndex]
		if o.Nil != flow.NonNil || !args.modelFixable(path, o.Value) {
			return
		}
		reported[ret] = true
		// The JSON-RPC code it goes out with, per SDK and version, is in the rule's doc section.
		p.Report(ret, "the model never sees this argument error sent as JSON-RPC; return "+h.toolErrorAdvice(), h.toolErrorFix(ret, e)...)
	})
}

func (h *handler) toolErrorAdvice() string {
	if h.Adapted {
		return "an isError result from the adapter"
	}
	return h.sdkToolErrorAdvice()
}

// sdkToolErrorAdvice is the tool error to return in a handler of h's SDK.
func (h *handler) sdkToolErrorAdvice() string {
	if h.SDK == sdkapi.MarkLabs {
		return "mcp.NewToolResultError(msg), nil"
	}
	return "an IsError result and nil"
}

// toolErrorFix rewrites `return nil, E` into the tool error its SDK version's maintainers
// write (handlerrules/toolfix).
func (h *handler) toolErrorFix(ret *ast.ReturnStmt, e ast.Expr) []analysis.SuggestedFix {
	w := toolfix.Writer{Pass: h.pass.Pass, Vocab: h.defs, File: h.file, Handler: h.Handler, Own: h.idiom}
	return w.ToolError(ret, result(ret, h.ResultIndex), e)
}

// argOrigins answers, for one handler, whether values come from its tool arguments.
type argOrigins struct {
	h *handler
	// params are the handler's parameters that carry the arguments: the typed input, the
	// request.
	params map[*ssa.Parameter]bool
	memo   map[ssa.Value]bool
}

func (h *handler) argumentOrigins() *argOrigins {
	a := &argOrigins{h: h, params: map[*ssa.Parameter]bool{}, memo: map[ssa.Value]bool{}}
	if fn := h.flow.Function(h.Node); fn != nil {
		for _, prm := range fn.Params {
			if v := prm.Object(); v == types.Object(h.Input) || v == types.Object(h.Request) {
				a.params[prm] = true
			}
		}
	}
	return a
}

// modelFixable reports whether the error v, non-nil on path, reports a problem with the
// arguments.
func (a *argOrigins) modelFixable(path *flow.Path, v ssa.Value) bool {
	v = flow.Core(v)
	if call := flow.CallOf(v); call != nil {
		if a.argErrCall(call) {
			return true
		}
		if !a.newError(call) {
			return false
		}
	} else if !isNewErrorValue(v) {
		return false
	}
	// A new error: judged by what decides the path to the return. The failure of a call that
	// checks the arguments decides it, or tests of argument values and nothing else do
	// (validation; `if os.Getenv("RO") != "" && q != ""` is not).
	validated, other := false, false
	for _, c := range flow.Controlling(path.Return.Block()) {
		// A test of an error is about the call that returned it. A nil test of a struct
		// pointer (`req == nil`, `req.Params == nil`) is about the transport, which the model
		// cannot fix. A nil test of anything else (`req.Params.Arguments == nil`) is a
		// condition like any other.
		if tested := flow.NilTested(c.Value); tested != nil {
			if astutil.ImplementsError(tested.Type()) {
				if call := flow.CallOf(flow.Core(tested)); call != nil && a.argErrCall(call) {
					return true
				}
				continue
			}
			if isStructPointer(tested.Type()) {
				other = true
				continue
			}
		}
		if a.validation(c.Value) {
			validated = true
		} else {
			other = true
		}
	}
	return validated && !other
}

// isStructPointer reports whether t is a pointer to a struct.
func isStructPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// isNewErrorValue reports whether v is an error made here from a value of a concrete type
// (&ValidationError{...}).
func isNewErrorValue(v ssa.Value) bool {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	_, alloc := mi.X.(*ssa.Alloc)
	return alloc
}

// newError reports whether call builds a new error (errors.New, fmt.Errorf, an mcperr
// constructor) or wraps one (`errors.Wrap(err, "…")`, non-nil where the rule asks), so that
// the path to it decides what it is about.
func (a *argOrigins) newError(call *ssa.Call) bool {
	fn := a.h.flow.CalleeOf(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if errs.New(fn) || errs.WrapsNilAsNil(fn) {
		return true
	}
	switch sdkapi.APIOf(fn) {
	case sdkapi.APIErrNew, sdkapi.APIErrFactory, sdkapi.APICallFail, sdkapi.APICallFailHTTP:
		return true
	}
	return false
}

// parsers are standard functions that only parse their input: an error from one of them,
// given only argument-derived values, is a bad argument.
var parsers = map[string]bool{
	"strconv.Atoi": true, "strconv.ParseInt": true, "strconv.ParseUint": true, "strconv.ParseFloat": true, "strconv.ParseBool": true,
	"time.Parse": true, "time.ParseDuration": true, "time.ParseInLocation": true,
	"net/url.Parse": true, "net/url.ParseRequestURI": true, "net/url.ParseQuery": true,
	"net.ParseCIDR": true, "net/netip.ParseAddr": true, "net/netip.ParsePrefix": true,
	"regexp.Compile": true, "encoding/json.Unmarshal": true, "encoding/base64.Encoding.DecodeString": true,
}

// argErrCall reports whether call's error is about the arguments: the SDK's Require* and
// BindArguments, a parser or decoder given argument-derived values, or a module helper that
// checks the arguments. A helper whose summary says every error it returns is a
// deliberate *jsonrpc.Error (an authorization failure) is not one, whatever its name.
func (a *argOrigins) argErrCall(call *ssa.Call) bool {
	if v, ok := a.memo[call]; ok {
		return v
	}
	a.memo[call] = false
	r := a.argErrCallUncached(call)
	a.memo[call] = r
	return r
}

func (a *argOrigins) argErrCallUncached(call *ssa.Call) bool {
	fn := a.h.flow.CalleeOf(call)
	if fn == nil {
		return a.heldParser(call)
	}
	if fn.Pkg() == nil {
		return false
	}
	switch sdkapi.APIOf(fn) {
	case sdkapi.APIArgRequire, sdkapi.APIArgBind:
		return true
	}
	sig := fn.Signature()
	if a.protocolErrorsOnly(fn, sig) {
		return false
	}
	args := call.Call.Args
	if sig.Recv() != nil {
		// params.RequiredString("name") on the handler's own argument type (podman's
		// api.ToolHandlerParams): a check of the arguments, given constants.
		if strings.HasPrefix(fn.Name(), "Require") && len(args) > 0 && a.fromArguments(args[0]) && allConst(args[1:]) {
			return true
		}
		if !a.h.defs.ModulePackage(fn.Pkg()) {
			return false
		}
		// A method of the module's own (s.parseArgs(req)) is judged as a function: its
		// receiver is the server's state, not input. A call through a method value has
		// no receiver among its arguments.
		if call.Call.StaticCallee() != nil && len(args) > 0 {
			args = args[1:]
		}
	}
	qualified := fn.Pkg().Path() + "." + fn.Name()
	decode := qualified == "encoding/json.Unmarshal" || a.decoder(fn)
	parser := parsers[qualified] || decode
	if !parser && a.h.defs.ModulePackage(fn.Pkg()) {
		// A helper of the module that parses, validates or reads arguments and does no I/O
		// that would need a context (terraform's utils.OptionalPaginationParams(request)).
		parser = !outside.TakesContext(sig) && parserName(fn.Name())
	}
	if !parser {
		return false
	}
	return a.allFromArguments(args, decode)
}

// heldParser is argErrCall for a call through a package variable of the module (of this
// package or another) that holds one function (a method value, a factory's closure): named
// by the variable, it checks the arguments like a helper of that name (`var parseTime =
// newParser()`, `var decodeArgs = newDecoder()`), unless its summary says its every error is
// a deliberate *jsonrpc.Error.
func (a *argOrigins) heldParser(call *ssa.Call) bool {
	ld, ok := call.Call.Value.(*ssa.UnOp)
	if !ok || call.Call.IsInvoke() {
		return false
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok || g.Object() == nil || g.Object().Pkg() == nil || !a.h.defs.ModulePackage(g.Object().Pkg()) {
		return false
	}
	if g.Pkg != nil && g.Pkg.Pkg == a.h.pass.Pkg && !a.h.flow.StoredOnce(g) {
		return false // assigned more than once here: it holds no one function
	}
	sig := call.Call.Signature()
	if outside.TakesContext(sig) || protocolErrorsOnly(a.h.flow.SummaryOfCall(call), sig) {
		return false
	}
	decode := decoderShape(sig) && decoderName(g.Name())
	if !decode && !parserName(g.Name()) {
		return false
	}
	return a.allFromArguments(call.Call.Args, decode)
}

// parserName reports whether a helper's name says it parses, validates or reads arguments.
func parserName(name string) bool {
	name = strings.ToLower(name)
	for _, p := range []string{"parse", "validate", "require", "optional"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// allFromArguments reports whether a parser's arguments are made of the tool's arguments or
// constants, one of them at least (decode: the second is the decoding target).
func (a *argOrigins) allFromArguments(args []ssa.Value, decode bool) bool {
	if len(args) == 0 {
		return false
	}
	anyDerived := false
	for i, arg := range args {
		if decode && i == 1 {
			continue // the decode target
		}
		if _, isConst := arg.(*ssa.Const); isConst {
			continue
		}
		if !a.fromArguments(arg) {
			return false
		}
		anyDerived = true
	}
	return anyDerived
}

// protocolErrorsOnly reports whether fn, a function of the module, returns nothing but
// protocol errors (*jsonrpc.Error) in its error result wherever that is not nil.
func (a *argOrigins) protocolErrorsOnly(fn *types.Func, sig *types.Signature) bool {
	return protocolErrorsOnly(a.h.flow.SummaryOf(fn), sig)
}

// protocolErrorsOnly reports whether summary sum of a function of signature sig says every
// non-nil error it returns is a *jsonrpc.Error.
func protocolErrorsOnly(sum *flow.Summary, sig *types.Signature) bool {
	if sum == nil {
		return false
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if !astutil.ImplementsError(sig.Results().At(i).Type()) {
			continue
		}
		names, all := sum.NonNilTypes(i)
		if !all || len(names) == 0 {
			return false
		}
		for _, n := range names {
			if !oracle.IsProtocolErrorTypeName(n) {
				return false
			}
		}
		return true
	}
	return false
}

// decoder reports whether fn decodes its first argument into the pointer it is given second:
// mapstructure.Decode, or a helper of the module named decode*, bind* or unmarshal* of that
// shape that takes no context (so does no I/O). Its error is about the decoded input.
func (a *argOrigins) decoder(fn *types.Func) bool {
	sig := fn.Signature()
	if !decoderShape(sig) {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	if name == "Decode" && (path == "github.com/mitchellh/mapstructure" || strings.HasPrefix(path, "github.com/go-viper/mapstructure")) {
		return true
	}
	if !a.h.defs.ModulePackage(fn.Pkg()) {
		return false
	}
	return decoderName(name)
}

// decoderShape: func(in, out) error, with no context (so no I/O).
func decoderShape(sig *types.Signature) bool {
	return sig.Params().Len() == 2 && sig.Results().Len() == 1 && astutil.ImplementsError(sig.Results().At(0).Type()) && !outside.TakesContext(sig)
}

// decoderName reports whether a helper's name says it decodes its input.
func decoderName(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasPrefix(lower, "decode") || strings.HasPrefix(lower, "bind") || strings.HasPrefix(lower, "unmarshal")
}

func allConst(vs []ssa.Value) bool {
	for _, v := range vs {
		if _, isConst := v.(*ssa.Const); !isConst {
			return false
		}
	}
	return true
}

// fromArguments reports whether v comes from the tool arguments alone: every origin is the
// input or the request (read through fields, indexing, decoding, the SDK's argument getters
// and pure helpers), or a constant, and at least one is.
func (a *argOrigins) fromArguments(v ssa.Value) bool {
	derived := false
	for _, o := range flow.Origins(v, a.through) {
		switch x := o.(type) {
		case *ssa.Parameter:
			if !a.params[x] {
				return false
			}
			derived = true
		case *ssa.Const, *ssa.Function, *ssa.Builtin:
		case *ssa.Global:
			// A package variable: a default or a lookup table is fine beside an argument.
		default:
			return false
		}
	}
	return derived
}

// through lets the origin walk see through calls whose result is made of their arguments:
// builtins, pure string and slice helpers, formatting, decoding, the SDK's argument getters,
// and conversions of the argument map.
func (a *argOrigins) through(call *ssa.Call) bool {
	if _, ok := call.Call.Value.(*ssa.Builtin); ok {
		return true
	}
	fn := a.h.flow.CalleeOf(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch sdkapi.APIOf(fn) {
	case sdkapi.APIArgGet, sdkapi.APIArgRequire, sdkapi.APIArgBind:
		return true
	}
	path := fn.Pkg().Path()
	if pureHelperPkgs[path] || path == "strconv" || path == "fmt" || path == "encoding/json" {
		return true
	}
	return a.decoder(fn) || localValidator(fn)
}

// localValidator reports whether fn is a function of the package that answers a question
// about plain values (`isValidUUID(id)`, `validState(s)`): it takes only strings, numbers and
// booleans, no context, and returns one boolean. Its answer about an argument is about the
// argument.
func localValidator(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || sig.Results().Len() != 1 || sig.Params().Len() == 0 {
		return false
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	for v := range sig.Params().Variables() {
		if _, ok := v.Type().Underlying().(*types.Basic); !ok {
			return false
		}
	}
	return true
}

// validation reports whether cond tests argument-derived values and nothing else.
func (a *argOrigins) validation(cond ssa.Value) bool {
	if v, ok := a.memo[cond]; ok {
		return v
	}
	r := a.fromArguments(cond)
	a.memo[cond] = r
	return r
}

var pureHelperPkgs = map[string]bool{"strings": true, "unicode": true, "unicode/utf8": true, "slices": true, "maps": true, "regexp": true}
