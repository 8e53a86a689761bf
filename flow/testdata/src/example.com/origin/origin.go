package origin

import (
	"encoding/json"
	"strconv"
)

func fetch() (string, error) { return "", nil }

func sink(v any) {}

var allowed = map[string]bool{"open": true}

type req struct{ ID string }

func param(p string) {
	sink(p) // want `param p`
}

func constant() {
	sink("x") // want `const`
}

func throughCall(p string) {
	n, _ := strconv.Atoi(p)
	sink(n) // want `param p`
}

func result() {
	v, _ := fetch()
	sink(v) // want `call fetch`
}

func phi(p, q string, b bool) {
	s := p
	if b {
		s = q
	}
	sink(s) // want `param p, param q`
}

func lookup(state string) {
	sink(allowed[state]) // want `global allowed, param state`
}

func decoded(data []byte) {
	var r req
	_ = json.Unmarshal(data, &r)
	sink(r.ID) // want `param data`
}

func stored(p string) {
	var r req
	r.ID = p
	sink(r.ID) // want `param p`
}

func captured(p string) func() {
	return func() {
		sink(p) // want `freevar p`
	}
}
