package paths

import (
	"errors"
	"fmt"

	"example.com/helpers"
)

type T struct{}

type VErr struct{ msg string }

func (e *VErr) Error() string { return e.msg } // want `paths: \(unknown\)`

func get() (*T, error) { return &T{}, nil } // want `paths: \(non-nil, nil\)`

func upstream() (*T, error)

// The guard negated, with an early return.
func negated() (*T, error) {
	res, err := upstream()
	if err == nil {
		return res, nil // want `paths: \(unknown, nil\)`
	}
	return res, err // want `paths: \(unknown, non-nil\)`
}

// The same in an else branch.
func elseBranch() (*T, error) {
	res, err := upstream()
	if err != nil {
		return nil, err // want `paths: \(nil, non-nil\)`
	} else {
		return res, nil // want `paths: \(unknown, nil\)`
	}
}

// One return fed by a phi: the result and the error on each way in.
func merged(ok bool) (*T, error) {
	var res *T
	var err error
	if ok {
		res = &T{}
	} else {
		err = errors.New("no")
	}
	return res, err // want `paths: \(nil, non-nil\) \(non-nil, nil\)`
}

// A result and an error together on one path.
func both(ok bool) (*T, error) {
	res := &T{}
	var err error
	if !ok {
		err = fmt.Errorf("bad")
	}
	return res, err // want `paths: \(non-nil, nil\) \(non-nil, non-nil\)`
}

// A switch whose cases validate.
func switched(kind string) (*T, error) {
	var err error
	switch kind {
	case "a":
	case "b":
		err = errors.New("b")
	default:
		err = errors.New("other")
	}
	if err != nil {
		return nil, err // want `paths: \(nil, non-nil\)`
	}
	return &T{}, nil // want `paths: \(non-nil, nil\)`
}

// A typed nil in a local: nil on the path where bad is false.
func typedNil(bad bool) (*T, error) {
	var verr *VErr
	if bad {
		verr = &VErr{"bad"}
	}
	return nil, verr // want `paths: \(nil, non-nil:\*paths.VErr typed nil\) \(nil, non-nil:\*paths.VErr\)`
}

// The typed nil tested away: no path returns it.
func typedNilTested(bad bool) (*T, error) {
	var verr *VErr
	if bad {
		verr = &VErr{"bad"}
	}
	if verr != nil {
		return nil, verr // want `paths: \(nil, non-nil:\*paths.VErr\)`
	}
	return &T{}, nil // want `paths: \(non-nil, nil\)`
}

// A helper's shapes are taken one at a time: it never returns both.
func throughHelper() (*helpers.T, error) {
	return helpers.Pair() // want `paths: \(nil, non-nil\) \(non-nil, nil\)`
}

// A helper's typed nil through a variable.
func helperTypedNil() error {
	e := helpers.Check(false)
	return e // want `paths: \(non-nil:\*helpers.CheckErr typed nil\)`
}

// Named results, assigned on two paths, with a bare return.
func named(ok bool) (res *T, err error) {
	if ok {
		res = &T{}
		return // want `paths: \(non-nil, nil\)`
	}
	err = errors.New("no")
	return // want `paths: \(nil, non-nil\)`
}

// errors.Is puts the error in hand.
func isBranch() (*T, error) {
	_, err := upstream()
	if errors.Is(err, errNotFound) {
		return nil, err // want `paths: \(nil, non-nil\)`
	}
	return &T{}, nil // want `paths: \(non-nil, nil\)`
}

var errNotFound = errors.New("not found")

// A loop: the error from the last iteration.
func loop(n int) error {
	var err error
	for i := 0; i < n; i++ {
		_, err = upstream()
	}
	return err // want `paths: \(nil\) \(unknown\)`
}

// Two branches on one condition: the nil is never returned, since bad decides both.
func sameCondition(bad bool) error {
	var verr *VErr
	if bad {
		verr = &VErr{"bad"}
	}
	if !bad {
		return nil // want `paths: \(nil\)`
	}
	return verr // want `paths: \(non-nil:\*paths.VErr\)`
}

// A helper whose error is nil on some path, beside a result of our own: one path, and the
// error unknown on it.
func besideOwn() (*T, error) {
	res := &T{}
	_, err := helpers.Pair()
	return res, helpers.OrNil(err) // want `paths: \(non-nil, unknown\)`
}

func throughVariables() (*T, error) {
	var res *T
	_, err := upstream()
	if err != nil {
		res = &T{}
	}
	out, e := res, err
	return out, e // want `paths: \(nil, nil\) \(non-nil, non-nil\)`
}

func closeIt()

// A function with a defer returns through result slots.
func withDefer() (*T, error) {
	defer closeIt()
	res, err := upstream()
	if err != nil {
		return nil, err // want `paths: \(nil, non-nil\)`
	}
	return res, nil // want `paths: \(unknown, nil\)`
}

// A defer after the first return: every return goes through the slots.
func deferLater() (*T, error) {
	res, err := upstream()
	if err != nil {
		return nil, err // want `paths: \(nil, non-nil\)`
	}
	defer closeIt()
	_, err = upstream()
	if err != nil {
		return nil, fmt.Errorf("again: %w", err) // want `paths: \(nil, non-nil\)`
	}
	return res, nil // want `paths: \(unknown, nil\)`
}

// Either is non-nil where the guard lets the return run, though nothing is merged.
func orGuard() (*helpers.T, error) {
	res, err := helpers.Pair()
	if res != nil || err != nil {
		return res, err // want `paths: \(nil, non-nil\) \(non-nil, nil\)`
	}
	return &helpers.T{}, nil // want `paths: \(non-nil, nil\)`
}

func pair(v any, err error) (*T, any, error) {
	if err != nil {
		return nil, nil, err // want `paths: \(nil, nil, non-nil\)`
	}
	return &T{}, v, nil // want `paths: \(non-nil, unknown, nil\)`
}

// A defensive test no shape of pair allows (a nil result with a nil error): the path that
// takes it contradicts every shape and stays undecided (openchoreo's
// handleDeprecatedToolResult crashed the engine here).
func defensive(v any, err error) (*T, any, error) {
	res, out, rerr := pair(v, err)
	if rerr != nil || res == nil {
		return res, out, rerr // want `paths: \(nil, nil, non-nil\) \(nil, unknown, nil\)`
	}
	return res, out, nil // want `paths: \(non-nil, unknown, nil\)`
}
