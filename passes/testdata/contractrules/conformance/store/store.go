// want package:"analyzed"

// Package store is the bottom of the conformance fixture: two packages away from the tools,
// it builds the coded errors the tools end up returning.
package store

import (
	"fmt"

	"github.com/mcplint-go/mcplint/mcperr"
)

// ErrReadOnly is a sentinel: a package-level variable carries its fact.
var ErrReadOnly = mcperr.Forbidden("the store is read-only", mcperr.WithReason("read_only")) // want ErrReadOnly:`errors\(Forbidden\[read_only\]\)`

// errQuiet is unexported: no fact, though the functions of this package still see it.
var errQuiet = mcperr.Conflict("quiet")

// Store holds items.
type Store struct {
	items    map[string]string
	readOnly bool
}

// Get fails with NotFound and a reason.
func (s *Store) Get(id string) (string, error) { // want Get:`errors\(NotFound\[no_item\]\)`
	v, ok := s.items[id]
	if !ok {
		return "", mcperr.NotFound("no item "+id, mcperr.WithReason("no_item"))
	}
	return v, nil
}

// Put fails with Conflict (no reason), or the sentinel.
func (s *Store) Put(id, v string) error { // want Put:`errors\(Conflict Forbidden\[read_only\]\)`
	if _, ok := s.items[id]; ok {
		return mcperr.Conflict("item " + id + " exists")
	}
	if s.readOnly {
		return ErrReadOnly
	}
	s.items[id] = v
	return nil
}

// Reserve reaches RateLimited through an unexported helper.
func (s *Store) Reserve(n int) error { // want Reserve:`errors\(RateLimited\[quota_exceeded\]\)`
	return s.checkQuota(n)
}

func (s *Store) checkQuota(n int) error {
	if n > 10 {
		return mcperr.RateLimited("quota", mcperr.WithReason("quota_exceeded"))
	}
	return nil
}

// Ping fails with a baseline code only.
func (s *Store) Ping() error { // want Ping:`errors\(Timeout\)`
	return mcperr.Timeout("the store is slow")
}

// Wrap returns its argument, wrapped: callers' errors flow through it.
func Wrap(err error) error { // want Wrap:`errors\(param0\)`
	return fmt.Errorf("store: %w", err)
}

// Describe wraps with %v, which keeps the text and drops the error: nothing flows.
func Describe(err error) error {
	return fmt.Errorf("store: %v", err)
}

// Len returns no error: no fact.
func Len(s *Store) int { return len(s.items) }

// Remote is one implementation of the service's Backend interface.
type Remote struct{}

// Fetch fails with Unauthorized. Calls through the interface cannot know that.
func (Remote) Fetch(id string) error { // want Fetch:`errors\(Unauthorized\)`
	return mcperr.Unauthorized("token expired for " + id)
}

// Recursive errors reach a fixpoint.
func Even(n int) error { // want Even:`errors\(InvalidParams Conflict\)`
	if n < 0 {
		return mcperr.InvalidParams("negative")
	}
	if n == 0 {
		return nil
	}
	return Odd(n - 1)
}

// Odd is the other half of the recursion.
func Odd(n int) error { // want Odd:`errors\(Conflict InvalidParams\)`
	if n == 0 {
		return errQuiet
	}
	return Even(n - 1)
}

// First is generic: its fact is on the generic function, whatever it is instantiated with.
func First[T any](xs []T) (T, error) { // want First:`errors\(NotFound\[empty_list\]\)`
	var zero T
	if len(xs) == 0 {
		return zero, mcperr.NotFound("empty", mcperr.WithReason("empty_list"))
	}
	return xs[0], nil
}

// Guarded sets its named result in a deferred closure (a panic becomes an InternalError) and
// before a bare return; calling f returns nothing, so it is not opaque.
func Guarded(f func()) (err error) { // want Guarded:`errors\(InternalError ServiceUnavailable\)`
	defer func() {
		if recover() != nil {
			err = mcperr.InternalError("panic")
		}
	}()
	if f == nil {
		err = mcperr.ServiceUnavailable("no function")
		return
	}
	f()
	return nil
}
