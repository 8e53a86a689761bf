package rule

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Declared lists family's rules: every exported method of R (the family's rules type) that
// takes nothing and returns an Entry[K], in the order of the methods' names, each in family
// (which no declaration repeats). A family
// declares each rule as one such method, in the rule's own file beside its function, so
// adding a rule adds no line to any list:
//
//	func (rules) ResultAndError() rule.Entry[*kinds] {
//		return rule.Declare(check{ID: "result-and-error", ...}, (*kinds).handlerBodies)
//	}
//
// Reflection sees the exported methods of an unexported type. A method of another shape is
// no rule; CheckDeclared, which each family's test calls, refuses it.
func Declared[R, K any](family Family) []Entry[K] {
	var out []Entry[K]
	t := reflect.TypeFor[R]()
	for i := range t.NumMethod() {
		if e, ok := declaration[R, K](t.Method(i)); ok {
			e.row.Family = family
			out = append(out, e)
		}
	}
	return out
}

// declaration calls m if it has the shape of a rule declaration.
func declaration[R, K any](m reflect.Method) (Entry[K], bool) {
	// Only a struct's zero value is a receiver every method can be called on (a nil pointer
	// or interface is not).
	if reflect.TypeFor[R]().Kind() != reflect.Struct || m.Type.NumIn() != 1 || m.Type.NumOut() != 1 || m.Type.Out(0) != reflect.TypeFor[Entry[K]]() {
		return Entry[K]{}, false
	}
	e, ok := m.Func.Call([]reflect.Value{reflect.Zero(m.Type.In(0))})[0].Interface().(Entry[K])
	return e, ok
}

// CheckDeclared reports what would make Declared miss or confuse a rule of R: an exported
// method that is not a declaration (it would never run), a method whose name is not its
// rule's ID in CamelCase (the rule could not be found from its name), and an ID declared
// twice. It also refuses a rules type with no declaration at all.
func CheckDeclared[R, K any]() error {
	t := reflect.TypeFor[R]()
	var errs []error
	byID := map[string]string{}
	for i := range t.NumMethod() {
		m := t.Method(i)
		e, ok := declaration[R, K](m)
		if !ok {
			errs = append(errs, fmt.Errorf("%s.%s is exported but is no rule declaration: it must take nothing and return %s", t, m.Name, reflect.TypeFor[Entry[K]]()))
			continue
		}
		id := e.row.ID
		if !strings.EqualFold(m.Name, strings.ReplaceAll(id, "-", "")) {
			errs = append(errs, fmt.Errorf("%s.%s declares rule %s: name the method after the ID (%s)", t, m.Name, id, camel(id)))
		}
		if other, dup := byID[id]; dup {
			errs = append(errs, fmt.Errorf("%s.%s and %s.%s both declare rule %s", t, other, t, m.Name, id))
		}
		byID[id] = m.Name
	}
	if t.Kind() != reflect.Struct {
		errs = append(errs, fmt.Errorf("%s is no struct type: declare rules as methods of an empty struct", t))
	} else if len(byID) == 0 {
		errs = append(errs, fmt.Errorf("%s declares no rule", t))
	}
	return errors.Join(errs...)
}

// camel is an ID in CamelCase, for the message that names the method to write.
func camel(id string) string {
	var b strings.Builder
	for _, w := range strings.Split(id, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}
