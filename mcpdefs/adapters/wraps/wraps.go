// Package wraps holds what the adapter finder records about an adapter as plain data, so
// that it crosses packages as analysis facts: an adapter in package A and the functions
// given to it in package B.
package wraps

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Mapping is what an adapter does with the functions it wraps: the SDK handler they are
// called from and what their error becomes. It is plain data, so that it crosses packages as
// a fact: an adapter in package A and the functions given to it in package B.
type Mapping struct {
	// Via is the adapter's kind.
	Via mcpmodel.Shape
	// Kind, SDK and Flavour are the SDK handler's.
	Kind    mcpmodel.Kind
	SDK     sdkapi.SDK
	Flavour mcpmodel.Flavour
	// Errors is what a non-nil error of the wrapped function becomes; Same is true when the
	// SDK handler returns it unchanged, so the wrapped function has the SDK handler's own
	// semantics.
	Errors mcpmodel.ErrorMode
	Same   bool
	// Except are error types (types.TypeString with full package paths) that the adapter
	// singles out with errors.As and sends the other way: a "hard error" returned as a
	// protocol error by an adapter that makes every other error a tool error.
	Except []string
	// InputArg is the index of the wrapped call's argument that is the tool's input, or -1.
	// ArgsRead says it was read from a pass-through call of a typed-handler-shaped value
	// (pass-through mappings do not read it otherwise).
	InputArg int
	ArgsRead bool
	// DiscardsResult: the adapter's error branch drops the wrapped function's first result
	// (the server's own result type); DerefsResult: after the branch the adapter reads a
	// field of it without testing it for nil (podman's result.Content).
	DiscardsResult, DerefsResult bool
	// Override: the SDK handler returns the wrapped function's result and error unchanged,
	// so a wrapped function already recognised by its own SDK signature (a typed handler
	// handed to a low-level one) takes the SDK handler's flavour and error mapping instead.
	Override bool
	// Mixed: the adapter's error paths disagree for a reason other than the error's type (a
	// sentinel, a flag): the error reaches the model as a tool error on some of them, so
	// Errors is ToolError and the function's protocol errors are not protocol errors on every
	// path (Handler.ErrorsConverted).
	Mixed bool
	// Results, ResultIndex, OutIndex and ErrorIndex are the SDK handler's result positions;
	// HasIn is true when it takes a typed input (pass-through adapters only).
	Results, ResultIndex, OutIndex, ErrorIndex int
	HasIn                                      bool
	// CallerJudges: a delegate of another package its callers already judge by its summary
	// (Handler.CallerJudges).
	CallerJudges bool
	// UpstreamArgs are, for a delegate, the arguments (receiver first) its call sites give
	// the error of a call that leaves the process (Handler.UpstreamParams).
	UpstreamArgs []int
	// Passes is the adapter's first return that sends the wrapped function's error on as a
	// protocol error (Handler.AdapterReturn), or NoPos; meaningful in the adapter's package.
	Passes token.Pos
}

// Wrap is one way an adapter receives functions: for an adapter function, the parameter
// (called directly, through the interface method Method, or through reflection); for a
// field, an interface method or a func type, Param is -1.
type Wrap struct {
	Param  int
	Method string
	Mapping
}

// AdapterFact is exported on what carries an adapter's mapping across packages: an adapter
// function (the parameters it wraps), a func-typed struct field an adapter calls, an
// interface method an adapter calls, or a func type whose method an adapter calls (values
// converted to it are wrapped).
type AdapterFact struct {
	Wraps []Wrap
}

func (*AdapterFact) AFact() {}

func (f *AdapterFact) String() string {
	var parts []string
	for _, w := range f.Wraps {
		s := fmt.Sprintf("%s errors=%d", w.Via, w.Errors)
		if w.Param >= 0 {
			s = fmt.Sprintf("param%d %s", w.Param, s)
		}
		if w.Method != "" {
			s += " method=" + w.Method
		}
		if len(w.Except) > 0 {
			s += " except=" + strings.Join(w.Except, ",")
		}
		parts = append(parts, s)
	}
	return "adapter(" + strings.Join(parts, "; ") + ")"
}

// ReturnedAdapterFact is exported on a function that returns an adapter as a closure (`func
// NewWrap() func(fn any) Handler { return func(fn any) Handler { … } }`): the parameters of
// that closure it wraps, for the package variables of other packages that hold its result.
type ReturnedAdapterFact struct {
	Wraps []Wrap
}

func (*ReturnedAdapterFact) AFact() {}

func (f *ReturnedAdapterFact) String() string {
	return "returned " + (&AdapterFact{Wraps: f.Wraps}).String()
}

// OwnResultFact is exported on a struct type of the module that an adapter converts into the
// SDK's tool result (the server's own result type), naming its bool field that marks an
// error: helpers that build it, in any package, are read as building the SDK's result.
type OwnResultFact struct {
	ErrorField string
}

func (*OwnResultFact) AFact() {}

func (f *OwnResultFact) String() string { return "ownresult(" + f.ErrorField + ")" }
