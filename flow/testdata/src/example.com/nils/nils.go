package nils

type E struct{}

func (*E) Error() string { return "e" } // want `paths: \(unknown\)`

// A phi whose ways are all non-nil, on a path that decides nothing about it.
func bothWays(b bool) error {
	var e error
	if b {
		e = &E{}
	} else {
		e = &E{}
	}
	return e // want `paths: \(non-nil:\*nils.E\)`
}

// A local pointer some way leaves nil, returned as an error: a typed nil on that way.
func typedNil(bad bool) error {
	var e *E
	if bad {
		e = &E{}
	}
	return e // want `paths: \(non-nil:\*nils.E typed nil\) \(non-nil:\*nils.E\)`
}

// A pointer parameter is not a local some way leaves nil.
func fromParam(e *E) error {
	return e // want `paths: \(non-nil:\*nils.E\)`
}

// A nil map, func and channel, and make's results.
func made(b bool) (map[string]int, func(), chan int) {
	if b {
		return nil, nil, nil // want `paths: \(nil, nil, nil\)`
	}
	return make(map[string]int), func() {}, make(chan int) // want `paths: \(non-nil, non-nil, non-nil\)`
}
