package typewalk

import "strings"

// StepKind is one step down a schema: into a property, an array's items or a map's values.
type StepKind int

const (
	// Property steps into a struct field; Step.Name is its JSON property name.
	Property StepKind = iota + 1
	// Items steps into the elements of a slice or array.
	Items
	// Values steps into the values of a map.
	Values
)

// Step is one step of a Path.
type Step struct {
	Kind StepKind
	Name string
}

// Path locates a schema node below the root, as JSON sees it.
type Path []Step

// String renders the path the way users read it: filters[].status, labels{}.name.
func (p Path) String() string {
	var b strings.Builder
	for i, s := range p {
		switch s.Kind {
		case Property:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.Name)
		case Items:
			b.WriteString("[]")
		case Values:
			b.WriteString("{}")
		}
	}
	return b.String()
}

// Under renders the path below a root name: Under("input") of filters[].status is
// input.filters[].status.
func (p Path) Under(root string) string {
	s := p.String()
	switch {
	case s == "":
		return root
	case len(p) > 0 && p[0].Kind == Property:
		return root + "." + s
	}
	return root + s
}

// With returns a copy of p extended by s; p itself is never modified, so paths can share
// prefixes safely.
func (p Path) With(s Step) Path {
	out := make(Path, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

// HasPrefix reports whether q is a prefix of p.
func (p Path) HasPrefix(q Path) bool {
	if len(q) > len(p) {
		return false
	}
	for i := range q {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}
