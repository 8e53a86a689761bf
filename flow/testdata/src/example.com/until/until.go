package until

import (
	"errors"
	"fmt"
	"io/fs"
)

func fetch(u string) (string, error) { return u, nil }

func sink(v any) {}

func theError() {
	_, err := fetch("u")
	sink(err) // want `error of fetch`
}

// The other result of the same call is not its error.
func theValue() {
	v, _ := fetch("u")
	sink(v)
}

func formatted() {
	_, err := fetch("u")
	msg := fmt.Sprintf("fetch: %v", err)
	sink(msg) // want `error of fetch`
}

func itsText() {
	_, err := fetch("u")
	sink(err.Error()) // want `error of fetch`
}

func asTarget() {
	_, err := fetch("u")
	var target *fs.PathError
	if errors.As(err, &target) {
		sink(target.Path) // want `local target`
	}
}

// A local of another name is seen through to what filled it: the error it was given.
func otherLocal() {
	_, err := fetch("u")
	var pe *fs.PathError
	if errors.As(err, &pe) {
		sink(pe.Path) // want `error of fetch`
	}
}

func twoErrors() {
	_, err := fetch("a")
	_, err2 := fetch("b")
	sink(errors.Join(err, err2)) // want `error of fetch, error of fetch`
}
