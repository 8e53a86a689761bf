package factoryof

import "example.com/factoryof/dep"

func newLocal() func(string) bool { return dep.NewCheck() }

func either(b bool) func(string) bool {
	if b {
		return dep.NewCheck()
	}
	return dep.Other()
}

var (
	direct  = dep.NewCheck()
	chained = newLocal()
	local   = func(s string) bool { return s == "" }
	mixed   = either(true)
	twice   = dep.NewCheck()
)

func init() { twice = dep.Other() }

func calls() {
	_ = direct("a")  // want `direct holds a result of NewCheck`
	_ = chained("a") // want `chained holds a result of NewCheck`
	_ = local("a")
	_ = mixed("a")
	_ = twice("a")
}
