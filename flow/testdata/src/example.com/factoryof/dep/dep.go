package dep

// NewCheck returns a closure; variables of other packages hold its result.
func NewCheck() func(string) bool {
	return func(s string) bool { return s != "" }
}

// Other returns another closure.
func Other() func(string) bool {
	return func(s string) bool { return len(s) > 1 }
}
