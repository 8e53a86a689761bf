package handlerrules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/handlerrules/credentials"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) SecretInModelText() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "secret-in-model-text", Severity: rule.Error, SDKs: rule.PlainSDKs,
		Title: "a credential reaches text the model reads",
		Run:   secretInModelText,
	}, (*kinds).credentialed)
}

// secretInModelText: a credential (an environment variable or a field that holds one, an
// outgoing request's headers, the URL of a request that carries one and the *url.Error of
// that request) reaches text the model reads: the error of a tool handler whose errors
// become tool results (go-sdk typed handlers, a converting middleware), a tool result's or
// an error result's text, content text, resource contents. The text goes to the model
// verbatim, and from there into transcripts, logs and other tools' arguments.
func secretInModelText(p *rule.Pass, _ *mcpdefs.Result, hs []*handler) {
	s, _ := p.ResultOf[credentials.Analyzer].(*credentials.Result)
	fl, _ := p.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
	if s == nil || fl == nil {
		return
	}
	r := &secretReporter{p: p, s: s, origins: map[string]bool{}}
	for _, h := range hs {
		// mcptool redacts error text by default; resource and prompt handlers' errors are
		// JSON-RPC errors.
		if h.Kind != mcpmodel.Tool || h.SDK == sdkapi.MCPTool || h.ErrorIndex < 0 {
			continue
		}
		h.paths(func(ret *ast.ReturnStmt, path *flow.Path) {
			if path.Results[h.ErrorIndex].Nil == flow.Nil {
				return
			}
			if !h.ErrorsConverted && h.ErrorModeOf(p.TypesInfo, result(ret, h.ErrorIndex)) != mcpmodel.ToolError {
				return
			}
			r.check(ret.Pos(), path.Results[h.ErrorIndex].Value, sdkapi.ErrorText)
		})
	}
	fns := fl.Functions()
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		if astutil.TestSupport(p.Fset, p.Files, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				r.sink(instr)
			}
		}
	}
	r.flush()
}

// leak is one credential reaching model text, before duplicates are dropped.
type leak struct {
	pos    token.Pos
	origin string
	msg    string
}

// flush reports the leaks in source order, one per line, and one per origin in another
// package: the first place in this package where that credential reaches the model.
func (r *secretReporter) flush() {
	sort.SliceStable(r.leaks, func(i, j int) bool { return r.leaks[i].pos < r.leaks[j].pos })
	lines := map[string]bool{}
	for _, l := range r.leaks {
		p := r.p.Fset.PositionFor(l.pos, false)
		line := p.Filename + ":" + strconv.Itoa(p.Line)
		if lines[line] || (l.origin != "" && r.origins[l.origin]) {
			continue
		}
		lines[line] = true
		if l.origin != "" {
			r.origins[l.origin] = true
		}
		r.p.Report(rule.Span{Start: l.pos, Stop: l.pos}, l.msg)
	}
}

// secretReporter reports, for one package, the credentials that reach model text, one
// finding per line.
type secretReporter struct {
	p       *rule.Pass
	s       *credentials.Result
	origins map[string]bool
	leaks   []leak
}

// check reports v when its text carries a credential; at is where the text reaches the
// model (a return, a call, a store).
func (r *secretReporter) check(at token.Pos, v ssa.Value, text sdkapi.ModelText) {
	found := r.s.Find(v, text == sdkapi.ErrorText)
	if found == nil {
		return
	}
	pos, origin := credentials.Enters(found.Chain, at), found.Origin
	if found.At.IsValid() {
		pos = found.At
	}
	verb := "reaches"
	if strings.HasSuffix(found.Name, "headers") {
		verb = "reach"
	}
	// A credential another package's function carries is reported once per package, where
	// it first reaches the model; the message names the line to change there (flush).
	r.leaks = append(r.leaks, leak{pos: pos, origin: origin, msg: fmt.Sprintf("%s %s the model in %s; redact it", found.Name, verb, text)})
}

// sink checks an instruction that puts text where the model reads it.
func (r *secretReporter) sink(instr ssa.Instruction) {
	switch x := instr.(type) {
	case *ssa.Call:
		text, args, ok := sdkapi.ModelTextArgs(flow.Callee(x))
		if !ok {
			return
		}
		for _, i := range args {
			if i < len(x.Call.Args) {
				r.check(flow.NodeStart(x.Parent(), x.Pos()), x.Call.Args[i], text)
			}
		}
	case *ssa.Store:
		fa, ok := x.Addr.(*ssa.FieldAddr)
		if !ok {
			return
		}
		t := fa.X.Type()
		if ptr, ok := t.Underlying().(*types.Pointer); ok {
			t = ptr.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return
		}
		if text, ok := sdkapi.ModelTextField(fa.X.Type(), st.Field(fa.Field).Name()); ok {
			pos := x.Pos()
			if !pos.IsValid() {
				pos = fa.Pos()
			}
			r.check(flow.NodeStart(x.Parent(), pos), x.Val, text)
		}
	}
}
