package control

import (
	"errors"
	"os"
)

var errBad = errors.New("bad")

func fetch() error { return nil }

func guard(bad bool) error {
	if bad {
		return errBad // want `controlled by taken`
	}
	return nil // want `controlled by not taken`
}

func negated(ok bool) error {
	if ok {
		return nil // want `controlled by taken`
	}
	return errBad // want `controlled by not taken`
}

func both(a, b bool) error {
	if a && b {
		return errBad // want `controlled by taken, taken`
	}
	return nil // want `controlled by not taken, not taken`
}

func follows(other bool) error {
	if other {
		return nil // want `controlled by taken`
	}
	err := fetch()
	if err != nil {
		return errBad // want `controlled by taken; in hand 1`
	}
	return nil // want `controlled by not taken`
}

// The block of a test that calls a function (os.IsNotExist) decides on its own: the return
// inside it is controlled by that test alone. A comparison's block only computes its
// condition, so the branch that leads to it controls its returns too.
func classified() error {
	err := fetch()
	if err != nil {
		if os.IsNotExist(err) {
			return errors.New("missing") // want `controlled by taken; in hand 1; decided otherwise`
		}
		return errBad // want `controlled by not taken; in hand 1`
	}
	return nil // want `controlled by not taken`
}

func otherCondition(tenant string) error {
	err := fetch()
	if err != nil {
		if tenant == "" {
			return errors.New("no tenant") // want `controlled by taken, taken; in hand 1; decided otherwise`
		}
		return err // want `controlled by not taken, taken; in hand 1; decided otherwise`
	}
	return nil // want `controlled by not taken`
}

type accepted struct{}

func (*accepted) Error() string { return "accepted" }

// A second failure that arose only where the first was classified (a type assertion's ok)
// is part of that case: the branch on it is decided otherwise. Without the classification,
// or under a comparison of the first failure's text, it is not.
func secondInClassified() error {
	err := fetch()
	if err != nil {
		if _, ok := err.(*accepted); ok {
			getErr := fetch()
			if getErr == nil {
				return nil // want `controlled by taken; in hand 1; decided otherwise`
			}
			return errors.New("started") // want `controlled by not taken; in hand 2; decided otherwise`
		}
		return err // want `controlled by not taken, taken; in hand 1`
	}
	return nil // want `controlled by not taken`
}

func secondUnclassified() error {
	err := fetch()
	if err != nil {
		getErr := fetch()
		if getErr == nil {
			return nil // want `controlled by taken; in hand 1; decided otherwise`
		}
		return errors.New("failed") // want `controlled by not taken; in hand 2`
	}
	return nil // want `controlled by not taken`
}

func allowed(p string) bool { return p != "" }

// A condition that calls a function but does not read the failure is another condition,
// as a comparison is: it decides either way.
func otherCallCondition(p string) error {
	err := fetch()
	if err != nil {
		if !allowed(p) {
			return errors.New("denied") // want `controlled by not taken; in hand 1; decided otherwise`
		}
		return err // want `controlled by taken; in hand 1; decided otherwise`
	}
	return nil // want `controlled by not taken`
}
