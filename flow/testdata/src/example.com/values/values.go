package values

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

func probe(v ...any) {}

func get() (string, error) { return "", nil }

type wrapper struct{ err error }

func (w wrapper) Error() string { return w.err.Error() }

func calls(data []byte) {
	s, err := get()
	probe(s, err) // want `arg 0: call get, given to ToUpper; arg 1: call get, nil-tested`
	if err != nil {
		return
	}
	var v map[string]any
	_ = json.Unmarshal(data, &v)
	probe(v) // want `arg 0: given to Unmarshal`
	var b bytes.Buffer
	fmt.Fprintf(&b, "x=%s", s)
	probe(b.String())              // want `arg 0: call String`
	probe(strings.ToUpper(s), nil) // want `arg 0: call ToUpper, depends on get; arg 1: nil`
}

func wrapped() error {
	_, err := get()
	var e error = wrapper{err}
	probe(e) // want `arg 0: depends on get`
	return errors.New("x")
}

func stored() {
	var x string
	x = "a"
	x = "b"
	p := &x
	probe(p) // want `arg 0: stored 2`
}
