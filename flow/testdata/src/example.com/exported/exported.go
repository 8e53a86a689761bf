package exported

import "example.com/exported/lib"

// handlers are chosen by name.
func handle(string) error { return nil }

func build() []lib.Tool { return []lib.Tool{lib.NewA(), lib.NewB()} }

// All holds what build returns: two other-package constructors' results.
var All = build() // want `All: foreign 2`

// Tools returns a captured table.
func Tools() []lib.Tool { // want `Tools: foreign 1`
	t := []lib.Tool{lib.NewA()}
	get := func() []lib.Tool { return t }
	return get()
}

// Handlers holds a function of the package.
var Handlers = map[string]func(string) error{"h": handle} // want `Handlers: funcs 1`

// Count returns no table.
func Count() int { return 2 }

var cache = &lib.Cache{}

// Cached returns what the function handed to the cache builds: the cache's Get is not
// what the tools come from.
func Cached() []lib.Tool { // want `Cached: foreign 2`
	return cache.Get(func() []lib.Tool { return []lib.Tool{lib.NewA(), lib.NewB()} })
}

// Uncached hands the cache a function of another result type: Get's own result is foreign.
func Uncached() []lib.Tool { // want `Uncached: foreign 1`
	_ = cache.Size(func() int { return 2 })
	return cache.Get(nil)
}
