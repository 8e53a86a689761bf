package syntax

type point struct{ X, Y int }

func use(v ...any) {}

func f(v any) {
	s := v.(string)         // want `assert string`
	n, ok := v.(int)        // want `assert int`
	p := &point{X: 1, Y: 2} // want `literal point`
	use(s, n, ok, p)        // want `call use`
	q := point{}            // want `literal point`
	_ = q
}

func g() {
	func() { // want `call \(func\(\) literal\)` `function literal in g`
		func() {}() // want `function literal in g`
	}()
}
