package handlerrules

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/outside"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/printf"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) NoStringifyUpstreamError() rule.Entry[*kinds] {
	return rule.Declare(perHandler{
		ID: "no-stringify-upstream-error", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "error text embeds serialised upstream data",
		Run:   noStringifyUpstreamError,
	}, (*kinds).stringifyReach)
}

// noStringifyUpstreamError: an error message or tool-error text embeds serialised upstream
// data (JSON dumps, %+v/%#v of errors and structs, HTTP dumps, raw response bodies). Error
// texts reach the model and the client: the dump leaks internals (hosts, tokens, stack
// traces) and buries the one line that says what failed.
func noStringifyUpstreamError(p *rule.Pass, h *handler) {
	// Where to keep the detail: mcperr's data where the package can use mcperr, the
	// server's log elsewhere.
	keep := "log it, say what failed"
	if h.defs.ErrorsReachable {
		keep = "move it to mcperr.WithData, say what failed"
	}
	h.visit(func(n ast.Node) {
		if lit, ok := n.(*ast.CompositeLit); ok && !h.helper {
			// An IsError result literal: its content is the tool-error text.
			if content := h.defs.ErrorResultContent(lit); content != nil {
				if bad, what := h.dump(content); bad != nil {
					p.Reportf(bad, "error text embeds %s; %s", what, keep)
				}
			}
			return
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		msgs := h.messageArgs(call)
		if len(msgs) == 0 {
			return
		}
		if v, arg := h.structVerb(call); arg != nil && h.buildsReturnedError(call) {
			p.Reportf(arg, "error text embeds a %s dump of %s; %s", v, types.TypeString(p.TypesInfo.TypeOf(arg), types.RelativeTo(p.Pkg)), keep)
			return
		}
		for _, msg := range msgs {
			if bad, what := h.dump(msg); bad != nil && h.buildsReturnedError(call) {
				p.Reportf(bad, "error text embeds %s; %s", what, keep)
				return
			}
			if bad, what := h.dumpThrough(call, msg); bad != nil && h.buildsReturnedError(call) {
				p.Reportf(bad, "error text embeds %s; %s", what, keep)
				return
			}
		}
	})
}

// messageArgs returns the arguments of call that become error text, when call builds an
// error or an error result.
func (h *handler) messageArgs(call *ast.CallExpr) []ast.Expr {
	info := h.pass.TypesInfo
	arg := func(i int) []ast.Expr {
		if i < len(call.Args) {
			return []ast.Expr{call.Args[i]}
		}
		return nil
	}
	switch {
	case astutil.IsPkgFunc(info, call, "errors", "New"):
		return arg(0)
	case astutil.IsPkgFunc(info, call, "fmt", "Errorf"):
		return call.Args
	}
	switch h.defs.CallAPI(call) {
	case sdkapi.APIErrNew, sdkapi.APICallFail:
		return arg(1)
	case sdkapi.APIErrFactory, sdkapi.APIToolResultError, sdkapi.APIToolResultErrorFromErr:
		return arg(0)
	case sdkapi.APIToolResultErrorf:
		return call.Args
	}
	if h.sums.IsErrorResult(call) {
		// A module helper that builds an IsError result on every path
		// (utils.NewToolResultError(text)): its string arguments are the error text.
		var msgs []ast.Expr
		for _, a := range call.Args {
			if t := info.TypeOf(a); t != nil {
				if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
					msgs = append(msgs, a)
				}
			}
		}
		return msgs
	}
	return nil
}

// dump finds serialised upstream data inside a message expression and says what it is.
func (h *handler) dump(msg ast.Expr) (ast.Node, string) {
	info := h.pass.TypesInfo
	var bad ast.Node
	var what string
	ast.Inspect(msg, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if w := h.serialiserOf(x); w != "" {
				bad, what = x, w
				return false
			}
			if v, arg := h.structVerb(x); arg != nil {
				bad, what = arg, "a "+v+" dump of "+types.TypeString(info.TypeOf(arg), types.RelativeTo(h.pass.Pkg))
				return false
			}
		}
		return true
	})
	return bad, what
}

// serialised names the serialised data e holds: a serialising call, a %+v/%#v dump, or
// either passed through conversions and trimming (strings.TrimSpace(string(body))) or
// through variables assigned from them; "" when it holds none.
func (h *handler) serialised(e ast.Expr, depth int) string {
	info := h.pass.TypesInfo
	if e == nil || depth > 4 {
		return ""
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if w := h.serialiserOf(x); w != "" {
			return w
		}
		if v, arg := h.structVerb(x); arg != nil {
			return "a " + v + " dump of " + types.TypeString(info.TypeOf(arg), types.RelativeTo(h.pass.Pkg))
		}
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return h.serialised(x.Args[0], depth+1) // string(body)
		}
		if fn, ok := typeutil.Callee(info, x).(*types.Func); ok && fn.Pkg() != nil && len(x.Args) > 0 {
			if p := fn.Pkg().Path(); (p == "strings" || p == "bytes") && outside.TextTransforms[fn.Name()] {
				return h.serialised(x.Args[0], depth+1)
			}
		}
	}
	return ""
}

// dumpThrough finds serialised upstream data that reaches msg, an argument of call, through
// variables: the engine follows msg's value back through locals, phis, conversions, string
// building and trimming to the calls that made it. It reports at the variable msg names.
func (h *handler) dumpThrough(call *ast.CallExpr, msg ast.Expr) (ast.Node, string) {
	id := firstLocal(h.pass.TypesInfo, msg)
	if id == nil {
		return nil, ""
	}
	c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	if c == nil {
		return nil, ""
	}
	args := flow.Arguments(c)
	k := slices.Index(call.Args, msg)
	if k < 0 || k >= len(args) || args[k] == nil {
		return nil, ""
	}
	transforms := func(c *ssa.Call) bool {
		fn := flow.Callee(c)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		// The text keeps the data: formatted into a larger text, trimmed or recased.
		if fn.Pkg().Path() == "fmt" && (fn.Name() == "Sprintf" || fn.Name() == "Sprint") {
			// A dump itself (`fmt.Sprintf("%+v", c)`) is a leaf; otherwise it keeps its
			// arguments' data.
			syn := flow.CallExprAt(h.Node, c.Pos())
			return syn == nil || h.serialised(syn, 0) == ""
		}
		return (fn.Pkg().Path() == "strings" || fn.Pkg().Path() == "bytes") && outside.TextTransforms[fn.Name()]
	}
	// An error is a leaf of its own: the error of a serialising call (`data, err :=
	// json.MarshalIndent(v)`) says why it failed, and carries none of the data.
	isErr := func(v ssa.Value) bool { return astutil.IsError(v.Type()) }
	for _, leaf := range flow.OriginsUntil(args[k], transforms, isErr) {
		lc := flow.CallOf(leaf)
		if lc == nil || isErr(leaf) {
			continue
		}
		syn := flow.CallExprAt(h.Node, lc.Pos())
		if syn == nil || (msg.Pos() <= syn.Pos() && syn.End() <= msg.End()) {
			continue // written in the message itself: dump's concern
		}
		if w := h.serialised(syn, 0); w != "" {
			if held := h.identHolding(msg, syn); held != nil {
				id = held
			}
			return id, w + " (through " + id.Name + ")"
		}
	}
	return nil, ""
}

// identHolding is the identifier in msg of the variable the call made is assigned to
// (`body, _ := io.ReadAll(resp.Body)` for `fmt.Sprintf("%s: %s", id, string(body))`), or nil.
func (h *handler) identHolding(msg ast.Expr, made *ast.CallExpr) *ast.Ident {
	info := h.pass.TypesInfo
	var held types.Object
	ast.Inspect(h.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && held == nil && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == made {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				held = info.ObjectOf(id)
			}
		}
		return held == nil
	})
	var found *ast.Ident
	ast.Inspect(msg, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && found == nil && held != nil && info.Uses[id] == held {
			found = id
		}
		return found == nil
	})
	return found
}

// firstLocal is the first identifier in e that names a variable holding data (not an
// error), or nil.
func firstLocal(info *types.Info, e ast.Expr) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && found == nil {
			if v, isVar := info.Uses[id].(*types.Var); isVar && !astutil.ImplementsError(v.Type()) {
				found = id
			}
		}
		return found == nil
	})
	return found
}

// serialiserOf is outside.Serialiser, except for JSON made only of the tool's own arguments and
// constants (the request body the handler is about to send, `json.MarshalIndent(payload{Name:
// name})`): that is the model's own data, not the upstream's.
func (h *handler) serialiserOf(c *ast.CallExpr) string {
	w := outside.Serialiser(h.pass.TypesInfo, c)
	if w == "" || !strings.HasPrefix(w, "JSON") || !h.fromArgumentsOnly(c) {
		return w
	}
	return ""
}

// fromArgumentsOnly reports whether the value call (a json.Marshal) serialises is made of
// what the handler reads from the tool's request or input, through local calls, and
// constants.
func (h *handler) fromArgumentsOnly(call *ast.CallExpr) bool {
	c, _ := flow.CallIn(h.flow.Function(h.Node), call.Lparen)
	if c == nil || len(c.Call.Args) == 0 || h.Request == nil && h.Input == nil {
		return false
	}
	isArgs := func(v ssa.Value) bool {
		p, ok := v.(*ssa.Parameter)
		return ok && (h.Request != nil && p.Object() == types.Object(h.Request) || h.Input != nil && p.Object() == types.Object(h.Input))
	}
	local := func(c *ssa.Call) bool {
		fn := flow.Callee(c)
		return fn != nil && fn.Pkg() != nil && !outside.TakesContext(c.Call.Signature()) && !outside.StdlibIO(fn) && !slices.ContainsFunc(c.Call.Args, isArgs)
	}
	read := false
	pending, seen := []ssa.Value{c.Call.Args[0]}, map[ssa.Value]bool{}
	for len(pending) > 0 {
		v := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		for _, l := range flow.Origins(v, local) {
			if seen[l] {
				continue
			}
			seen[l] = true
			switch x := l.(type) {
			case *ssa.Const:
			case *ssa.Call:
				// An accessor of the request (req.GetString("name", "")).
				if !slices.ContainsFunc(x.Call.Args, isArgs) || outside.TakesContext(x.Call.Signature()) {
					return false
				}
				read = true
			case *ssa.MakeMap:
				// A map literal (`map[string]any{"owner": owner}`): made of what is put in it.
				updates, ok := mapUpdates(x)
				if !ok {
					return false
				}
				pending = append(pending, updates...)
			default:
				if !isArgs(l) {
					return false
				}
				read = true
			}
		}
	}
	return read
}

// mapUpdates are the keys and values the function puts into the map m makes, when m is only
// filled and read there (not handed to a call that might fill it); false otherwise.
func mapUpdates(m *ssa.MakeMap) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, ref := range *m.Referrers() {
		switch u := ref.(type) {
		case *ssa.MapUpdate:
			out = append(out, u.Key, u.Value)
		case *ssa.MakeInterface, *ssa.DebugRef, *ssa.Lookup, *ssa.Range:
		default:
			return nil, false
		}
	}
	return out, true
}

// structVerb finds a %+v or %#v applied to an error or a struct in a printf-style call.
func (h *handler) structVerb(call *ast.CallExpr) (string, ast.Expr) {
	info := h.pass.TypesInfo
	formatted := astutil.IsPkgFunc(info, call, "fmt", "Sprintf") || astutil.IsPkgFunc(info, call, "fmt", "Errorf") || h.defs.CallAPI(call) == sdkapi.APIToolResultErrorf
	if !formatted || len(call.Args) == 0 {
		return "", nil
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", nil
	}
	for _, v := range printf.Parse(constant.StringVal(tv.Value)) {
		if v.Verb != 'v' || (!v.Plus() && !v.Sharp()) || v.Arg < 0 || v.Arg+1 >= len(call.Args) {
			continue
		}
		arg := call.Args[v.Arg+1]
		t := info.TypeOf(arg)
		if astutil.ImplementsError(t) || isStruct(t) {
			return "%" + v.Flags + "v", arg
		}
	}
	return "", nil
}

func isStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
