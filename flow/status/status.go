// Package status finds the failure an upstream call reports in a successful response: an HTTP
// client returns a response and a nil error for a 404 or a 500, and the handler learns of the
// failure from the response's status code (`if resp.StatusCode != http.StatusOK { return nil,
// fmt.Errorf(...) }`). Failure finds such a check above a block, on the flow engine's SSA. It
// knows no SDK.
package status

import (
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// Failure is, for block b of fn, the call that returned the response whose status code
// a branch b lies on the failing side of (the side a 200 does not take): a field or method
// named StatusCode, of an integer type, compared with a constant. Nil when there is none.
func Failure(fn *ssa.Function, b *ssa.BasicBlock) *ssa.Call {
	if fn == nil || b == nil {
		return nil
	}
	for d, cmp := range comparisonsAbove(b) {
		status, c := cmp.X, cmp.Y
		op := cmp.Op
		if _, isConst := status.(*ssa.Const); isConst {
			status, c, op = cmp.Y, cmp.X, mirror(cmp.Op)
		}
		k, ok := c.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
			continue
		}
		resp := statusOf(status)
		if resp == nil {
			continue
		}
		// The successor a 200 does not take is the failing side.
		failing := d.Succs[1]
		if !holds(op, k.Value) {
			failing = d.Succs[0]
		}
		if onlyThrough(d, failing, b) {
			return resp
		}
	}
	return nil
}

// Missing is, for block b of fn, the call that decoded a response into a variable a branch
// above b finds a field of nil in (`if query.Stack == nil` after `client.Query(ctx, &query,
// vars)`: what was asked for is not there), among the calls leaves admits (those that leave
// the process). A field named for an error (`out.Error != nil`) fails on its non-nil side.
// Nil when there is none.
func Missing(fn *ssa.Function, b *ssa.BasicBlock, leaves func(*ssa.Call) bool) *ssa.Call {
	if fn == nil || b == nil {
		return nil
	}
	for d, cmp := range comparisonsAbove(b) {
		if cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		field, k := cmp.X, cmp.Y
		if _, isConst := field.(*ssa.Const); isConst {
			field, k = cmp.Y, cmp.X
		}
		if c, ok := k.(*ssa.Const); !ok || !c.IsNil() {
			continue
		}
		root, name := decodedField(field)
		if root == nil {
			continue
		}
		call := decodedBy(root, d, leaves)
		if call == nil {
			continue
		}
		failing := d.Succs[0] // the side where the field is nil
		if cmp.Op == token.NEQ {
			failing = d.Succs[1]
		}
		if strings.Contains(strings.ToLower(name), "err") {
			failing = otherSucc(d, failing)
		}
		if onlyThrough(d, failing, b) {
			return call
		}
	}
	return nil
}

// decodedField is the local variable whose field v reads, through fields of fields
// (`query.Stack`, `out.Data.User`), and the name of the field read; nil otherwise.
func decodedField(v ssa.Value) (*ssa.Alloc, string) {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, ""
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, ""
	}
	name := fieldName(fa.X.Type(), fa.Field)
	for x := fa.X; ; {
		switch y := x.(type) {
		case *ssa.FieldAddr:
			x = y.X
		case *ssa.Alloc:
			return y, name
		default:
			return nil, ""
		}
	}
}

// decodedBy is a call given root's address, above d, that leaves admits: the call that
// filled it.
func decodedBy(root *ssa.Alloc, d *ssa.BasicBlock, leaves func(*ssa.Call) bool) *ssa.Call {
	uses := []ssa.Value{root}
	for _, ref := range *root.Referrers() {
		if mi, ok := ref.(*ssa.MakeInterface); ok {
			uses = append(uses, mi)
		}
	}
	for _, u := range uses {
		for _, ref := range *u.Referrers() {
			c, ok := ref.(*ssa.Call)
			if ok && c.Block().Dominates(d) && slices.Contains(c.Call.Args, u) && leaves(c) {
				return c
			}
		}
	}
	return nil
}

// comparisonsAbove yields the blocks that dominate b and branch on a comparison, nearest
// first, with the comparison.
func comparisonsAbove(b *ssa.BasicBlock) iter.Seq2[*ssa.BasicBlock, *ssa.BinOp] {
	return func(yield func(*ssa.BasicBlock, *ssa.BinOp) bool) {
		for d := b.Idom(); d != nil; d = d.Idom() {
			ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
			if !ok || len(d.Succs) != 2 {
				continue
			}
			if cmp, ok := ifi.Cond.(*ssa.BinOp); ok && !yield(d, cmp) {
				return
			}
		}
	}
}

// onlyThrough reports whether b is reached from d's branch only by its successor side.
func onlyThrough(d, side, b *ssa.BasicBlock) bool {
	return side.Dominates(b) && !otherSucc(d, side).Dominates(b)
}

// holds reports whether `200 op k` is true.
func holds(op token.Token, k constant.Value) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.Compare(constant.MakeInt64(200), op, k)
	}
	return false
}

func otherSucc(d, s *ssa.BasicBlock) *ssa.BasicBlock {
	if d.Succs[0] == s {
		return d.Succs[1]
	}
	return d.Succs[0]
}

// mirror is the comparison with its operands swapped: k < x is x > k.
func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// statusOf is the call that returned the value whose status code v is: `resp.StatusCode`
// (a field, through a pointer or not) or `resp.StatusCode()`, of an integer type, with resp a
// call's result. Nil otherwise.
func statusOf(v ssa.Value) *ssa.Call {
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil
	}
	var x ssa.Value
	switch s := flow.Core(v).(type) {
	case *ssa.UnOp:
		fa, ok := s.X.(*ssa.FieldAddr)
		if !ok || s.Op != token.MUL || fieldName(fa.X.Type(), fa.Field) != "StatusCode" {
			return nil
		}
		x = fa.X
	case *ssa.Field:
		if fieldName(s.X.Type(), s.Field) != "StatusCode" {
			return nil
		}
		x = s.X
	case *ssa.Call:
		if s.Call.IsInvoke() && s.Call.Method.Name() == "StatusCode" {
			x = s.Call.Value
		} else if callee := s.Call.StaticCallee(); callee != nil && callee.Name() == "StatusCode" && len(s.Call.Args) == 1 {
			x = s.Call.Args[0]
		}
	}
	if x == nil {
		return nil
	}
	if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
		x = load.X
	}
	if a, ok := x.(*ssa.Alloc); ok {
		// A response a closure captures (`defer func() { resp.Body.Close() }()`) lives in a
		// cell: the value stored into it once.
		if vals := flow.Stored(a); len(vals) == 1 {
			if load, ok := vals[0].(*ssa.UnOp); ok && load.Op == token.MUL {
				return nil
			}
			x = vals[0]
		}
	}
	return flow.CallOf(flow.Core(x))
}

// fieldName is the name of field i of the struct t is or points to.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return ""
	}
	return s.Field(i).Name()
}
