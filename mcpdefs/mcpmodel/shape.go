package mcpmodel

// Shape is how recognition reached a handler. `mcplint -v` counts handlers per SDK and per
// shape, so a user learns which of their layers mcplint sees through; every handler shape
// recognition knows is listed here. (Definitions say theirs in Definition.Own and Converter.)
type Shape int

const (
	// ShapeSDK: a handler with an SDK handler signature.
	ShapeSDK Shape = iota
	// ShapeDelegate: a function every return of an SDK handler calls and passes through.
	ShapeDelegate
	// ShapePassThrough: a function given to a pass-through adapter (the SDK handler returns
	// what it returns).
	ShapePassThrough
	// ShapeParam: a function given for a parameter a converting adapter calls.
	ShapeParam
	// ShapeField: a function written to a func-typed field a converting adapter calls.
	ShapeField
	// ShapeInterface: a method implementing the interface method a converting adapter calls.
	ShapeInterface
	// ShapeReflect: a function a converting adapter calls through reflect.Value.Call.
	ShapeReflect
)

var shapeNames = [...]string{
	ShapeSDK:         "sdk-typed",
	ShapeDelegate:    "delegate",
	ShapePassThrough: "adapter:pass-through",
	ShapeParam:       "adapter:parameter",
	ShapeField:       "adapter:field",
	ShapeInterface:   "adapter:interface",
	ShapeReflect:     "adapter:reflect",
}

func (s Shape) String() string {
	if s >= 0 && int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return "unknown"
}

// Adapter reports whether the shape is reached through an adapter of the module.
func (s Shape) Adapter() bool { return s >= ShapePassThrough }
