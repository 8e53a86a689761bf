package inhand

import "errors"

var errX = errors.New("x")

var fail bool

func one() error {
	if fail {
		return errX
	}
	return nil
}

func two() (string, error) { return "", nil }

func tested() error {
	err := one()
	if err != nil {
		return err // want `in hand 1; err non-nil`
	}
	return nil // want `err nil`
}

func negated() (string, error) {
	s, err := two()
	if err == nil {
		return s, nil // want `err nil`
	}
	return "", err // want `in hand 1; err non-nil`
}

func joined(b bool) error {
	err := one()
	var e error
	if b {
		e = err
	} else {
		e = errX
	}
	if e != nil {
		return e // want `in hand 1; err unknown`
	}
	return nil // want `err unknown`
}

func twoErrors() error {
	err := one()
	if err != nil {
		_, err2 := two()
		if err2 != nil {
			return errors.Join(err, err2) // want `in hand 2; err non-nil`
		}
		return err // want `in hand 1; err non-nil`
	}
	return nil // want `err nil`
}
