// Package plain cannot reach mcperr: the flow analyzer skips it and exports nothing, not
// even the analysed marker.
package plain

import "errors"

// Check returns a plain error.
func Check(s string) error {
	if s == "" {
		return errors.New("empty")
	}
	return nil
}
