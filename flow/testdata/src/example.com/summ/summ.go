package summ

import "example.com/summ/dep"

func probe(v ...any) {}

func local(b bool) (*dep.Item, error) {
	if b {
		return nil, dep.ErrMissing
	}
	return &dep.Item{}, nil
}

// An error read from a package variable may be nil (the variable can change): unknown. A
// pointer result has no type recorded; an interface result has the concrete type put in it.
func calls(name string, err error) {
	probe(dep.Find(name))   // want `Find: \(nil, unknown\) \(non-nil, nil\); result 0 can be nil`
	probe(dep.Maybe(name))  // want `Maybe: \(nil, nil\) \(non-nil, nil\); result 0 can be nil`
	probe(local(true))      // want `local: \(nil, unknown\) \(non-nil, nil\); result 0 can be nil`
	probe(dep.Wrap(err))    // want `Wrap: \(nil\) \(non-nil\); result 0 can be nil`
	probe(dep.Finder(name)) // want `Finder: \(nil, unknown\) \(non-nil, nil\); result 0 can be nil`
	probe(dep.Check(false)) // want `Check: \(non-nil:\*example.com/summ/dep.NotFound\) \(nil\); result 0 can be nil; result 0 is \*example.com/summ/dep.NotFound`
	probe(name)
}
