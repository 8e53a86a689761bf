package a

import (
	"github.com/mcplint-go/mcplint/mcperr"
)

func lookup(id string) error {
	if id == "" {
		return mcperr.New(mcperr.CodeValidationError, "id is required") // want `mcperr.New with a code that has a factory: write mcperr.ValidationError`
	}
	if id == "gone" {
		return mcperr.New(mcperr.CodeNotFound, "no item "+id, mcperr.WithReason("no_item")) // want `prefer-error-factory`
	}
	// Codes without a factory, and codes that are not constants, stay as they are.
	if id == "old" {
		return mcperr.New(mcperr.CodeUnknownError, "unknown")
	}
	code := mcperr.CodeConflict
	return mcperr.New(code, "dynamic code")
}
