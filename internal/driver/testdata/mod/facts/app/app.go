// Package app calls lib.Deprecated, which only a fact from package lib reveals.
package app

import "example.com/fixture/facts/lib"

// Use calls the marked function.
func Use() int { return lib.Deprecated() }
