// Package boom makes a test analyzer panic.
package boom

// Boom is what the panicking test analyzer looks for.
func Boom() int { return legacy() }

func legacy() int { return 0 }
