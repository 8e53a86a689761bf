// Package unknownreason holds tools whose handlers fail with reasons their contracts do not declare, with near misses that must stay silent.
package unknownreason

import (
	"context"
	"errors"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"

	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/shared"
)

type (
	In  = shared.In
	Out = shared.Out
)

const recovery = shared.Recovery

// Intercepted handles the store's NotFound apart with errors.Is and fails with its declared
// reason: returning err afterwards no longer returns NotFound, so nothing is reported.
func Intercepted(svc *service.Service) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "intercepted",
		Errors: []mcptool.ErrorContract{
			{Reason: "missing", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			v, err := svc.Lookup(in.ID)
			if err != nil {
				if errors.Is(err, mcperr.CodeNotFound) {
					return Out{}, call.Fail("missing", "no item "+in.ID)
				}
				return Out{}, err
			}
			return Out{Value: v}, nil
		},
	}
}

// DynamicReason fails with a reason from its input: not checked, not guessed.
var DynamicReason = mcptool.Tool[In, Out]{
	Name: "dynamic_reason",
	Errors: []mcptool.ErrorContract{
		{Reason: "a_reason", Code: mcperr.CodeConflict, When: "A happened.", Recovery: "Do the thing that fixes A, then retry."},
		{Reason: "b_reason", Code: mcperr.CodeConflict, When: "B happened.", Recovery: "Do the thing that fixes B, then retry."},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		return Out{}, call.Fail(in.Reason, "")
	},
}

// Typos fails with reasons its contract does not declare.
var Typos = mcptool.Tool[In, Out]{
	Name: "typos",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		switch in.ID {
		case "":
			return Out{}, call.Fail("no_itme", "", // want `call\.Fail\("no_itme", \.\.\.\) names a reason the tool's error contract does not declare \(declared: "no_item"\).*did you mean "no_item"\?`
				call.RecoveryFor("unheard_of")) // want `call\.RecoveryFor\("unheard_of"\) names a reason.*adds no recovery hint`
		case "x":
			return Out{}, mcptool.CallFrom(ctx).Fail("elsewhere", "") // want `call\.Fail\("elsewhere", \.\.\.\) names a reason.*declare "elsewhere" in Errors`
		case "y":
			go func() {
				_ = call.Fail("in_goroutine", "") // want `call\.Fail\("in_goroutine", \.\.\.\)`
			}()
		}
		return Out{}, call.Fail("no_item", "", call.RecoveryFor("no_item"))
	},
}

// NoContract declares no contract: Fail always fails, while returning an undeclared code is
// not a conformance question.
var NoContract = mcptool.Tool[In, Out]{
	Name: "no_contract",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, call.Fail("anything", "") // want `call\.Fail\("anything", \.\.\.\) names a reason but the tool declares no error contract`
		}
		return Out{}, mcperr.NotFound("no item")
	},
}
