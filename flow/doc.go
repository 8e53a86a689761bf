// Package flow is mcplint's flow engine: the one place that answers questions about paths
// through a function, on the SSA form of golang.org/x/tools/go/ssa.
//
// Per return of a function it says, on each path that reaches the return, whether each result
// is nil, non-nil or unknown (branch conditions, else and switch, phis of every shape,
// named results), which concrete type flows into an interface result and whether that is a nil
// pointer (a typed nil), which errors are in hand (known non-nil where a block runs), and
// where a value came from (a parameter, a call's result, a constant) through locals, fields,
// string building and calls. Module functions are summarised (the nilness shapes of their
// returns and the concrete types of their error results) and the summaries cross packages as
// facts.
//
// It knows nothing about MCP: no SDK import path, no API name. Recognition (mcpdefs) and the
// rule families ask it and interpret its answers; it imports neither of them, nor the driver.
//
// It builds SSA only for packages of the analysed module (dependencies are summarised from
// their types alone), and only once per package. Packages with type errors get no SSA: every
// question about them answers "unknown", and the rules stay silent there.
package flow
