package handlerrules

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcplint-go/mcplint/flow/inputs"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/vocab"
)

func (rules) ArgumentPanic() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "argument-panic", Severity: rule.Error, SDKs: rule.PlainSDKs,
		Title: "a value from the model's arguments can panic the handler",
		Run:   argumentPanic,
	}, (*kinds).handlerBodies)
}

// argumentPanic: a tool handler asserts the type of a value taken from the model's arguments
// without the comma-ok form (args["name"].(string)), or indexes a slice from them with a
// constant without testing its length. A model that sends a number, or one element too few,
// panics the handler; what the client then gets (the server process exits and every session
// with it, or a JSON-RPC error) is the measured wire table's answer for the SDK version the
// module pins and whether the package installs recovery. The values are followed on SSA from
// the request's raw arguments (req.Params.Arguments, GetArguments(), a map json.Unmarshal
// fills from them, a typed input) through map reads, assertions, ranges, fields, locals and
// into the package's own helpers, where the finding is at the helper's line.
func argumentPanic(p *rule.Pass, defs *mcpdefs.Result, hs []*handler) {
	recovery := map[sdkapi.SDK]mcpmodel.Recovery{}
	if defs.RecoversPanics(p.Files) {
		recovery[sdkapi.GoSDK], recovery[sdkapi.MarkLabs] = mcpmodel.RecoveryOn, mcpmodel.RecoveryOn
	} else {
		for _, s := range defs.Servers {
			recovery[s.SDK] = mcpmodel.RecoveryOff
		}
	}
	reported := map[token.Pos]bool{}
	for _, h := range hs {
		if h.Kind != mcpmodel.Tool || h.flow == nil {
			continue
		}
		outcome := h.PanicOutcome(recovery[h.SDK])
		if outcome == "" {
			continue
		}
		fn := h.flow.Function(h.Node)
		if fn == nil || inputs.RecoversItself(fn) {
			continue
		}
		src := inputs.Sources{Field: vocab.IsArgumentsField, Method: vocab.IsArgumentsMethod}
		for _, prm := range fn.Params {
			// A typed input, and an adapted function's map of the arguments an adapter of the
			// module hands it.
			if h.Input != nil && prm.Object() == h.Input || h.Adapted && isArgumentMap(prm.Type()) {
				src.Params = append(src.Params, prm)
			}
		}
		for _, site := range inputs.Panics(fn, src) {
			if reported[site.Pos] {
				continue
			}
			reported[site.Pos] = true
			node := panicNode(site)
			if node == nil {
				continue
			}
			text := types.ExprString(node)
			if site.Kind == inputs.Assertion {
				p.Reportf(node, "%s panics on another type: %s; use the two-value form", text, outcome)
			} else {
				p.Reportf(node, "%s panics on a shorter list: %s; test its length first", text, outcome)
			}
		}
	}
}

// isArgumentMap reports whether t is map[string]any, the shape decoded arguments take.
func isArgumentMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	if !ok || k.Kind() != types.String {
		return false
	}
	i, ok := m.Elem().Underlying().(*types.Interface)
	return ok && i.Empty()
}

// panicNode is the assertion or index expression of site, found in its function's syntax.
func panicNode(site inputs.Site) ast.Expr {
	fn := site.Instr.Parent()
	if fn == nil || fn.Syntax() == nil {
		return nil
	}
	var found ast.Expr
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.TypeAssertExpr:
			if site.Kind == inputs.Assertion && x.Lparen == site.Pos {
				found = x
			}
		case *ast.IndexExpr:
			if site.Kind == inputs.Index && x.Lbrack == site.Pos {
				found = x
			}
		}
		return found == nil
	})
	return found
}
