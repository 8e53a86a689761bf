package inhand

import (
	"errors"
	"io/fs"
)

func asTaken() error {
	err := one()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return errors.New(pe.Path) // want `in hand 1; err non-nil; bound pe`
	}
	return err // want `err unknown`
}

func asNegated() error {
	err := one()
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err // want `err unknown`
	}
	return errors.New(pe.Path) // want `in hand 1; err non-nil; bound pe`
}

func asInsideNilTest() error {
	err := one()
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path != "" {
			return errors.New(pe.Path) // want `in hand 1; err non-nil; bound pe`
		}
		return err // want `in hand 1; err non-nil`
	}
	return nil // want `err nil`
}

func typeSwitch() error {
	err := one()
	switch e := err.(type) {
	case *fs.PathError:
		return errors.New(e.Path) // want `in hand 1; err non-nil; bound \*io/fs.PathError`
	case interface{ Timeout() bool }, *errT:
		// Two edges join here: no single test decided the block, so nothing is bound.
		return e // want `err non-nil`
	}
	return err // want `err unknown`
}

func commaOk() error {
	err := one()
	if pe, ok := err.(*fs.PathError); ok {
		return errors.New(pe.Path) // want `in hand 1; err non-nil; bound \*io/fs.PathError`
	}
	return err // want `err unknown`
}

func assertOnValue(v any) error {
	err := one()
	if s, ok := v.(string); ok {
		return errors.New(s) // want `err unknown`
	}
	return err // want `err unknown`
}

type errT struct{}

func (*errT) Error() string { return "t" }
