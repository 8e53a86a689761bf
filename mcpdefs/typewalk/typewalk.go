// Package typewalk computes, from go/types alone, what a Go MCP SDK's schema inference makes
// of a Go type: the JSON Schema shape, every property with its path, description and
// requiredness, and every problem that makes inference fail or lose data.
//
// It mirrors github.com/google/jsonschema-go v0.4.3's ForType, which go-sdk v1.8.0 uses
// directly and mark3labs/mcp-go v1.2.1 uses with IgnoreInvalidTypes plus its own tag layer.
// Unlike ForType, which stops at the first error, the walk reports every problem, so one lint
// run shows them all. Each problem says what it does under the SDK's rules: a start-up panic in
// go-sdk, a silently empty schema or a silently dropped property in mark3labs. invopop.go
// models github.com/invopop/jsonschema's Reflector the same way, for schemas a module builds
// itself with that library.
//
// It knows go/types and the libraries' rules, nothing of recognition: it must not import
// mcpdefs, an SDK or a rule family.
package typewalk

import (
	"go/types"
	"sort"
	"strings"
)

// Library is the schema library whose behaviour a walk mirrors: go-sdk uses jsonschema-go,
// mark3labs its own wrapper around invopop/jsonschema.
type Library int

const (
	// GoSDK is jsonschema-go's ForType with default options: any problem is an error, and
	// mcp.AddTool panics on it.
	GoSDK Library = iota + 1
	// MarkLabs is mcp-go's schemaFor: ForType with IgnoreInvalidTypes, the enum= tag fallback,
	// and descriptions from jsonschema_description or the jsonschema tag's text.
	MarkLabs
	// Invopop is mcp-go v0.36 to v0.45, which built struct schemas with invopop/jsonschema:
	// the jsonschema tag is comma-separated options (`required,description=...`), where
	// required does make the property required and description= describes it.
	Invopop
)

// Effect is what a problem does to the server under the SDK's rules.
type Effect int

const (
	// Panics: go-sdk's schema inference fails and mcp.AddTool panics at start-up.
	Panics Effect = iota + 1
	// SchemaLost: mark3labs' schema generation fails; it prints the error to stderr and the
	// tool keeps the empty default schema.
	SchemaLost
	// FieldDropped: mark3labs leaves the property out of the schema without a word.
	FieldDropped
	// Crashes: mark3labs recurses without end while applying its tags; the process dies of a
	// stack overflow when the tool is built.
	Crashes
)

// ProblemKind classifies problems.
type ProblemKind int

const (
	// UnsupportedType: chan, func, complex or unsafe.Pointer.
	UnsupportedType ProblemKind = iota + 1
	// UnsupportedMapKey: a map key that is neither a string kind nor a TextMarshaler.
	UnsupportedMapKey
	// TypeCycle: a named type that contains itself.
	TypeCycle
	// EmbeddedOverride: an embedded time.Time, slog.Level or math/big type, whose built-in
	// string schema jsonschema-go refuses to merge into the outer object.
	EmbeddedOverride
	// EmptyTag: jsonschema:"".
	EmptyTag
	// WordTag: a jsonschema tag beginning WORD= (go-sdk), or holding a key=value option other
	// than enum= in a type where some tag begins WORD= (mark3labs).
	WordTag
	// EmbeddingCycle: a struct that embeds itself through exported embedded fields, which
	// mark3labs' tag layer follows forever (go-sdk is fine with it).
	EmbeddingCycle
)

// Problem is one reason inference fails or loses data.
type Problem struct {
	Kind   ProblemKind
	Effect Effect
	// Path is where the problem is; empty at the root.
	Path Path
	// Field is the struct field whose type or tag is at fault (the declaration, for generic
	// types); nil when the root type itself is at fault.
	Field *types.Var
	// Type is the offending type (unsupported types, map keys, cycles, embedded overrides).
	Type types.Type
	// Tag is the jsonschema tag value (tag problems).
	Tag string
}

// Node is the JSON type a schema node gets.
type Node struct {
	// Type is "object", "array", "string", "integer", "number", "boolean", or "" for an
	// unrestricted schema (interfaces).
	Type string
	// Nullable is true when the schema also admits null (pointers, slices), which makes
	// jsonschema-go emit a type list instead of a single type.
	Nullable bool
}

// Field is one property: a struct field the schema library turns into a JSON property.
type Field struct {
	Path Path
	// Var is the field's declaration (the generic origin for instantiated types).
	Var *types.Var
	// Type is the field's type as instantiated.
	Type types.Type
	// Tag is the raw struct tag.
	Tag string
	// Name is the JSON property name.
	Name string
	// Required is jsonschema-go's requiredness: no omitempty or omitzero in the json tag.
	Required bool
	// Omit is "omitempty" or "omitzero" when the json tag makes the field optional.
	Omit string
	// JSONSchemaTag is the jsonschema tag value; HasJSONSchemaTag says whether there is one.
	JSONSchemaTag    string
	HasJSONSchemaTag bool
	// Description is the property description the SDK emits ("" for none).
	Description string
	Node        Node
}

// Leaf is a node with no properties below it: a string, number, boolean, an interface, or a
// type with a built-in string schema (time.Time). Format parity checks that each is shown.
type Leaf struct {
	Path  Path
	Type  types.Type
	Field *types.Var
}

// Result is the walk of one type.
type Result struct {
	Type     types.Type
	Library  Library
	Root     Node
	Fields   []*Field
	Leaves   []*Leaf
	Problems []*Problem
}

// Fatal reports whether the walk has a problem that stops the SDK from producing the schema
// at all (a panic in go-sdk, a lost schema in mark3labs).
func (r *Result) Fatal() bool {
	for _, p := range r.Problems {
		if p.Effect == Panics || p.Effect == SchemaLost {
			return true
		}
	}
	return false
}

// Walk computes what the SDK's schema inference makes of t. Pointers at the root are treated
// as the schema library treats them (a nullable schema); callers that mirror an SDK which
// strips a pointer first (go-sdk's typed AddTool) pass the element type.
func Walk(t types.Type, library Library) *Result {
	w := &walker{res: &Result{Type: t, Library: library}, library: library}
	root, _ := w.walk(t, nil, nil)
	w.res.Root = root
	if library != GoSDK {
		w.markLabsTags()
	}
	return w.res
}

// status is how a node came out: fine, invalid (ignored by IgnoreInvalidTypes: the nearest
// property is dropped), or failed (an error).
type status int

const (
	ok status = iota
	invalid
	failed
)

type walker struct {
	library Library
	res     *Result
	stack   typeStack
	// wordTags are mark3labs fields whose tag begins WORD=; blocking are those with a
	// key=value option that is not enum=.
	wordTags, blocking []*Field
}

func (w *walker) problem(kind ProblemKind, path Path, field *types.Var, t types.Type, tag string) {
	effect := Panics
	if w.library != GoSDK {
		switch kind {
		case UnsupportedType, UnsupportedMapKey:
			effect = FieldDropped
		case EmbeddingCycle:
			effect = Crashes
		default:
			effect = SchemaLost
		}
	}
	w.res.Problems = append(w.res.Problems, &Problem{Kind: kind, Effect: effect, Path: path, Field: origin(field), Type: t, Tag: tag})
}

// badType is the status of an unsupported type: an error for go-sdk, ignored for mark3labs.
func (w *walker) badType() status {
	if w.library != GoSDK {
		return invalid
	}
	return failed
}

func origin(v *types.Var) *types.Var {
	if v == nil {
		return nil
	}
	return v.Origin()
}

// derefPointers strips t's pointers and aliases, as jsonschema-go's forType does; nullable
// reports whether there was a pointer, which lets the value be null.
func derefPointers(t types.Type) (_ types.Type, nullable bool) {
	for {
		p, isPtr := types.Unalias(t).(*types.Pointer)
		if !isPtr {
			return types.Unalias(t), nullable
		}
		nullable = true
		t = p.Elem()
	}
}

// typeStack holds the named types on the current path of a walk, for cycle detection. It
// covers named types only, as reflect's Name() is empty for the rest.
type typeStack []types.Type

// enter pushes t when it is named and returns the function that pops it; cycle reports that
// t is already on the path (then nothing is pushed).
func (s *typeStack) enter(t types.Type) (leave func(), cycle bool) {
	if _, named := t.(*types.Named); !named {
		return func() {}, false
	}
	for _, on := range *s {
		if types.Identical(on, t) {
			return nil, true
		}
	}
	*s = append(*s, t)
	return func() { *s = (*s)[:len(*s)-1] }, false
}

// walk mirrors jsonschema-go's forType.
func (w *walker) walk(t types.Type, path Path, field *types.Var) (Node, status) {
	t, allowNull := derefPointers(t)
	leave, cycle := w.stack.enter(t)
	if cycle {
		w.problem(TypeCycle, path, field, t, "")
		return Node{}, failed
	}
	defer leave()

	if isStringOverride(t) {
		w.leaf(path, t, field)
		return nullable(Node{Type: "string"}, allowNull), ok
	}

	var n Node
	st := ok
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			n.Type = "boolean"
		case u.Info()&types.IsInteger != 0:
			n.Type = "integer"
		case u.Info()&types.IsFloat != 0:
			n.Type = "number"
		case u.Info()&types.IsString != 0:
			n.Type = "string"
		default: // complex, unsafe.Pointer
			w.problem(UnsupportedType, path, field, t, "")
			return Node{}, w.badType()
		}
		w.leaf(path, t, field)
	case *types.Interface:
		w.leaf(path, t, field)
		return Node{}, ok
	case *types.Map:
		if !isStringKind(u.Key()) && !isTextMarshaler(u.Key()) {
			w.problem(UnsupportedMapKey, path, field, u.Key(), "")
			if w.library != GoSDK {
				return Node{}, invalid
			}
			st = failed
		}
		n.Type = "object"
		if _, es := w.walk(u.Elem(), path.With(Step{Kind: Values}), field); es != ok {
			return Node{}, worst(st, es)
		}
	case *types.Slice:
		n = Node{Type: "array", Nullable: true}
		if _, es := w.walk(u.Elem(), path.With(Step{Kind: Items}), field); es != ok {
			return Node{}, es
		}
	case *types.Array:
		n.Type = "array"
		if _, es := w.walk(u.Elem(), path.With(Step{Kind: Items}), field); es != ok {
			return Node{}, es
		}
	case *types.Struct:
		n.Type = "object"
		st = w.object(t, path)
	default: // chan, func
		w.problem(UnsupportedType, path, field, t, "")
		return Node{}, w.badType()
	}
	if n.Nullable {
		// A slice behind a pointer is still ["null","array"].
		return n, st
	}
	return nullable(n, allowNull), st
}

func worst(a, b status) status {
	if a == failed || b == failed {
		return failed
	}
	if a == invalid || b == invalid {
		return invalid
	}
	return ok
}

func nullable(n Node, allowNull bool) Node {
	if allowNull && n.Type != "" {
		n.Nullable = true
	}
	return n
}

func (w *walker) leaf(path Path, t types.Type, field *types.Var) {
	w.res.Leaves = append(w.res.Leaves, &Leaf{Path: path, Type: t, Field: origin(field)})
}

// object walks a struct's properties as jsonschema-go does: reflect.VisibleFields order,
// embedded fields skipped (their promoted fields are visible), unexported and json:"-"
// fields skipped, the field type before the tag, the last field of a JSON name winning.
func (w *walker) object(t types.Type, path Path) status {
	st := ok
	if w.library != GoSDK {
		if f := embeddingCycle(t); f != nil {
			w.problem(EmbeddingCycle, path, f, t, "")
		}
	}
	// byName records, per property name, the range of res.Fields and res.Leaves the current
	// holder of the name added, so a later field of the same name can replace it.
	type span struct{ fieldsFrom, fieldsTo, leavesFrom, leavesTo int }
	byName := map[string]span{}
	var shadowed []span
	for _, vf := range visibleFields(t) {
		f, tag := vf.v, vf.tag
		if f.Anonymous() {
			if isStringOverride(types.Unalias(f.Type())) {
				w.problem(EmbeddedOverride, path, f, f.Type(), "")
				st = failed
			}
			continue
		}
		info := fieldJSONInfo(f.Name(), f.Exported(), tag)
		if info.omit {
			continue
		}
		if js, _ := Lookup(tag, "jsonschema"); w.library == Invopop && strings.Split(js, ",")[0] == "-" {
			// invopop skips a field tagged jsonschema:"-" as it skips json:"-" (its
			// ignoredByJSONSchemaTags): no property, nothing below it walked.
			continue
		}
		fieldPath := path.With(Step{Kind: Property, Name: info.name})
		sp := span{fieldsFrom: len(w.res.Fields), leavesFrom: len(w.res.Leaves)}
		fieldRecord := &Field{Path: fieldPath, Var: origin(f), Type: f.Type(), Tag: tag, Name: info.name}
		w.res.Fields = append(w.res.Fields, fieldRecord)
		node, fs := w.walk(f.Type(), fieldPath, f)
		if fs == invalid {
			// mark3labs: the property silently disappears, its tag unread.
			w.res.Fields = w.res.Fields[:sp.fieldsFrom]
			w.res.Leaves = w.res.Leaves[:sp.leavesFrom]
			continue
		}
		st = worst(st, fs)
		fieldRecord.Node = node
		switch {
		case info.settings["omitempty"]:
			fieldRecord.Omit = "omitempty"
		case info.settings["omitzero"]:
			fieldRecord.Omit = "omitzero"
		}
		fieldRecord.Required = fieldRecord.Omit == ""
		js, has := Lookup(tag, "jsonschema")
		fieldRecord.JSONSchemaTag, fieldRecord.HasJSONSchemaTag = js, has
		if w.tag(fieldRecord) {
			st = failed
		}
		sp.fieldsTo, sp.leavesTo = len(w.res.Fields), len(w.res.Leaves)
		if old, dup := byName[info.name]; dup {
			shadowed = append(shadowed, old)
		}
		byName[info.name] = sp
	}
	// Drop what shadowed properties added (a later field with the same JSON name replaced
	// them in the properties map), last span first so earlier indexes stay valid.
	sort.Slice(shadowed, func(i, j int) bool { return shadowed[i].fieldsFrom < shadowed[j].fieldsFrom })
	for i := len(shadowed) - 1; i >= 0; i-- {
		sp := shadowed[i]
		w.res.Fields = append(w.res.Fields[:sp.fieldsFrom], w.res.Fields[sp.fieldsTo:]...)
		w.res.Leaves = append(w.res.Leaves[:sp.leavesFrom], w.res.Leaves[sp.leavesTo:]...)
	}
	return st
}

// tag checks a field's jsonschema tag and sets its description; it reports whether the tag
// makes inference fail.
func (w *walker) tag(f *Field) bool {
	switch w.library {
	case GoSDK:
		if readable, fails := w.readableTag(f); !readable {
			return fails
		}
		if IsWordTag(f.JSONSchemaTag) {
			w.problem(WordTag, f.Path, f.Var, nil, f.JSONSchemaTag)
			return true
		}
		f.Description = f.JSONSchemaTag
	case MarkLabs:
		f.Description = markLabsDescription(f.Tag)
		if readable, fails := w.readableTag(f); !readable {
			return fails
		}
		if IsWordTag(f.JSONSchemaTag) {
			w.wordTags = append(w.wordTags, f)
		}
		if blocksFallback(f.JSONSchemaTag) {
			w.blocking = append(w.blocking, f)
		}
	case Invopop:
		f.Description = invopopDescription(f.Tag)
		if f.HasJSONSchemaTag {
			for _, opt := range strings.Split(f.JSONSchemaTag, ",") {
				if strings.TrimSpace(opt) == "required" {
					f.Required = true
				}
			}
		}
	}
	return false
}

// readableTag reports whether f has a jsonschema tag with something to read. An empty one is
// an EmptyTag problem, which makes go-sdk's and mark3labs' inference fail (fails).
func (w *walker) readableTag(f *Field) (readable, fails bool) {
	if !f.HasJSONSchemaTag {
		return false, false
	}
	if f.JSONSchemaTag == "" {
		w.problem(EmptyTag, f.Path, f.Var, nil, "")
		return false, true
	}
	return true, false
}

// markLabsTags decides the fate of WORD= tags under mark3labs: when every key=value option
// in the type is enum=, its fallback parser builds the schema; otherwise generation fails, and
// each tag holding another option is at fault.
func (w *walker) markLabsTags() {
	if len(w.wordTags) > 0 {
		for _, f := range w.blocking {
			w.problem(WordTag, f.Path, f.Var, nil, f.JSONSchemaTag)
		}
	}
	// The tag layer (and its endless recursion) only runs when generation succeeded.
	if w.res.Fatal() {
		kept := w.res.Problems[:0]
		for _, p := range w.res.Problems {
			if p.Kind != EmbeddingCycle {
				kept = append(kept, p)
			}
		}
		w.res.Problems = kept
	}
}

// embeddingCycle finds, for mark3labs, an exported embedded field without a JSON name that
// leads (through pointers and further such fields) back to t: applyStructFieldTags follows
// those with no memory of where it has been.
func embeddingCycle(t types.Type) *types.Var {
	var chain []types.Type
	var visit func(types.Type) *types.Var
	visit = func(s types.Type) *types.Var {
		for _, c := range chain {
			if types.Identical(c, s) {
				return nil
			}
		}
		chain = append(chain, s)
		defer func() { chain = chain[:len(chain)-1] }()
		st, isStruct := s.Underlying().(*types.Struct)
		if !isStruct {
			return nil
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Anonymous() || !f.Exported() {
				continue
			}
			info := fieldJSONInfo(f.Name(), true, st.Tag(i))
			if info.omit || info.explicitName {
				continue
			}
			ft := types.Unalias(f.Type())
			if p, isPtr := ft.(*types.Pointer); isPtr {
				ft = types.Unalias(p.Elem())
			}
			if types.Identical(ft, t) {
				return f
			}
			if v := visit(ft); v != nil {
				return v
			}
		}
		return nil
	}
	return visit(t)
}

// isStringOverride reports the standard-library types jsonschema-go maps to a string schema
// without looking inside: time.Time, slog.Level, big.Int, big.Rat, big.Float.
func isStringOverride(t types.Type) bool {
	n, isNamed := t.(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "time.Time", "log/slog.Level", "math/big.Int", "math/big.Rat", "math/big.Float":
		return true
	}
	return false
}

func isStringKind(t types.Type) bool {
	b, isBasic := t.Underlying().(*types.Basic)
	return isBasic && b.Info()&types.IsString != 0
}

// isTextMarshaler reports whether t's method set (values, not pointers) has
// MarshalText() ([]byte, error), as reflect's Implements(encoding.TextMarshaler) requires.
func isTextMarshaler(t types.Type) bool {
	sel := types.NewMethodSet(t).Lookup(nil, "MarshalText")
	if sel == nil {
		return false
	}
	sig, isSig := sel.Type().(*types.Signature)
	if !isSig || sig.Params().Len() != 0 || sig.Results().Len() != 2 {
		return false
	}
	s, isSlice := sig.Results().At(0).Type().(*types.Slice)
	if !isSlice {
		return false
	}
	b, isBasic := s.Elem().(*types.Basic)
	return isBasic && b.Kind() == types.Byte && types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// visField is a field reflect.VisibleFields would return, with its tag.
type visField struct {
	v     *types.Var
	tag   string
	depth int
}

// visibleFields mirrors reflect.VisibleFields over go/types: fields in index preorder,
// embedded structs (and pointers to them) followed by their promoted fields, a field hidden
// by a shallower one of the same name, and same-depth namesakes cancelling out.
func visibleFields(t types.Type) []visField {
	v := &visibleWalker{byName: map[string]int{}}
	v.walk(t, 0)
	out := v.fields[:0]
	for _, f := range v.fields {
		if f.v != nil {
			out = append(out, f)
		}
	}
	return out
}

type visibleWalker struct {
	byName   map[string]int
	visiting []types.Type
	fields   []visField
}

func (w *visibleWalker) walk(t types.Type, depth int) {
	for _, s := range w.visiting {
		if types.Identical(s, t) {
			return
		}
	}
	w.visiting = append(w.visiting, t)
	defer func() { w.visiting = w.visiting[:len(w.visiting)-1] }()
	st, isStruct := t.Underlying().(*types.Struct)
	if !isStruct {
		return
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		add := true
		if old, seen := w.byName[f.Name()]; seen {
			o := &w.fields[old]
			switch {
			case depth+1 == o.depth:
				o.v = nil
				add = false
			case depth+1 < o.depth:
				o.v = nil
			default:
				add = false
			}
		}
		if add {
			w.byName[f.Name()] = len(w.fields)
			w.fields = append(w.fields, visField{v: f, tag: st.Tag(i), depth: depth + 1})
		}
		if f.Anonymous() {
			ft := types.Unalias(f.Type())
			if p, isPtr := ft.(*types.Pointer); isPtr {
				ft = types.Unalias(p.Elem())
			}
			if _, isStruct := ft.Underlying().(*types.Struct); isStruct {
				w.walk(ft, depth+1)
			}
		}
	}
}

// VisibleField is a field reflect.VisibleFields would return for a struct type, with its tag.
type VisibleField struct {
	Var *types.Var
	Tag string
}

// VisibleFields mirrors reflect.VisibleFields over go/types (see visibleFields), for code
// that binds values into struct fields by reflection as the runtime library does.
func VisibleFields(t types.Type) []VisibleField {
	var out []VisibleField
	for _, f := range visibleFields(t) {
		out = append(out, VisibleField{Var: f.v, Tag: f.tag})
	}
	return out
}

// Described reports whether the field carries a description under its rules.
func (f *Field) Described() bool { return strings.TrimSpace(f.Description) != "" }
