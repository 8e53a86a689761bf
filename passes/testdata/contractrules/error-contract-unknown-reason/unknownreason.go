// Package unknownreason holds tools whose handlers fail with reasons their contracts do not declare, with near misses that must stay silent.
package unknownreason

import (
	"context"
	"net/http"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/shared"
)

// DynamicReason fails with a reason from its input: not checked, not guessed.
var DynamicReason = mcptool.Tool[shared.In, shared.Out]{
	Name: "dynamic_reason",
	Errors: []mcptool.ErrorContract{
		{Reason: "a_reason", Code: mcperr.CodeConflict, When: "A happened.", Recovery: "Do the thing that fixes A, then retry."},
		{Reason: "b_reason", Code: mcperr.CodeConflict, When: "B happened.", Recovery: "Do the thing that fixes B, then retry."},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		return shared.Out{}, call.Fail(in.Reason, "")
	},
}

// Typos fails with reasons its contract does not declare.
var Typos = mcptool.Tool[shared.In, shared.Out]{
	Name: "typos",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		switch in.ID {
		case "":
			return shared.Out{}, call.Fail("no_itme", "", // want `call\.Fail\("no_itme"\) names a reason its contract lacks \(declared: "no_item"\).*did you mean "no_item"\?`
				call.RecoveryFor("unheard_of")) // want `call\.RecoveryFor\("unheard_of"\) names a reason.*adds no hint`
		case "x":
			return shared.Out{}, mcptool.CallFrom(ctx).Fail("elsewhere", "") // want `call\.Fail\("elsewhere"\) names a reason.*declare it in Errors`
		case "y":
			go func() {
				_ = call.Fail("in_goroutine", "") // want `call\.Fail\("in_goroutine"\)`
			}()
		}
		return shared.Out{}, call.Fail("no_item", "", call.RecoveryFor("no_item"))
	},
}

// NoContract declares no contract: Fail always fails, while returning an undeclared code is
// not a conformance question.
var NoContract = mcptool.Tool[shared.In, shared.Out]{
	Name: "no_contract",
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		if in.ID == "" {
			return shared.Out{}, call.Fail("anything", "") // want `call\.Fail\("anything"\) names a reason but the tool has no contract`
		}
		return shared.Out{}, mcperr.NotFound("no item")
	},
}

// UpstreamBusy fails through call.FailHTTP: a reason the contract lacks is reported like
// Fail's, the declared one is not.
func UpstreamBusy() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "upstream_busy", Description: "Asks the upstream.",
		Errors: []mcptool.ErrorContract{
			{Reason: "upstream_busy", Code: mcperr.CodeRateLimited, When: "The upstream is rate limiting.", Recovery: shared.Recovery, Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			resp, err := http.Get("https://upstream.test/" + in.ID)
			if err != nil {
				return shared.Out{}, mcperr.ServiceUnavailable("the upstream is unreachable", mcperr.WithCause(err))
			}
			if in.Reason != "" {
				return shared.Out{}, call.FailHTTP("upstream_bsuy", resp) // want `call\.FailHTTP\("upstream_bsuy"\) names a reason.*did you mean "upstream_busy"\?`
			}
			return shared.Out{}, call.FailHTTP("upstream_busy", resp)
		},
	}
}
