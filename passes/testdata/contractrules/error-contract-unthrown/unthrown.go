// Package unthrown holds tools that declare reasons their handlers never produce, with near misses that must stay silent.
package unthrown

import (
	"context"
	"net/http"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/conformance/plain"
	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/shared"
)

// GetDeclared declares the NotFound, and its reason comes from the store: nothing to report.
func GetDeclared(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "get_item",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			if err != nil {
				return shared.Out{}, err
			}
			if err := plain.Check(v); err != nil {
				return shared.Out{}, err
			}
			return shared.Out{Value: v}, nil
		},
	}
}

// RemoteFetch calls through an interface: the implementation's Unauthorized is not claimed,
// and the declared reason may come from it, so nothing is reported.
func RemoteFetch(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "remote_fetch",
		Errors: []mcptool.ErrorContract{
			{Reason: "token_expired", Code: mcperr.CodeUnauthorized, When: "The upstream token expired.", Recovery: "Ask the user to sign in again, then retry."},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			return shared.Out{}, svc.Remote(in.ID)
		},
	}
}

type handlers struct{ svc *service.Service }

func (h *handlers) reserve(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
	return shared.Out{}, h.svc.Reserve(3)
}

// Reserve's handler is a method value; one declared reason is never produced.
func Reserve(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	h := &handlers{svc: svc}
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "reserve",
		Errors: []mcptool.ErrorContract{
			{Reason: "quota_exceeded", Code: mcperr.CodeRateLimited, When: "The quota is used up.", Recovery: "Wait a minute, then retry with a smaller count.", Retryable: true},
			{Reason: "never_happens", Code: mcperr.CodeConflict, When: "Never.", Recovery: "There is nothing to do about this one."}, // want `reason "never_happens" is declared but never produced; produce it or remove it`
		},
		Handler: h.reserve,
	}
}

// sharedErrors is one contract for two tools; each produces only one of its reasons.
var sharedErrors = []mcptool.ErrorContract{
	{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: shared.Recovery},
	{Reason: "archive_refused", Code: mcperr.CodeConflict, When: "The item cannot be archived.", Recovery: "Archive the item's children first, then retry."},
}

// LookupShared produces no_item through the store.
func LookupShared(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name:   "lookup_shared",
		Errors: sharedErrors, // want `shared contract reason "archive_refused" is never produced by this tool's handler`
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			return shared.Out{Value: v}, err
		},
	}
}

// ArchiveShared produces archive_refused through the service's call.Fail.
func ArchiveShared() mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name:   "archive_shared",
		Errors: sharedErrors, // want `shared contract reason "no_item" is never produced by this tool's handler`
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			return shared.Out{}, service.Archive(call, in.ID)
		},
	}
}

// Hooked passes a function value to the service: opaque, so the declared reason may be
// produced and nothing is reported.
var Hooked = mcptool.Tool[shared.In, shared.Out]{
	Name: "hooked",
	Errors: []mcptool.ErrorContract{
		{Reason: "hook_failed", Code: mcperr.CodeConflict, When: "The hook failed.", Recovery: "Fix the hook's input, then call the tool again."},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		return shared.Out{}, service.Hook(func() error { return mcperr.Conflict("hook", mcperr.WithReason("hook_failed")) })
	},
}

// External's handler is declared in the service package.
var External = mcptool.Tool[service.In, service.Out]{Name: "external", Handler: service.Find, Errors: []mcptool.ErrorContract{
	{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery}, // want `reason "bad_id" is declared but never produced; produce it or remove it`
}}

// UpstreamBusy produces its declared reason only through call.FailHTTP, which counts as
// producing it: nothing is reported.
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
			return shared.Out{}, call.FailHTTP("upstream_busy", resp)
		},
	}
}
