package contents

type Func func(int) error

type Tool struct {
	Name    string
	Handler Func
}

type Handler interface{ Handle(int) error }

type typed struct{}

func (typed) Handle(int) error { return nil }

func a(int) error { return nil }
func b(int) error { return nil }
func c(int) error { return nil }
func d(int) error { return nil }

func registerTools([]Tool)        {}
func registerTool(Tool)           {}
func registerFunc(Func)           {}
func registerMap(map[string]Func) {}
func registerHandler(Handler)     {}
func registerName(string)         {}

// Two tables of one element type: each leads to its own functions only.
var first = []Tool{{"a", a}}
var second = []Tool{{"b", b}, {"c", c}}

func tables() {
	registerTools(first)  // want `contents: a`
	registerTools(second) // want `contents: b c`
}

// A closure registered for each element of a table leads to the table's functions.
func closures() {
	for _, t := range first {
		registerFunc(func(n int) error { return t.Handler(n) }) // want `contents: a closures\$1`
	}
}

// Maps, struct literals built in a local, wrappers, and parameters.
func wrap(f Func) Func { return f }

func maps() {
	registerMap(map[string]Func{"d": d}) // want `contents: d`
	t := Tool{Name: "x"}
	t.Handler = c
	registerTool(t)       // want `contents: c`
	registerFunc(wrap(b)) // want `contents: b`
	given(a)
}

func given(f Func) {
	registerFunc(f) // want `contents: a`
}

// A value converted to an interface leads to its type's methods.
func ifaces() {
	var h Handler = typed{}
	registerHandler(h) // want `contents: typed`
}

// A string or a number leads nowhere.
func plain() {
	registerName("a") // want `contents: -`
}

// An interface method's implementations in the package: what they return.
type maker interface{ make() Tool }

type dMaker struct{}

func (dMaker) make() Tool { return Tool{Name: "d", Handler: d} }

func makers(ms []maker) {
	var tools []Tool
	for _, m := range ms {
		tools = append(tools, m.make())
	}
	registerTools(tools) // want `contents: d`
}
