package a

import (
	"context"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	ID string `json:"id" jsonschema:"the item"`
}

type Out struct {
	ID string `json:"id" jsonschema:"the item"`
}

// check returns nil on success: the trap. Its only use is a return through error, so the
// fix changes its result type.
func check(id string) *mcperr.Error {
	if id == "" {
		return mcperr.InvalidParams("id is empty")
	}
	return nil
}

// validate is also used as a *mcperr.Error (its Code is read), so no fix is offered.
func validate(id string) *mcperr.Error {
	if len(id) > 10 {
		return mcperr.ValidationError("id is too long")
	}
	return nil
}

// Validate is exported: callers elsewhere may need the concrete type, so no fix.
func Validate(id string) *mcperr.Error {
	if id == "x" {
		return nil
	}
	return mcperr.ValidationError("bad id")
}

type myErr struct{ msg string }

func (e *myErr) Error() string { return e.msg }

// probe returns a custom error pointer that may be nil.
func probe(id string) *myErr {
	if id != "" {
		return nil
	}
	return &myErr{"empty"}
}

type store struct{}

// get is a method: it may satisfy an interface, so no fix.
func (store) get(id string) *mcperr.Error {
	if id != "" {
		return nil
	}
	return mcperr.NotFound("no item")
}

// load returns its error as a concrete pointer beside a value.
func load(id string) (Out, *mcperr.Error) {
	if id == "" {
		return Out{}, mcperr.InvalidParams("id is empty")
	}
	return Out{ID: id}, nil
}

func Tool() mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{
		Name: "get", Description: "Get an item.",
		Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
			switch in.ID {
			case "a":
				return Out{ID: in.ID}, check(in.ID) // want `check's nil \*mcperr\.Error becomes a non-nil error, so success fails; declare check to return error \(typed-nil-error\)`
			case "b":
				return Out{}, validate(in.ID) // want `validate's nil \*mcperr\.Error becomes a non-nil error`
			case "c":
				return Out{}, Validate(in.ID) // want `Validate's nil`
			case "d":
				return Out{}, probe(in.ID) // want `probe's nil \*myErr becomes a non-nil error`
			case "e":
				return Out{}, store{}.get(in.ID) // want `get's nil \*mcperr\.Error`
			}
			if e := validate(in.ID); e != nil && e.Code() == mcperr.CodeValidationError {
				return Out{}, e // a checked non-nil pointer: fine
			}
			return Out{ID: in.ID}, nil
		},
	}
}

func loadHandler(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	return load(in.ID) // want `load's nil \*mcperr\.Error becomes a non-nil error`
}

// Near misses: none of these can put a nil pointer into an error.

// alwaysFails never returns nil, like the mcperr factories.
func alwaysFails(id string) *mcperr.Error {
	return mcperr.NotFound("no item " + id)
}

// checked returns error already.
func checked(id string) error {
	if id == "" {
		return mcperr.InvalidParams("id is empty")
	}
	return nil
}

// passThrough returns the pointer through a pointer result, not through error.
func passThrough(id string) *mcperr.Error {
	return Validate(id)
}

// asValue uses the pointer as a value result, not as an error.
func asValue(id string) (Out, *mcperr.Error) {
	return load(id)
}

func nearMisses(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	switch in.ID {
	case "f":
		return Out{}, alwaysFails(in.ID)
	case "g":
		return Out{}, checked(in.ID)
	case "h":
		return Out{}, mcperr.NotFound("no item")
	case "i":
		return Out{}, call.Fail("no_item", "")
	}
	if p := passThrough(in.ID); p != nil {
		return Out{}, p
	}
	out, _ := asValue(in.ID)
	return out, nil
}
