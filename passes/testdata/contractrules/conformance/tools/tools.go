// Package tools registers the mcptool tools whose handlers reach the service and store
// packages: conformance is checked through both.
package tools

import (
	"context"
	"errors"
	"net/http"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"

	"fixtures/contractrules/conformance/plain"
	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/conformance/store"
)

// In and Out are every tool's types.
type In struct {
	ID     string `json:"id" jsonschema:"the item"`
	Reason string `json:"reason,omitempty" jsonschema:"a reason"`
}

// Out is every tool's output.
type Out struct {
	Value string `json:"value" jsonschema:"the value"`
}

const recovery = "Call list_items to find an existing item."

// GetUndeclared reaches the store's NotFound two packages away and does not declare it.
func GetUndeclared(svc *service.Service) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "get_item_undeclared",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			if in.ID == "" {
				return Out{}, call.Fail("bad_id", "")
			}
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup \(built by mcperr\.NotFound in store\.\(\*Store\)\.Get at store/store\.go:\d+\), but the tool's error contract declares no NotFound entry`
			if err != nil {
				return Out{}, err
			}
			return Out{Value: v}, nil
		},
	}
}

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

var defaultService = &service.Service{Store: &store.Store{}}

// saveHandler is a named function handler.
func saveHandler(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	if err := defaultService.Save(in.ID, in.Reason); err != nil { // want `Conflict enters the handler here through service\.\(\*Service\)\.Save \(built by mcperr\.Conflict in store\.\(\*Store\)\.Put at store/store\.go:\d+\)`
		return Out{}, err
	}
	return Out{Value: in.ID}, nil
}

// Save declares the read-only failure but not the conflict.
var Save = mcptool.Tool[In, Out]{
	Name: "save_item",
	Errors: []mcptool.ErrorContract{
		{Reason: "read_only", Code: mcperr.CodeForbidden, When: "The store is read-only.", Recovery: "Tell the user the store cannot be changed now."},
	},
	Handler: saveHandler,
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
			{Reason: "never_happens", Code: mcperr.CodeConflict, When: "Never.", Recovery: "There is nothing to do about this one."}, // want `reason "never_happens" is declared but nothing the handler can return produces it`
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
			return Out{}, call.Fail("no_itme", "", call.RecoveryFor("unheard_of")) // want `call\.Fail\("no_itme", \.\.\.\) names a reason the tool's error contract does not declare \(declared: "no_item"\).*did you mean "no_item"\?` `call\.RecoveryFor\("unheard_of"\) names a reason.*adds no recovery hint`
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

// Sentinel returns the store's sentinel variable and wraps through store.Wrap.
var Sentinel = mcptool.Tool[In, Out]{
	Name: "sentinel",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		switch in.ID {
		case "":
			return Out{}, call.Fail("bad_id", "")
		case "ro":
			return Out{}, store.ErrReadOnly // want `Forbidden enters the handler here through store\.ErrReadOnly \(built by mcperr\.Forbidden in store\.ErrReadOnly at store/store\.go:\d+\)`
		}
		return Out{}, store.Wrap(mcperr.Unauthorized("no")) // want `the handler returns Unauthorized here \(built by mcperr\.Unauthorized\)`
	},
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
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery}, // want `reason "bad_id" is declared but nothing the handler can return produces it`
	},
	Handler: service.Find, // want `the handler service\.Find can return Conflict \(built by mcperr\.Conflict in service\.Find at service/service\.go:\d+\)`
}

type wrapped struct{ err error }

func (w *wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w *wrapped) Unwrap() error { return w.err }

// Baseline returns baseline codes (silent), an undeclared code from a closure, and one
// inside an error type that unwraps.
var Baseline = mcptool.Tool[In, Out]{
	Name: "baseline",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		check := func() error {
			if in.ID == "" {
				return mcperr.ValidationError("empty id")
			}
			return mcperr.Forbidden("not yours")
		}
		if err := check(); err != nil { // want `Forbidden enters the handler here through check \(built by mcperr\.Forbidden in a function literal in package tools at tools/tools\.go:\d+\)`
			return Out{}, err
		}
		if err := defaultService.Store.Ping(); err != nil {
			return Out{}, err
		}
		if in.Reason == "db" {
			return Out{}, &wrapped{err: mcperr.DatabaseError("db down")} // want `the handler returns DatabaseError here`
		}
		return Out{}, call.Fail("bad_id", "")
	},
}

// UpstreamBusy produces its declared reason only through call.FailHTTP: no
// error-contract-unthrown. A FailHTTP reason the contract lacks is reported like Fail's.
func UpstreamBusy() mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "upstream_busy", Description: "Asks the upstream.",
		Errors: []mcptool.ErrorContract{
			{Reason: "upstream_busy", Code: mcperr.CodeRateLimited, When: "The upstream is rate limiting.", Recovery: "Wait a minute, then call the tool again.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			resp, err := http.Get("https://upstream.test/" + in.ID)
			if err != nil {
				return Out{}, mcperr.ServiceUnavailable("the upstream is unreachable", mcperr.WithCause(err))
			}
			if in.Reason != "" {
				return Out{}, call.FailHTTP("upstream_bsuy", resp) // want `call\.FailHTTP\("upstream_bsuy", \.\.\.\) names a reason.*did you mean "upstream_busy"\?`
			}
			return Out{}, call.FailHTTP("upstream_busy", resp)
		},
	}
}
