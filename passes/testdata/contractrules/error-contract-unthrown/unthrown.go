// Package unthrown holds tools that declare reasons their handlers never produce, with near misses that must stay silent.
package unthrown

import (
	"context"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"

	"fixtures/contractrules/conformance/plain"
	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/shared"
)

type (
	In  = shared.In
	Out = shared.Out
)

const recovery = shared.Recovery

// GetDeclared declares the NotFound, and its reason comes from the store: nothing to report.
func GetDeclared(svc *service.Service) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "get_item",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			v, err := svc.Lookup(in.ID)
			if err != nil {
				return Out{}, err
			}
			if err := plain.Check(v); err != nil {
				return Out{}, err
			}
			return Out{Value: v}, nil
		},
	}
}

// RemoteFetch calls through an interface: the implementation's Unauthorized is not claimed,
// and the declared reason may come from it, so nothing is reported.
func RemoteFetch(svc *service.Service) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "remote_fetch",
		Errors: []mcptool.ErrorContract{
			{Reason: "token_expired", Code: mcperr.CodeUnauthorized, When: "The upstream token expired.", Recovery: "Ask the user to sign in again, then retry."},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			return Out{}, svc.Remote(in.ID)
		},
	}
}

type handlers struct{ svc *service.Service }

func (h *handlers) reserve(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	return Out{}, h.svc.Reserve(3)
}

// Reserve's handler is a method value; one declared reason is never produced.
func Reserve(svc *service.Service) mcptool.Tool[In, Out] {
	h := &handlers{svc: svc}
	return mcptool.Tool[In, Out]{
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
	{Reason: "no_item", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: recovery},
	{Reason: "archive_refused", Code: mcperr.CodeConflict, When: "The item cannot be archived.", Recovery: "Archive the item's children first, then retry."},
}

// LookupShared produces no_item through the store.
func LookupShared(svc *service.Service) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name:   "lookup_shared",
		Errors: sharedErrors, // want `reason "archive_refused" of this shared error contract is never produced by this tool's handler`
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			v, err := svc.Lookup(in.ID)
			return Out{Value: v}, err
		},
	}
}

// ArchiveShared produces archive_refused through the service's call.Fail.
func ArchiveShared() mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name:   "archive_shared",
		Errors: sharedErrors, // want `reason "no_item" of this shared error contract is never produced by this tool's handler`
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			return Out{}, service.Archive(call, in.ID)
		},
	}
}

// Hooked passes a function value to the service: opaque, so the declared reason may be
// produced and nothing is reported.
var Hooked = mcptool.Tool[In, Out]{
	Name: "hooked",
	Errors: []mcptool.ErrorContract{
		{Reason: "hook_failed", Code: mcperr.CodeConflict, When: "The hook failed.", Recovery: "Fix the hook's input, then call the tool again."},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		return Out{}, service.Hook(func() error { return mcperr.Conflict("hook", mcperr.WithReason("hook_failed")) })
	},
}

// External's handler is declared in the service package.
var External = mcptool.Tool[service.In, service.Out]{
	Name: "external",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery}, // want `reason "bad_id" is declared but never produced; produce it or remove it`
	},
	Handler: service.Find,
}
