package dep

import "errors"

// ErrMissing is returned for a missing name.
var ErrMissing = errors.New("missing")

// Item is what Find returns.
type Item struct{ Name string }

// Find returns an item or an error, never both, never neither.
func Find(name string) (*Item, error) {
	if name == "" {
		return nil, ErrMissing
	}
	return &Item{Name: name}, nil
}

// Maybe returns nil, nil when there is nothing.
func Maybe(name string) (*Item, error) {
	if name == "" {
		return nil, nil
	}
	return &Item{Name: name}, nil
}

// Wrap hands on the error it is given.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return err
}

// Finder holds one function for the whole run.
var Finder = Find

// NotFound is an error type.
type NotFound struct{}

func (*NotFound) Error() string { return "not found" }

// Check returns a *NotFound or nil in an error.
func Check(ok bool) error {
	if !ok {
		return &NotFound{}
	}
	return nil
}
