package mutation

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// The handler rules the harness plants defects for. prefer-mcp-error-in-handler and
// prefer-error-factory are about mcptool/mcperr code, which no corpus server uses; they are not
// planted (docs/recall.md says so).
const (
	RuleToolErrorAsProtocol = "tool-error-as-protocol-error"
	RuleResultAndError      = "result-and-error"
	RuleNilResultNilError   = "nil-result-nil-error"
	RulePreserveCause       = "preserve-cause-on-rethrow"
	RuleNoStringify         = "no-stringify-upstream-error"
	RuleStructuredOnError   = "structured-content-on-error"
	RuleWrappedProtocol     = "wrapped-protocol-error"
	RuleResourceNotFound    = "resource-not-found-error"
	RuleTypedNil            = "typed-nil-error"
)

// Rules lists the planted rules in report order.
var Rules = []string{
	RuleToolErrorAsProtocol, RuleResultAndError, RuleNilResultNilError, RulePreserveCause,
	RuleNoStringify, RuleStructuredOnError, RuleWrappedProtocol, RuleResourceNotFound, RuleTypedNil,
}

// Import paths the mutants may add, under aliases no server uses.
const (
	aliasFmt = "mutfmt"
	aliasMCP = "mutmcp"
	aliasIO  = "mutio"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// Mutant is one planted defect.
type Mutant struct {
	ID      int
	Server  string
	Rule    string
	Op      string // the operator, with the server's shape it used
	Shape   string
	File    string // slash path relative to the module
	Line    int    // first line of the mutated statement
	End     int    // last line
	Func    string
	fn      *function
	edits   []edit
	import_ map[string]string // alias → path
	decl    string
	status  string
	// Mutated is the planted statement, whitespace collapsed, for the miss list.
	Mutated string
}

func (m *Mutant) String() string {
	return fmt.Sprintf("%s\t%s:%d\t%s\t%s\t%s\t%s", m.Server, m.File, m.Line, m.Rule, m.Shape, m.Op, m.Mutated)
}

// mutatedText is the statement with its edits applied, on one line, at most 220 bytes.
func mutatedText(f *fileInfo, st ast.Stmt, edits []edit) string {
	start, end := f.off(st.Pos()), f.off(st.End())
	src := string(f.src[start:end])
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(a, b edit) int { return b.start - a.start })
	for _, e := range sorted {
		if e.start < start || e.end > end {
			continue
		}
		src = src[:e.start-start] + e.text + src[e.end-start:]
	}
	src = strings.Join(strings.Fields(strings.ReplaceAll(src, "MUTID", "")), " ")
	if len(src) > 220 {
		src = src[:217] + "..."
	}
	return src
}

// operators builds, for one return statement, at most one mutant per rule.
func operators(s *Server, r *ret) []*Mutant {
	var out []*Mutant
	add := func(rule, op string, edits []edit, imports map[string]string, decl string) {
		if edits == nil {
			return
		}
		for _, e := range edits {
			if e.start < 0 {
				return
			}
		}
		f := r.fn.file
		out = append(out, &Mutant{
			Server: s.Name, Rule: rule, Op: op, Shape: r.fn.shape, File: f.rel,
			Line: f.line(r.stmt.Pos()), End: f.line(r.stmt.End()), Func: r.fn.name,
			fn: r.fn, edits: edits, import_: imports, decl: decl,
			Mutated: mutatedText(f, r.stmt, edits),
		})
	}
	fn := r.fn
	res := r.stmt.Results
	f := fn.file
	nres := fn.sig.Results().Len()
	if len(res) != nres && len(res) != 1 {
		return nil // a naked return of named results
	}
	last := func() ast.Expr { return res[len(res)-1] }
	pointerResult := fn.kind != kindOwn || fn.resultDropped

	// tool-error-as-protocol-error: where an argument failed to decode, the model's problem is
	// returned as an error the server's wire turns into a JSON-RPC error. A typed-signature
	// function on such a wire (github's) returns nil for its output, where nil is a value of it.
	failPrefix := "return nil, "
	if nres == 3 {
		failPrefix = "return nil, nil, "
	}
	protocolFailure := fn.wire == WireProtocol && fn.kind != kindResource && pointerResult &&
		(nres == 2 || nres == 3 && fn.kind == kindTyped && nilable(fn.sig.Results().At(1).Type()))
	if protocolFailure && r.errVar != "" && decodesArguments(fn, r.errAssign) && returnsToolError(r) {
		add(RuleToolErrorAsProtocol, "arg-error-returned", replaceStmt(f, r.stmt, failPrefix+r.errVar), nil, "")
	}

	// ... and where an argument failed a check (`if name == ""`), the same.
	if protocolFailure && r.errVar == "" && r.checkedArg != "" && returnsToolError(r) {
		add(RuleToolErrorAsProtocol, "arg-check-returned", replaceStmt(f, r.stmt,
			fmt.Sprintf("%s%s.Errorf(\"%%s is required\", %q)", failPrefix, aliasFmt, r.checkedArg)), map[string]string{aliasFmt: "fmt"}, "")
	}

	// result-and-error: the tool-error result in an error branch goes out with the error.
	if fn.resultDropped && r.errVar != "" && len(res) == nres && isNil(last()) && !isNil(res[0]) {
		add(RuleResultAndError, "error-beside-result", []edit{replaceNode(f, last(), r.errVar)}, nil, "")
	}

	// nil-result-nil-error: an early return hands the server a nil result and no error.
	// A function that already returns (nil, nil) on some path uses it as a value of its own
	// (github's authorLockdownResult: nil, nil when access is permitted, and its callers test
	// for it), so there it is no defect.
	if fn.wire == WireProtocol && (fn.kind == kindTool || fn.kind == kindOwn && fn.resultDropped) && nres == 2 &&
		r.inIf && !(len(res) == 2 && isNil(res[0]) && isNil(res[1])) && !returnsNilNil(fn) {
		add(RuleNilResultNilError, "early-nil-nil", replaceStmt(f, r.stmt, "return nil, nil"), nil, "")
	}

	if r.errVar != "" {
		if op, edits, imp := preserveCause(s, r); edits != nil {
			add(RulePreserveCause, op, edits, imp, "")
		}
		if op, edits, imp := stringify(r); edits != nil {
			add(RuleNoStringify, op, edits, imp, "")
		}
		if edits := upstreamBody(r); edits != nil {
			add(RuleNoStringify, "raw-response-body", edits, map[string]string{aliasFmt: "fmt", aliasIO: "io"}, "")
		}
	}

	// A typed handler's structured output and a wrapped JSON-RPC error are defects only where
	// the SDK's typed wrapper handles its returns (mcp.AddTool).
	if fn.kind == kindTyped && fn.wire == WireTool && len(res) == 3 {
		if fn.outConcrete && !isNil(res[2]) {
			text := fmt.Sprintf("return &%[1]s.CallToolResult{IsError: true, Content: []%[1]s.Content{&%[1]s.TextContent{Text: (%[2]s).Error()}}}, %[3]s, nil",
				aliasMCP, f.text(res[2]), f.text(res[1]))
			add(RuleStructuredOnError, "iserror-literal-beside-out", replaceStmt(f, r.stmt, text), map[string]string{aliasMCP: goSDKMCP}, "")
		}
		wrapped := fmt.Sprintf("%s.Errorf(\"rejected: %%w\", %s.ResourceNotFoundError(\"mutation://x\"))", aliasFmt, aliasMCP)
		add(RuleWrappedProtocol, "wrap-jsonrpc-error", []edit{replaceNode(f, res[2], wrapped)},
			map[string]string{aliasFmt: "fmt", aliasMCP: goSDKMCP}, "")
	}

	if fn.kind == kindResource && named(fn.sig.Results().At(0).Type(), true, goSDKMCP, "ReadResourceResult") &&
		len(res) == 2 && !isNil(res[1]) {
		add(RuleResourceNotFound, "adhoc-not-found", replaceStmt(f, r.stmt, fmt.Sprintf("return nil, %s.Errorf(\"resource %%s not found\", \"mutation://x\")", aliasFmt)),
			map[string]string{aliasFmt: "fmt"}, "")
	}

	// typed-nil-error: a success return hands back a helper's nil *T as the error.
	if len(res) == nres && isNil(last()) {
		add(RuleTypedNil, "nil-pointer-helper", []edit{replaceNode(f, last(), "mutTypedNilMUTID()")}, nil, typedNilDecl)
	}
	return out
}

// typedNilDecl is appended to the file of a typed-nil-error mutant; MUTID becomes the mutant's ID.
const typedNilDecl = `
type mutTypedNilErrMUTID struct{}

func (*mutTypedNilErrMUTID) Error() string { return "mutant" }

var mutTypedNilFailMUTID bool

func mutTypedNilMUTID() *mutTypedNilErrMUTID {
	if mutTypedNilFailMUTID {
		return &mutTypedNilErrMUTID{}
	}
	return nil
}
`

// returnsToolError: the return hands back a tool-error result with a nil error, inline or
// through a helper call returning both (terraform's `return ToolError(logger, msg, err)`).
func returnsToolError(r *ret) bool {
	res := r.stmt.Results
	if len(res) == 1 {
		_, ok := ast.Unparen(res[0]).(*ast.CallExpr)
		return ok
	}
	return (len(res) == 2 || len(res) == 3) && !isNil(res[0]) && isNil(res[len(res)-1])
}

// returnsNilNil: some return of fn's own body is `return nil, nil` (worked out once per
// function: it is asked for each of its returns).
func returnsNilNil(fn *function) bool {
	if fn.nilNil == nil {
		found := false
		for _, r := range returns(fn) {
			if res := r.stmt.Results; len(res) == 2 && isNil(res[0]) && isNil(res[1]) {
				found = true
			}
		}
		fn.nilNil = &found
	}
	return *fn.nilNil
}

// nilable: nil is a value of t.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer, *types.Map, *types.Slice, *types.Signature, *types.Chan:
		_, isParam := types.Unalias(t).(*types.TypeParam)
		return !isParam
	}
	return false
}

// preserveCause drops the error in hand from what the branch builds, in the first of these
// forms the return has: %w → %v; NewToolResultErrorFromErr(msg, err) → NewToolResultError(msg);
// the server's error helper given nil instead of err; a tool-error text built from err replaced
// by a fixed text; err itself replaced by fmt.Errorf("…: %v", err).
func preserveCause(s *Server, r *ret) (string, []edit, map[string]string) {
	f := r.fn.file
	e := r.errVar
	var op string
	var edits []edit
	var imports map[string]string
	ast.Inspect(r.stmt, func(n ast.Node) bool {
		if edits != nil {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := calleeName(c)
		switch {
		case isPkgFunc(f, c, "fmt", "Errorf") && len(c.Args) >= 2 && mentions(c.Args[1:], e):
			if lit, ok := c.Args[0].(*ast.BasicLit); ok && strings.Contains(lit.Value, "%w") {
				op = "errorf-w-to-v"
				edits = []edit{replaceNode(f, lit, strings.ReplaceAll(lit.Value, "%w", "%v"))}
			}
		case name == "NewToolResultErrorFromErr" && len(c.Args) == 2 && isIdent(c.Args[1], e):
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if ok && !ownTextOfLocalFailure(r, sel) {
				op = "fromerr-to-text-only"
				edits = []edit{replaceNode(f, c, f.text(sel.X)+".NewToolResultError("+f.text(c.Args[0])+")")}
			}
		case s.ErrorHelpers != nil && hasKey(s.ErrorHelpers, name) && s.ErrorHelpers[name] < len(c.Args) && isIdent(c.Args[s.ErrorHelpers[name]], e):
			op = "server-helper-given-nil"
			edits = []edit{replaceNode(f, c.Args[s.ErrorHelpers[name]], "nil")}
		case (name == "NewToolResultError" || name == "NewToolResultErrorf") && mentions(c.Args, e):
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if ok && !ownTextOfLocalFailure(r, sel) {
				op = "tool-error-text-drops-err"
				edits = []edit{replaceNode(f, c, f.text(sel.X)+".NewToolResultError(\"operation failed\")")}
			}
		}
		return edits == nil
	})
	if edits == nil {
		return rebuiltErr(r, "err-rebuilt-with-v", "operation failed: %v")
	}
	return op, edits, imports
}

// ownTextOfLocalFailure: replacing the error with a fixed text of the server's own helper
// (github's utils.NewToolResultError) where the error comes from a call that does no I/O (an
// argument accessor such as RequiredParam, a decoder) is not the defect
// preserve-cause-on-rethrow defines (docs/handlerrules.md): that text usually says all there
// is. A call does I/O when it takes a context.Context or reads an HTTP response's body. The
// mark3labs SDK's own NewToolResultError is the defect wherever it drops the error.
func ownTextOfLocalFailure(r *ret, sel *ast.SelectorExpr) bool {
	f := r.fn.file
	if fn, ok := f.info.Uses[sel.Sel].(*types.Func); !ok || fn.Pkg() == nil || fn.Pkg().Path() == m3MCP {
		return false
	}
	if r.errAssign == nil || len(r.errAssign.Rhs) != 1 {
		return false
	}
	c, ok := ast.Unparen(r.errAssign.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	sig, ok := f.info.TypeOf(c.Fun).(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		if isContext(sig.Params().At(i).Type()) {
			return false
		}
	}
	body := false
	for _, a := range c.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok && s.Sel.Name == "Body" && named(f.info.TypeOf(s.X), true, "net/http", "Response") {
				body = true
			}
			return !body
		})
	}
	return !body
}

// stringify makes the error text carry a %+v dump of the error in hand: the verb formatting it
// in fmt.Errorf/Sprintf becomes %+v; err.Error() becomes fmt.Sprintf("%+v", err); err itself
// becomes fmt.Errorf("upstream: %+v", err).
//
// A text goes into an error or a tool-error text only: fmt.Errorf, or a Sprintf or err.Error()
// inside an `IsError: true` literal or an argument of a call whose name says it builds an error
// result (NewToolResultError, the server's ToolError). A success result's text is not what
// no-stringify-upstream-error defines (docs/handlerrules.md).
func stringify(r *ret) (string, []edit, map[string]string) {
	f := r.fn.file
	e := r.errVar
	var op string
	var edits []edit
	var imports map[string]string
	// errorText: a call with these ancestors is part of an error or tool-error text.
	errorText := func(ancestors []ast.Node) bool {
		for _, n := range ancestors {
			switch n := n.(type) {
			case *ast.CallExpr:
				if strings.Contains(calleeName(n), "Error") {
					return true
				}
			case *ast.CompositeLit:
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "IsError") && isIdent(kv.Value, "true") {
						return true
					}
				}
			}
		}
		return false
	}
	astutil.InspectAncestors(r.stmt, func(n ast.Node, ancestors []ast.Node) bool {
		if edits != nil {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if (isPkgFunc(f, c, "fmt", "Errorf") || isPkgFunc(f, c, "fmt", "Sprintf") && errorText(ancestors)) && len(c.Args) >= 2 {
			lit, ok := c.Args[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			for i, a := range c.Args[1:] {
				if !isIdent(a, e) {
					continue
				}
				if v, ok := replaceVerb(lit.Value, i, "%+v"); ok {
					op = "verb-to-plus-v"
					edits = []edit{replaceNode(f, lit, v)}
				}
				break
			}
			return edits == nil
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && len(c.Args) == 0 && isIdent(sel.X, e) && errorText(ancestors) {
			op = "error-text-to-plus-v"
			edits = []edit{replaceNode(f, c, fmt.Sprintf("%s.Sprintf(\"%%+v\", %s)", aliasFmt, e))}
			imports = map[string]string{aliasFmt: "fmt"}
		}
		return edits == nil
	})
	if edits == nil {
		return rebuiltErr(r, "err-rebuilt-with-plus-v", "upstream: %+v")
	}
	return op, edits, imports
}

// upstreamBody puts the raw body of the upstream response, assigned beside the error in hand
// (`x, resp, err := client.Get(…)`), into the error text: `b, _ := io.ReadAll(resp.Body)` before
// the return, and b where the error's text was.
func upstreamBody(r *ret) []edit {
	if r.errAssign == nil {
		return nil
	}
	f := r.fn.file
	resp := ""
	for _, l := range r.errAssign.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || id.Name == r.errVar {
			continue
		}
		t := f.info.TypeOf(id)
		if t == nil {
			continue
		}
		if v, _, _ := types.LookupFieldOrMethod(t, true, nil, "Body"); v != nil {
			if fv, ok := v.(*types.Var); ok && fv.IsField() && types.TypeString(fv.Type(), nil) == "io.ReadCloser" {
				resp = id.Name
				break
			}
		}
	}
	if resp == "" {
		return nil
	}
	body := "mutBodyMUTID"
	var target ast.Node
	var text string
	ast.Inspect(r.stmt, func(n ast.Node) bool {
		if target != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && len(c.Args) == 0 && isIdent(sel.X, r.errVar) {
				target, text = c, "string("+body+")"
				return false
			}
		}
		return true
	})
	if target == nil {
		if id := directUse(r.stmt, r.errVar); id != nil {
			target, text = id, fmt.Sprintf("%s.Errorf(\"upstream said: %%s\", %s)", aliasFmt, body)
		}
	}
	if target == nil {
		ast.Inspect(r.stmt, func(n ast.Node) bool {
			if target != nil {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && (isPkgFunc(f, c, "fmt", "Errorf") || isPkgFunc(f, c, "fmt", "Sprintf")) {
				for _, a := range c.Args[1:] {
					if isIdent(a, r.errVar) {
						target, text = a, "string("+body+")"
						return false
					}
				}
			}
			return true
		})
	}
	if target == nil {
		return nil
	}
	at := f.off(r.stmt.Pos())
	return []edit{
		{at, at, fmt.Sprintf("%s, _ := %s.ReadAll(%s.Body); ", body, aliasIO, resp)},
		replaceNode(f, target, text),
	}
}

// replaceVerb replaces the i-th formatting verb of a quoted format literal.
func replaceVerb(quoted string, i int, verb string) (string, bool) {
	s, err := strconv.Unquote(quoted)
	if err != nil {
		return "", false
	}
	n := 0
	for k := 0; k < len(s); k++ {
		if s[k] != '%' {
			continue
		}
		j := k + 1
		if j < len(s) && s[j] == '%' {
			k = j
			continue
		}
		for j < len(s) && strings.ContainsRune("+-# 0123456789.*[]", rune(s[j])) {
			j++
		}
		if j >= len(s) {
			return "", false
		}
		if n == i {
			if !strings.ContainsRune("vsw", rune(s[j])) {
				return "", false
			}
			return strconv.Quote(s[:k] + verb + s[j+1:]), true
		}
		n++
		k = j
	}
	return "", false
}

// rebuiltErr is the last form both preserveCause and stringify try: the error in hand,
// returned as it is, becomes fmt.Errorf(format, err). The mutation is op, or none when the
// return does not hand the error on as it is.
func rebuiltErr(r *ret, op, format string) (string, []edit, map[string]string) {
	id := directUse(r.stmt, r.errVar)
	if id == nil {
		return "", nil, nil
	}
	return op, []edit{replaceNode(r.fn.file, id, fmt.Sprintf("%s.Errorf(%q, %s)", aliasFmt, format, r.errVar))}, map[string]string{aliasFmt: "fmt"}
}

// directUse finds err used as is: a result of the return or an argument of a call in it
// (not inside fmt.Errorf/Sprintf, which the operators above handle).
func directUse(stmt *ast.ReturnStmt, e string) *ast.Ident {
	for _, r := range stmt.Results {
		if id, ok := ast.Unparen(r).(*ast.Ident); ok && id.Name == e {
			return id
		}
	}
	var found *ast.Ident
	ast.Inspect(stmt, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if name := calleeName(c); name == "Errorf" || name == "Sprintf" || name == "Wrap" || name == "Wrapf" {
			return false
		}
		for _, a := range c.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && id.Name == e {
				found = id
				return false
			}
		}
		return true
	})
	return found
}

func hasKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

func isIdent(e ast.Expr, name string) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == name
}

func mentions(es []ast.Expr, name string) bool {
	found := false
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				found = true
			}
			return !found
		})
	}
	return found
}

func isPkgFunc(f *fileInfo, c *ast.CallExpr, path, name string) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	obj, ok := f.info.Uses[sel.Sel].(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == path
}

// replaceNode replaces an expression, keeping the line count: missing newlines go right after
// the first "(" of the new text, where no semicolon is inserted. An edit that cannot keep the
// count has start -1 and the mutant is not built.
func replaceNode(f *fileInfo, n ast.Node, text string) edit {
	start, end := f.off(n.Pos()), f.off(n.End())
	old := strings.Count(string(f.src[start:end]), "\n")
	nw := strings.Count(text, "\n")
	switch {
	case nw == old:
	case nw < old && strings.Contains(text, "("):
		i := strings.Index(text, "(") + 1
		text = text[:i] + strings.Repeat("\n", old-nw) + text[i:]
	default:
		return edit{-1, -1, ""}
	}
	return edit{start, end, text}
}

// replaceStmt replaces a whole statement, padding with newlines so that every later line keeps
// its number. It gives nil when the new text has more lines than the old.
func replaceStmt(f *fileInfo, st ast.Stmt, text string) []edit {
	start, end := f.off(st.Pos()), f.off(st.End())
	old := strings.Count(string(f.src[start:end]), "\n")
	nw := strings.Count(text, "\n")
	if nw > old {
		return nil
	}
	return []edit{{start, end, text + strings.Repeat("\n", old-nw)}}
}
