package nils

import "github.com/pkg/errors"

type E struct{}

func (*E) Error() string { return "e" } // want `paths: \(unknown\)`

// A phi whose ways are all non-nil, on a path that decides nothing about it.
func bothWays(b bool) error {
	var e error
	if b {
		e = &E{}
	} else {
		e = &E{}
	}
	return e // want `paths: \(non-nil:\*nils.E\)`
}

// A local pointer some way leaves nil, returned as an error: a typed nil on that way.
func typedNil(bad bool) error {
	var e *E
	if bad {
		e = &E{}
	}
	return e // want `paths: \(non-nil:\*nils.E typed nil\) \(non-nil:\*nils.E\)`
}

// A pointer parameter is not a local some way leaves nil.
func fromParam(e *E) error {
	return e // want `paths: \(non-nil:\*nils.E\)`
}

// A nil map, func and channel, and make's results.
func made(b bool) (map[string]int, func(), chan int) {
	if b {
		return nil, nil, nil // want `paths: \(nil, nil, nil\)`
	}
	return make(map[string]int), func() {}, make(chan int) // want `paths: \(non-nil, non-nil, non-nil\)`
}

func fetch() (string, error) { return "", nil } // want `paths: \(unknown, nil\)`

// errors.Wrap (github.com/pkg/errors) of a failed call's error is non-nil, of a nil one nil,
// whatever the wrapper's own summary agrees on.
func wrapped() (string, error) {
	s, err := fetch()
	if err != nil {
		return "", errors.Wrap(err, "fetch") // want `paths: \(unknown, non-nil:\*errors.wrapped\)`
	}
	if s == "" {
		return "", errors.Wrap(err, "empty") // want `paths: \(unknown, nil:\*errors.wrapped\)`
	}
	return s, nil // want `paths: \(unknown, nil\)`
}

// Of an error the path does not decide: one path per shape of the wrapper.
func wrappedUndecided(err error) error {
	return errors.Wrap(err, "x") // want `paths: \(nil\) \(non-nil:\*errors.wrapped\)`
}
