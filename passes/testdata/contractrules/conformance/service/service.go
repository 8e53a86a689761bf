// want package:"analyzed"

// Package service sits between the tools and the store: the tools see the store's errors
// only through it.
package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/contractrules/conformance/store"
)

// Backend is implemented elsewhere (store.Remote is one): calls through it are opaque.
type Backend interface {
	Fetch(id string) error
}

// Service is the service layer.
type Service struct {
	Store   *store.Store
	Backend Backend
}

// Lookup passes the store's NotFound on, wrapped with %w.
func (s *Service) Lookup(id string) (string, error) { // want Lookup:`errors\(NotFound\[no_item\]\)`
	v, err := s.Store.Get(id)
	if err != nil {
		return "", fmt.Errorf("lookup %s: %w", id, err)
	}
	return v, nil
}

// Settle returns the store's error only on the path where it is nil, and its own Conflict
// where it is not: the store's NotFound never leaves it.
func (s *Service) Settle(id string) (string, error) { // want Settle:`errors\(Conflict\[unsettled\]\)`
	v, err := s.Store.Get(id)
	if err != nil {
		return "", mcperr.Conflict("unsettled", mcperr.WithReason("unsettled"))
	}
	return v, err
}

// Save returns the store's error as it is.
func (s *Service) Save(id, v string) error { // want Save:`errors\(Conflict Forbidden\[read_only\]\)`
	return s.Store.Put(id, v)
}

// Reserve calls the store through a method value.
func (s *Service) Reserve(n int) error { // want Reserve:`errors\(RateLimited\[quota_exceeded\]\)`
	reserve := s.Store.Reserve
	return reserve(n)
}

// Remote dispatches through the interface: whatever an implementation returns may come out.
func (s *Service) Remote(id string) error { // want Remote:`errors\(opaque\)`
	return s.Backend.Fetch(id)
}

// Hook calls a function value: opaque too.
func Hook(f func() error) error { // want Hook:`errors\(opaque\)`
	return f()
}

// Archive fails through the calling tool's contract.
func Archive(call *mcptool.Call, id string) error { // want Archive:`errors\(fail\[archive_refused\]\)`
	if id == "" {
		return call.Fail("archive_refused", "")
	}
	return nil
}

// Classified keeps a coded error through Classify and errors.As, and re-reasons it with With.
func Classified(ctx context.Context, s *Service, id string) error { // want Classified:`errors\(NotFound\[gone_for_good\] Conflict Forbidden\[read_only\]\)`
	_, err := s.Lookup(id)
	var me *mcperr.Error
	if errors.As(err, &me) {
		return me.With(mcperr.WithReason("gone_for_good"))
	}
	return mcperr.Classify(s.Save(id, ""))
}

// Joined joins two errors and wraps its argument through store.Wrap.
func Joined(err error, s *Service) error { // want Joined:`errors\(Timeout RateLimited\[quota_exceeded\] param0\)`
	return errors.Join(store.Wrap(err), s.Store.Ping(), s.Reserve(1))
}

// FromUpstream decides the code at run time, but sets the reason.
func FromUpstream(call *mcptool.Call, retry bool) error { // want FromUpstream:`errors\(runtime\[upstream_failed\]\)`
	opts := []mcperr.Option{mcperr.WithReason("upstream_failed")}
	if retry {
		opts = append(opts, mcperr.WithRetryable(true))
	}
	return mcperr.FromHTTPResponse(nil, opts...)
}

// Reasoned takes its reason from the caller: dynamic.
func Reasoned(reason string) error { // want Reasoned:`errors\(Conflict\[\?\]\)`
	return mcperr.Conflict("conflict", mcperr.WithReason(reason))
}

// In and Out are the types of Find, a handler declared here and registered by the tools.
type In struct {
	ID string `json:"id" jsonschema:"the item"`
}

// Out is Find's result.
type Out struct {
	Value string `json:"value" jsonschema:"the value"`
}

// Find is an mcptool handler declared outside the tools package.
func Find(ctx context.Context, call *mcptool.Call, in In) (Out, error) { // want Find:`errors\(Conflict\)`
	if in.ID == "" {
		return Out{}, mcperr.Conflict("busy")
	}
	return Out{Value: in.ID}, nil
}

// Quiet returns only plain errors: no fact.
func Quiet(id string) error {
	if id == "" {
		return errors.New("empty id")
	}
	return store.Describe(errors.New(id))
}

// Names calls a generic function of the store.
func Names(names []string) (string, error) { // want Names:`errors\(NotFound\[empty_list\]\)`
	return store.First(names)
}
