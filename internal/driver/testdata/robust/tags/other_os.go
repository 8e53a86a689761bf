//go:build plan9

package tags

import "this/package/does/not/exist"

var _ = exist.Nothing
