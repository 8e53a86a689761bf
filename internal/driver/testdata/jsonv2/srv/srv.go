// Package srv holds MCP code and builds only with GOEXPERIMENT=jsonv2, through lib.
package srv

import (
	"github.com/mcplint-go/mcplint/mcperr"

	"example.com/jsonv2/lib"
)

// Get fails the way mcperr says.
func Get(id string) error {
	if _, err := lib.Encode(id); err != nil {
		return mcperr.InternalError("encode", mcperr.WithCause(err))
	}
	return nil
}
