package helpers

import "errors"

type T struct{}

type CheckErr struct{}

func (*CheckErr) Error() string { return "check" }

func up() bool

// Pair returns a result or an error, never both.
func Pair() (*T, error) {
	if up() {
		return &T{}, nil
	}
	return nil, errors.New("down")
}

// Check returns a nil *CheckErr when ok.
func Check(ok bool) *CheckErr {
	if ok {
		return nil
	}
	return &CheckErr{}
}

// OrNil returns nil for some errors.
func OrNil(err error) error {
	if up() {
		return nil
	}
	return err
}
