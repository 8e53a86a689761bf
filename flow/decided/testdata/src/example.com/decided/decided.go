package decided

import (
	"errors"
	"os"
)

func fetch() error { return nil }

func allowed(p string) bool { return p != "" }

type accepted struct{}

func (*accepted) Error() string { return "accepted" }

// What the failure is, where the classification holds; where it does not, the generic failure.
func classified() error {
	err := fetch()
	if err != nil {
		if os.IsNotExist(err) {
			return errors.New("missing") // want `decided otherwise`
		}
		return errors.New("failed") // want `the failure`
	}
	return nil
}

// A negated classification: the generic failure is on its taken side.
func negated() error {
	err := fetch()
	if err != nil {
		if !os.IsNotExist(err) {
			return errors.New("failed") // want `the failure`
		}
		return nil // want `decided otherwise`
	}
	return nil
}

// Another condition, a comparison or a call that does not read the failure, decides either way.
func otherCondition(tenant string) error {
	err := fetch()
	if err != nil {
		if tenant == "" {
			return errors.New("no tenant") // want `decided otherwise`
		}
		if !allowed(tenant) {
			return errors.New("denied") // want `decided otherwise`
		}
		return err // want `decided otherwise`
	}
	return nil
}

// A second failure inside a case the first was classified as is part of that case.
func secondInClassified() error {
	err := fetch()
	if err != nil {
		if _, ok := err.(*accepted); ok {
			if getErr := fetch(); getErr != nil {
				return errors.New("started") // want `decided otherwise`
			}
			return nil // want `decided otherwise`
		}
		return err // want `the failure`
	}
	return nil
}

// Without the classification, the second failure is the failure.
func secondUnclassified() error {
	err := fetch()
	if err != nil {
		if getErr := fetch(); getErr != nil {
			return errors.New("failed") // want `the failure`
		}
		return err // want `decided otherwise`
	}
	return nil
}
