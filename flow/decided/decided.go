// Package decided tells a failure answered on purpose from one whose cause is dropped: a
// branch taken after the failure that decides the case on something else than its nil test
// (another condition, or what the failure is), asked on the flow engine's SSA. It knows no SDK.
package decided

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/flow"
)

// Otherwise reports whether a branch taken after the errors in hand arose decides that
// b runs where something else than their nil test holds: another condition (`if tenant == ""
// { return errors.New("tenant not configured") }`, `if !allowed(p)`, a call that does not
// read the failure: the new error reports that), or what the
// failure is (os.IsNotExist(err), a 404 status of it, errors.Is: the classified failure is
// translated on purpose, and its text says what happened). Where the test does not hold
// (`if errors.Is(err, errNotFound) { return nil }; return errors.New("lookup failed")`, `if
// !os.IsNotExist(err) {...}`), b builds the generic failure, and dropping the cause there is
// the mistake.
func Otherwise(b *ssa.BasicBlock, inHand []ssa.Value) bool {
	for _, cond := range flow.Controlling(b) {
		after := false
		for _, v := range inHand {
			if vb := flow.CallOf(flow.Core(v)).Block(); vb != nil && vb.Dominates(cond.If.Block()) {
				after = true
			}
		}
		if !after {
			continue // a branch the failure merely happened inside of
		}
		if !flow.IsNilTestOf(cond.Value, inHand) && (holdsOn(cond) || !dependsOnAny(cond.Value, inHand)) {
			return true
		}
	}
	return classifiedBefore(inHand)
}

// classifiedBefore reports whether one of the failures in hand arose only where another was
// classified first (`if _, ok := err.(*AcceptedError); ok { _, getErr := get(); ... }`): what
// happens in that case, the second failure included, is answered on purpose.
func classifiedBefore(inHand []ssa.Value) bool {
	for _, v := range inHand {
		call := flow.CallOf(flow.Core(v))
		if call == nil {
			continue
		}
		for _, cond := range flow.Controlling(call.Block()) {
			for _, u := range inHand {
				if u == v || flow.IsNilTestOf(cond.Value, []ssa.Value{u}) || !flow.DependsOn(cond.Value, flow.Core(u)) {
					continue
				}
				if _, isCmp := cond.Value.(*ssa.BinOp); !isCmp && holdsOn(cond) {
					return true
				}
			}
		}
	}
	return false
}

// holdsOn reports whether the block cond controls runs where cond's test, read without its
// negations, holds. A classification (os.IsNotExist(err), errors.Is) holds on one side only;
// a comparison (`tenant == ""`, `ctx.Err() != nil`, a status code) decides either way: each
// side is a case the new error can name.
func holdsOn(cond flow.Condition) bool {
	holds, v := cond.Taken, cond.Value
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.NOT {
				holds, v = !holds, x.X
				continue
			}
		case *ssa.BinOp:
			return true
		}
		return holds
	}
}

// dependsOnAny reports whether cond is computed from one of the failures: a test of what
// the failure is (os.IsNotExist(err)) rather than another condition
// (`!allowed(parent)`), which decides either way.
func dependsOnAny(cond ssa.Value, inHand []ssa.Value) bool {
	for _, v := range inHand {
		if flow.DependsOn(cond, v) || flow.DependsOn(cond, flow.Core(v)) {
			return true
		}
	}
	return false
}
