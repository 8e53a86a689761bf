// Package lib declares a function a fact-exporting test analyzer marks.
package lib

import "strings"

// Deprecated is marked by the test analyzer's fact.
func Deprecated() int { return len(strings.TrimSpace(" 1 ")) }
