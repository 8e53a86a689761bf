package conformance

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/conformance/service"
	"fixtures/contractrules/shared"
)

// The same tool written in ordinary Go control flow: which code goes out depends on the
// path to each return, not on every value a variable is ever given. Each declares only
// bad_id, so a NotFound that can leave the handler is reported and one that cannot is not.

// NilOnItsPath returns err only where it is nil (a negated guard): the store's NotFound never
// leaves the handler. Silent.
func NilOnItsPath(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "nil_on_its_path",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			if err == nil {
				return shared.Out{Value: v}, err
			}
			return shared.Out{}, call.Fail("bad_id", "no item "+in.ID, mcperr.WithCause(err))
		},
	}
}

// ReplacedInTheBranch replaces the error it got before returning it. Silent.
func ReplacedInTheBranch(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "replaced_in_the_branch",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			if err != nil {
				err = call.Fail("bad_id", "no item "+in.ID, mcperr.WithCause(err))
			}
			return shared.Out{Value: v}, err
		},
	}
}

// Reassigned reuses err for a second call before returning it: the first error is gone.
// Silent.
func Reassigned(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "reassigned",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			if err == nil && v != "" {
				return shared.Out{Value: v}, nil
			}
			err = call.Fail("bad_id", "no item "+in.ID)
			return shared.Out{}, err
		},
	}
}

// SwitchHandled tests the code in a switch and fails with the declared reason for it. Silent.
func SwitchHandled(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "switch_handled",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID)
			switch {
			case errors.Is(err, mcperr.CodeNotFound):
				return shared.Out{}, call.Fail("bad_id", "no item "+in.ID, mcperr.WithCause(err))
			case err != nil:
				return shared.Out{}, err
			}
			return shared.Out{Value: v}, nil
		},
	}
}

// ElseBranch returns the error in an else branch: NotFound leaves the handler.
func ElseBranch(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "else_branch",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup`
			if err == nil {
				return shared.Out{Value: v}, nil
			} else {
				return shared.Out{}, err
			}
		},
	}
}

// TestedThenReturned tests for NotFound and returns that very error: testing the code is not
// handling it.
func TestedThenReturned(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "tested_then_returned",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup`
			if errors.Is(err, mcperr.CodeNotFound) {
				return shared.Out{}, err
			}
			if err != nil {
				return shared.Out{}, call.Fail("bad_id", "lookup failed", mcperr.WithCause(err))
			}
			return shared.Out{Value: v}, nil
		},
	}
}

// Settled returns what a helper of the service package returns; the helper replaces the
// store's NotFound before it returns, so only its declared Conflict can come out. Silent.
func Settled(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "settled",
		Errors: []mcptool.ErrorContract{
			{Reason: "unsettled", Code: mcperr.CodeConflict, When: "The item is not settled.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			v, err := svc.Settle(in.ID)
			return shared.Out{Value: v}, err
		},
	}
}

// TestedAndKept tests for NotFound, only notes it, and returns err on both ways: NotFound
// still leaves the handler.
func TestedAndKept(svc *service.Service) mcptool.Tool[shared.In, shared.Out] {
	return mcptool.Tool[shared.In, shared.Out]{
		Name: "tested_and_kept",
		Errors: []mcptool.ErrorContract{
			{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
			if in.ID == "" {
				return shared.Out{}, call.Fail("bad_id", "the ID is empty")
			}
			v, err := svc.Lookup(in.ID) // want `NotFound enters the handler here through service\.\(\*Service\)\.Lookup`
			if errors.Is(err, mcperr.CodeNotFound) {
				v = "missing"
			}
			return shared.Out{Value: v}, err
		},
	}
}

// checkOwner is a package variable that always holds this one function: a call through it
// is followed like a call of the function.
var checkOwner = func(id string) error {
	if id == "root" {
		return mcperr.Forbidden("root is not yours")
	}
	return nil
}

// ThroughHolder's Forbidden comes through the variable.
var ThroughHolder = mcptool.Tool[shared.In, shared.Out]{
	Name: "through_holder",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		if in.ID == "" {
			return shared.Out{}, call.Fail("bad_id", "the ID is empty")
		}
		if err := checkOwner(in.ID); err != nil { // want `Forbidden enters the handler here through checkOwner`
			return shared.Out{}, err
		}
		return shared.Out{Value: in.ID}, nil
	},
}

// ThroughLocalWrapper wraps its error with a local closure that returns its argument
// wrapped: what goes in comes out.
var ThroughLocalWrapper = mcptool.Tool[shared.In, shared.Out]{
	Name: "through_local_wrapper",
	Errors: []mcptool.ErrorContract{
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The ID is empty.", Recovery: shared.Recovery},
	},
	Handler: func(ctx context.Context, call *mcptool.Call, in shared.In) (shared.Out, error) {
		wrap := func(err error) error { return fmt.Errorf("lookup %s: %w", in.ID, err) }
		if in.ID == "" {
			return shared.Out{}, call.Fail("bad_id", "the ID is empty")
		}
		return shared.Out{}, wrap(mcperr.Forbidden("not yours")) // want `the handler returns Forbidden here \(built by mcperr\.Forbidden\)`
	},
}
