// Package errs names the functions that make errors: the standard library's, and those of the
// error packages servers use in its place (github.com/pkg/errors, github.com/cockroachdb/errors,
// which keeps pkg/errors' API). Which build a new error from text, and which wrap the error
// they are given, is a fact the flow engine and the handler rules read from here.
package errs

import "go/types"

// New reports whether fn builds a new error, never nil, from text and formatted values:
// errors.New, fmt.Errorf, and their kin in the error packages.
func New(fn *types.Func) bool {
	switch qualified(fn) {
	case "errors.New", "fmt.Errorf",
		"github.com/pkg/errors.New", "github.com/pkg/errors.Errorf",
		"github.com/cockroachdb/errors.New", "github.com/cockroachdb/errors.Newf", "github.com/cockroachdb/errors.Errorf":
		return true
	}
	return false
}

// WrapsNilAsNil reports whether fn wraps the error it is given first and returns nil for a
// nil one (`errors.Wrap(err, "…")`): its result is as nil as that error.
func WrapsNilAsNil(fn *types.Func) bool {
	switch qualified(fn) {
	case "github.com/pkg/errors.Wrap", "github.com/pkg/errors.Wrapf", "github.com/pkg/errors.WithMessage",
		"github.com/pkg/errors.WithMessagef", "github.com/pkg/errors.WithStack",
		"github.com/cockroachdb/errors.Wrap", "github.com/cockroachdb/errors.Wrapf", "github.com/cockroachdb/errors.WithMessage",
		"github.com/cockroachdb/errors.WithMessagef", "github.com/cockroachdb/errors.WithStack":
		return true
	}
	return false
}

// Wraps reports whether a call of fn returns an error made of the errors it is given:
// fmt.Errorf (%w and %v alike carry the text), errors.Join, and the WrapsNilAsNil wrappers.
func Wraps(fn *types.Func) bool {
	switch qualified(fn) {
	case "fmt.Errorf", "errors.Join":
		return true
	}
	return WrapsNilAsNil(fn)
}

// qualified is fn's package path and name, "" for nil or a builtin.
func qualified(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}
