// Package conformance holds tools whose handlers can return codes their contracts do not declare, through the service and store packages, with near misses that must stay silent.
package conformance

import (
	"context"
	"errors"

	"github.com/mcplint/mcplint/mcperr"
	"github.com/mcplint/mcplint/mcptool"

	"fixtures/contractrules/conformance/plain"
	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/conformance/store"
	"fixtures/contractrules/shared"
)

type (
	In  = shared.In
	Out = shared.Out
)

const recovery = shared.Recovery

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
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup \(built by mcperr\.NotFound in store\.\(\*Store\)\.Get at store/store\.go:29\), but the contract declares no NotFound entry; declare one`
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
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: recovery},
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
		if err := check(); err != nil { // want `Forbidden enters the handler here through check \(built by mcperr\.Forbidden in a function literal in package conformance at error-contract-conformance/conformance\.go:\d+\)`
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

// NoContract declares no contract: Fail always fails, while returning an undeclared code is
// not a conformance question.
var NoContract = mcptool.Tool[In, Out]{
	Name: "no_contract",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, call.Fail("anything", "")
		}
		return Out{}, mcperr.NotFound("no item")
	},
}
