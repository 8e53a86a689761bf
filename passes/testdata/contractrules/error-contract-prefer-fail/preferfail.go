// Package preferfail holds tools that return declared codes through factories instead of
// call.Fail, with near misses that must stay silent.
package preferfail

import (
	"context"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/shared"
)

// PreferFactory returns its one NotFound reason through a factory.
var PreferFactory = mcptool.Tool[shared.In, shared.Out]{
	Name: "prefer_factory",
	Errors: []mcptool.ErrorContract{
		{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		_ = mcperr.NotFound("built and dropped")
		if in.ID == "" {
			return shared.Out{}, mcperr.NotFound("no item " + in.ID) // want `mcperr\.NotFound builds a NotFound error the contract declares as reason "no_item".*use call\.Fail\("no_item", msg, \.\.\.\)`
		}
		return shared.Out{}, mcperr.New(mcperr.CodeNotFound, "gone") // want `mcperr\.New builds a NotFound error`
	},
}

// PreferTwo has two reasons for one code.
var PreferTwo = mcptool.Tool[shared.In, shared.Out]{
	Name: "prefer_two",
	Errors: []mcptool.ErrorContract{
		{Reason: "a_missing", Code: mcperr.CodeNotFound, When: "A is missing.", Recovery: "Create A first, then call again."},
		{Reason: "b_missing", Code: mcperr.CodeNotFound, When: "B is missing.", Recovery: "Create B first, then call again."},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		if in.ID == "a" {
			return shared.Out{}, mcperr.NotFound("no a", mcperr.WithReason("a_missing")) // want `declares as reasons "a_missing", "b_missing"`
		}
		return shared.Out{}, mcperr.NotFound("no b", mcperr.WithReason("b_missing")) // want `declares as reasons "a_missing", "b_missing"`
	},
}

// PreferBaseline declares a baseline code, so returning it through a factory is reported;
// an undeclared baseline code is not.
var PreferBaseline = mcptool.Tool[shared.In, shared.Out]{
	Name: "prefer_baseline",
	Errors: []mcptool.ErrorContract{
		{Reason: "upstream_down", Code: mcperr.CodeServiceUnavailable, When: "The upstream is down.", Recovery: "Wait a minute, then call the tool again.", Retryable: true},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		if in.ID == "slow" {
			return shared.Out{}, mcperr.Timeout("slow")
		}
		return shared.Out{}, mcperr.ServiceUnavailable("down", mcperr.WithReason("upstream_down")) // want `mcperr\.ServiceUnavailable builds a ServiceUnavailable error`
	},
}

// PreferUnnamed cannot be fixed: the handler does not name its Call.
var PreferUnnamed = mcptool.Tool[shared.In, shared.Out]{
	Name: "prefer_unnamed",
	Errors: []mcptool.ErrorContract{
		{Reason: "upstream_down", Code: mcperr.CodeServiceUnavailable, When: "The upstream is down.", Recovery: "Wait a minute, then call the tool again.", Retryable: true},
	},
	Handler: func(ctx context.Context, _ *mcptool.Call, in shared.In) (shared.Out, error) {
		return shared.Out{}, mcperr.ServiceUnavailable("down", mcperr.WithReason("upstream_down")) // want `mcperr\.ServiceUnavailable builds a ServiceUnavailable error`
	},
}
