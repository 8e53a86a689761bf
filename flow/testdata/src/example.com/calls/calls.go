package calls

import "errors"

func probe(v any) {}

func pair() (string, error) { return "", nil }

func one() error { return nil }

var errX = errors.New("x")

// decorate is a func(T) T of the package: what it returns is still the call's result.
func decorate(s string) string { return s + "!" }

func results() {
	v, err := pair()
	probe(v)           // want `result 0 of pair; extracted 0`
	probe(err)         // want `result 1 of pair; extracted 1; nil-tested`
	probe(decorate(v)) // want `result 0 of pair`
	if err != nil {
		return
	}
	e := one()
	probe(e) // want `result -1 of pair; extracted 0`
}

func bound(name string, n int) func() {
	name = name + "x" // assigned again: no longer the parameter
	return func() {
		probe(n)    // want `bound to param 1`
		probe(name) // want `bound to param -1`
	}
}

type box struct{ id string }

// The receiver is not one of the declared parameters BoundParam counts.
func (b *box) method(tag string) func() {
	return func() {
		probe(tag) // want `bound to param 0`
	}
}

func returned(b bool) error {
	var err error
	if b {
		err = errX
	}
	probe(err) // want `returned 2`
	return err
}
