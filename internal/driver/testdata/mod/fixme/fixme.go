// Package fixme calls legacy, which a test analyzer rewrites to modern.
package fixme

func legacy() int { return 1 }

func modern() int { return 2 }

// A uses legacy once.
func A() int { return legacy() }

// B uses legacy twice.
func B() int {
	return legacy() + legacy()
}
