// Package conformance holds tools whose handlers can return codes their contracts do not declare, through the service and store packages, with near misses that must stay silent.
package conformance

import (
	"context"
	"errors"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/conformance/store"
	"fixtures/contractrules/shared"
)

// GetUndeclared reaches the store's NotFound two packages away and does not declare it.
func GetUndeclared(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "get_item_undeclared",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			if in.ID == "" {
				return shared.Out{}, call.Fail("bad_id", "")
			}
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup \(built by mcperr\.NotFound in store\.\(\*Store\)\.Get at store/store\.go:29\), but the contract declares no NotFound entry; declare one`
			if err != nil {
				return shared.Out{}, err
			}
			return shared.Out{Value: v}, nil
		},
	}
}

// Intercepted handles the store's NotFound apart with errors.Is and fails with its declared
// reason: returning err afterwards no longer returns NotFound, so nothing is reported.
func Intercepted(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "intercepted",
		Errors: []mcptool.ErrorContract{
			{Reason: "missing", Code: mcperr.CodeNotFound, When: "No item has the ID.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			if err != nil {
				if errors.Is(err, mcperr.CodeNotFound) {
					return shared.Out{}, call.Fail("missing", "no item "+in.ID)
				}
				return shared.Out{}, err
			}
			return shared.Out{Value: v}, nil
		},
	}
}

var defaultService = &service.Service{Store: &store.Store{}}

// saveHandler is a named function handler.
func saveHandler(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
	if err := defaultService.Save(in.ID, in.Reason); err != nil { // want `Conflict enters the handler here through service\.\(\*Service\)\.Save \(built by mcperr\.Conflict in store\.\(\*Store\)\.Put at store/store\.go:\d+\)`
		return shared.Out{}, err
	}
	return shared.Out{Value: in.ID}, nil
}

// Save declares the read-only failure but not the conflict.
var Save = mcptool.Tool[shared.In, shared.Out]{
	Name: "save_item",
	Errors: []mcptool.ErrorContract{
		{Reason: "read_only", Code: mcperr.CodeForbidden, When: "The store is read-only.", Recovery: "Tell the user the store cannot be changed now."},
	},
	Handler: saveHandler,
}

// Sentinel returns the store's sentinel variable and wraps through store.Wrap.
var Sentinel = mcptool.Tool[shared.In, shared.Out]{
	Name: "sentinel",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		switch in.ID {
		case "":
			return shared.Out{}, call.Fail("bad_id", "")
		case "ro":
			return shared.Out{}, store.ErrReadOnly // want `Forbidden enters the handler here through store\.ErrReadOnly \(built by mcperr\.Forbidden in store\.ErrReadOnly at store/store\.go:\d+\)`
		}
		return shared.Out{}, store.Wrap(mcperr.Unauthorized("no")) // want `the handler returns Unauthorized here \(built by mcperr\.Unauthorized\)`
	},
}

// External's handler is declared in the service package.
var External = mcptool.Tool[service.In, service.Out]{
	Name: "external",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: service.Find, // want `the handler service\.Find can return Conflict \(built by mcperr\.Conflict in service\.Find at service/service\.go:\d+\)`
}

type wrapped struct{ err error }

func (w *wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w *wrapped) Unwrap() error { return w.err }

// Baseline returns baseline codes (silent), an undeclared code from a closure, and one
// inside an error type that unwraps.
var Baseline = mcptool.Tool[shared.In, shared.Out]{
	Name: "baseline",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		check := func() error {
			if in.ID == "" {
				return mcperr.ValidationError("empty id")
			}
			return mcperr.Forbidden("not yours")
		}
		if err := check(); err != nil { // want `Forbidden enters the handler here through check \(built by mcperr\.Forbidden in a function literal in package conformance at error-contract-conformance/conformance\.go:\d+\)`
			return shared.Out{}, err
		}
		if err := defaultService.Store.Ping(); err != nil {
			return shared.Out{}, err
		}
		if in.Reason == "db" {
			return shared.Out{}, &wrapped{err: mcperr.DatabaseError("db down")} // want `the handler returns DatabaseError here`
		}
		return shared.Out{}, call.Fail("bad_id", "")
	},
}

// NoContract declares no contract: Fail always fails, while returning an undeclared code is
// not a conformance question.
var NoContract = mcptool.Tool[shared.In, shared.Out]{
	Name: "no_contract",
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		if in.ID == "" {
			return shared.Out{}, call.Fail("anything", "")
		}
		return shared.Out{}, mcperr.NotFound("no item")
	},
}
