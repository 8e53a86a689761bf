package returns

import "errors"

func pair() (string, error) { return "", nil }

type codeErr struct{}

func (*codeErr) Error() string { return "code" }

func whole() (string, error) {
	return pair() // want `returns pair whole`
}

func rebuilt() (string, error) {
	v, err := pair()
	return v + "!", err
}

func classified() (string, error) {
	v, err := pair()
	var ce *codeErr
	if errors.As(err, &ce) {
		return "", ce // want `took errors.As to \*example.com/returns.codeErr`
	}
	return v, err // want `returns pair whole`
}
