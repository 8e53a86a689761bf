package typewalk

import (
	"errors"
	"fmt"
	"go/types"
	"iter"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/semver"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// This file mirrors github.com/invopop/jsonschema's Reflector (v0.12.0 to v0.14.0), for
// schemas a module builds itself with jsonschema.Reflect(&T{}) or a Reflector literal and
// hands to an SDK as a hand-built schema. Its rules differ from jsonschema-go's: every named
// struct, slice and map type becomes a $defs entry reached by $ref, the root carries $schema
// and $id, pointers are not nullable, integers have no bounds, a field is required unless its
// json tag says omitempty (or, from v0.14.0, omitzero), and the jsonschema tag is
// comma-separated options (required, nullable, description=..., enum=..., minimum=...).
// Whatever the library would do through user code (JSONSchema methods, Mapper, Namer,
// comments) or that is not mirrored is an error, so that the caller marks the schema
// unknown rather than guessing.

// InvopopOptions are the Reflector fields that shape the schema, as written in the module.
type InvopopOptions struct {
	// Version is the module's invopop/jsonschema version ("" for the newest mirrored).
	Version                    string
	BaseSchemaID               string
	Anonymous                  bool
	AssignAnchor               bool
	AllowAdditionalProperties  bool
	RequiredFromJSONSchemaTags bool
	DoNotReference             bool
	ExpandedStruct             bool
}

// InvopopVersions are the versions whose reflect.go the mirror follows.
var InvopopVersions = []string{"v0.12.0", "v0.13.0", "v0.14.0"}

// InvopopFields are the Reflector fields the mirror understands; a literal that sets any
// other field (Mapper, Namer, KeyNamer, Lookup, CommentMap, ...) is not mirrored.
var InvopopFields = []string{"BaseSchemaID", "Anonymous", "AssignAnchor", "AllowAdditionalProperties",
	"RequiredFromJSONSchemaTags", "DoNotReference", "ExpandedStruct"}

// invopopMethods are the methods through which a type changes its own schema in invopop
// (JSONSchema, JSONSchemaExtend, JSONSchemaAlias, JSONSchemaProperty, GetFieldDocString,
// and protobuf enums' EnumDescriptor): their results are run-time values.
var invopopMethods = []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty", "GetFieldDocString", "EnumDescriptor"}

// invopopSchemaVersion is the $schema every root gets.
const invopopSchemaVersion = "https://json-schema.org/draft/2020-12/schema"

// InvopopSchema returns the JSON invopop/jsonschema's Reflector.Reflect marshals for a value
// of type t, or an error saying why it is not mirrored (or why the library panics).
func InvopopSchema(t types.Type, o InvopopOptions) (any, error) {
	if o.Version != "" && !slices.Contains(InvopopVersions, semver.Canonical(o.Version)) {
		return nil, fmt.Errorf("invopop/jsonschema %s is not mirrored (only %s)", o.Version, strings.Join(InvopopVersions, ", "))
	}
	r := &invopop{o: o, defs: map[string]*ischema{}, defTypes: map[string]types.Type{}}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	t = types.Unalias(t)
	name, err := r.typeName(t)
	if err != nil {
		return nil, err
	}
	bs, err := r.reflectType(t)
	if err != nil {
		return nil, err
	}
	s := bs
	if d, ok := r.defs[name]; o.ExpandedStruct && ok {
		cp := *d
		s = &cp
		delete(r.defs, name)
	} else if o.ExpandedStruct && !r.since("v0.14.0") {
		return nil, errors.New("ExpandedStruct on a type that is no $defs entry: the library panics")
	} else {
		cp := *bs
		s = &cp
	}
	if !o.Anonymous && s.id == "" {
		base := o.BaseSchemaID
		if base == "" {
			if pkg := pkgPath(t); validID("https://" + pkg) {
				base = "https://" + pkg
			}
		}
		if base != "" {
			s.id = addID(base, toSnakeCase(name))
		}
	}
	s.version = invopopSchemaVersion
	if !o.DoNotReference {
		s.defs = r.defs
	}
	return s.marshal(), nil
}

// ischema is invopop's Schema with the fields the mirror sets.
type ischema struct {
	version, id, anchor, ref string
	defs                     map[string]*ischema
	oneOf                    []*ischema
	items                    *ischema
	props                    *ojsonProps
	patternProps             map[string]*ischema
	addl                     *ischema
	boolean                  *bool
	typ                      string
	enum                     []any
	multipleOf, maximum      any
	exclusiveMaximum         any
	minimum, exclusiveMin    any
	maxLength, minLength     *uint64
	pattern                  string
	maxItems, minItems       *uint64
	uniqueItems              bool
	required                 []string
	format, contentEncoding  string
	title, description       string
	dflt                     any
	readOnly, writeOnly      bool
	examples                 []any
}

type ojsonProps struct {
	names []string
	vals  map[string]*ischema
}

func (p *ojsonProps) set(name string, s *ischema) {
	if _, ok := p.vals[name]; !ok {
		p.names = append(p.names, name)
	}
	p.vals[name] = s
}

var falseSchema = func() *ischema { f := false; return &ischema{boolean: &f} }

type invopop struct {
	o        InvopopOptions
	defs     map[string]*ischema
	defTypes map[string]types.Type
	// embedding holds the structs whose fields are being inlined, to catch a struct that
	// embeds itself (the library recurses until the stack overflows).
	embedding []types.Type
	// inlining holds the named types being expanded without references (DoNotReference),
	// where a recursive type also overflows the stack.
	inlining []types.Type
}

// typeName is reflect.Type.Name: the declared name of a named type, the predeclared name of
// a basic type, "" for the rest. Instances of generic types are named with their type
// arguments' package paths, which the mirror does not spell: not mirrored.
func (r *invopop) typeName(t types.Type) (string, error) {
	switch x := types.Unalias(t).(type) {
	case *types.Named:
		if x.TypeArgs().Len() > 0 {
			return "", fmt.Errorf("generic type %s: its $defs name is not mirrored", x)
		}
		return x.Obj().Name(), nil
	case *types.Basic:
		switch x.Kind() {
		case types.UnsafePointer:
			return "Pointer", nil
		case types.Uint8:
			return "uint8", nil // reflect names byte by what it is
		case types.Int32:
			return "int32", nil
		}
		return x.Name(), nil
	}
	return "", nil
}

// pkgPath is reflect.Type.PkgPath: a command's types are in package "main", whatever its
// import path.
func pkgPath(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		if n.Obj().Pkg().Name() == "main" {
			return "main"
		}
		return n.Obj().Pkg().Path()
	}
	return ""
}

func (r *invopop) addDefinition(t types.Type, s *ischema) error {
	name, err := r.typeName(t)
	if err != nil || name == "" {
		return err
	}
	if prev, ok := r.defTypes[name]; ok && !types.Identical(prev, t) {
		return fmt.Errorf("two types named %s share one $defs entry", name)
	}
	r.defs[name], r.defTypes[name] = s, t
	return nil
}

// refDefinition is the $ref to t's definition when there is one.
func (r *invopop) refDefinition(t types.Type) (*ischema, error) {
	if r.o.DoNotReference {
		return nil, nil
	}
	name, err := r.typeName(t)
	if err != nil || name == "" {
		return nil, err
	}
	prev, ok := r.defTypes[name]
	if !ok {
		return nil, nil
	}
	if !types.Identical(prev, t) {
		return nil, fmt.Errorf("two types named %s share one $defs entry", name)
	}
	return &ischema{ref: "#/$defs/" + name}, nil
}

func (r *invopop) refOrReflect(t types.Type) (*ischema, error) {
	t = types.Unalias(t)
	if def, err := r.refDefinition(t); def != nil || err != nil {
		return def, err
	}
	return r.reflectType(t)
}

func hasMethod(t types.Type, names []string) string {
	for _, m := range []types.Type{t, types.NewPointer(t)} {
		ms := types.NewMethodSet(m)
		for _, n := range names {
			for i := range ms.Len() {
				if ms.At(i).Obj().Name() == n {
					return n
				}
			}
		}
	}
	return ""
}

// isRawMessage reports whether t is the type json.RawMessage denotes: its own named type, or,
// where encoding/json is built on v2 (Go 1.27, or GOEXPERIMENT=jsonv2), jsontext.Value, of
// which it is then an alias. invopop compares reflect types, so it sees the same.
func isRawMessage(t types.Type) bool {
	return isNamed(t, "encoding/json", "RawMessage") || isNamed(t, "encoding/json/jsontext", "Value")
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func (r *invopop) reflectType(t types.Type) (*ischema, error) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return r.refOrReflect(p.Elem())
	}
	if m := hasMethod(t, invopopMethods); m != "" {
		return nil, fmt.Errorf("%s has a %s method, which builds its schema at run time", t, m)
	}
	if r.o.DoNotReference {
		if _, named := t.(*types.Named); named {
			for _, s := range r.inlining {
				if types.Identical(s, t) {
					return nil, fmt.Errorf("%s contains itself and DoNotReference is set: the library recurses without end", t)
				}
			}
			r.inlining = append(r.inlining, t)
			defer func() { r.inlining = r.inlining[:len(r.inlining)-1] }()
		}
	}
	st := &ischema{}
	if isNamed(t, "net", "IP") {
		st.typ, st.format = "string", "ipv4"
		return st, nil
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if err := r.reflectStruct(t, u, st); err != nil {
			return nil, err
		}
	case *types.Slice, *types.Array:
		if err := r.reflectSliceOrArray(t, st); err != nil {
			return nil, err
		}
	case *types.Map:
		if err := r.reflectMap(t, u, st); err != nil {
			return nil, err
		}
	case *types.Interface:
	case *types.Basic:
		switch u.Kind() {
		case types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
			types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64:
			st.typ = "integer"
		case types.Float32, types.Float64:
			st.typ = "number"
		case types.Bool:
			st.typ = "boolean"
		case types.String:
			st.typ = "string"
		default:
			return nil, fmt.Errorf("unsupported type %s: the library panics", t)
		}
	default:
		return nil, fmt.Errorf("unsupported type %s: the library panics", t)
	}
	if def, err := r.refDefinition(t); def != nil || err != nil {
		return def, err
	}
	return st, nil
}

func isByte(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

func (r *invopop) reflectSliceOrArray(t types.Type, st *ischema) error {
	if isRawMessage(t) {
		return nil
	}
	if err := r.addDefinition(t, st); err != nil {
		return err
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Array:
		n := uint64(u.Len())
		st.minItems, st.maxItems = &n, &n
		elem = u.Elem()
	case *types.Slice:
		if isByte(u.Elem()) {
			st.typ, st.contentEncoding = "string", "base64"
			return nil
		}
		elem = u.Elem()
	}
	st.typ = "array"
	items, err := r.refOrReflect(elem)
	st.items = items
	return err
}

func (r *invopop) reflectMap(t types.Type, m *types.Map, st *ischema) error {
	if err := r.addDefinition(t, st); err != nil {
		return err
	}
	st.typ = "object"
	if k, ok := m.Key().Underlying().(*types.Basic); ok {
		switch k.Kind() {
		case types.Int, types.Int8, types.Int16, types.Int32, types.Int64:
			v, err := r.refOrReflect(m.Elem())
			st.patternProps = map[string]*ischema{"^[0-9]+$": v}
			st.addl = falseSchema()
			return err
		}
	}
	if _, isIface := m.Elem().Underlying().(*types.Interface); !isIface {
		v, err := r.refOrReflect(m.Elem())
		st.addl = v
		return err
	}
	return nil
}

func (r *invopop) reflectStruct(t types.Type, u *types.Struct, s *ischema) error {
	switch {
	case isNamed(t, "time", "Time"):
		s.typ, s.format = "string", "date-time"
		return nil
	case isNamed(t, "net/url", "URL"):
		s.typ, s.format = "string", "uri"
		return nil
	}
	if err := r.addDefinition(t, s); err != nil {
		return err
	}
	s.typ = "object"
	s.props = &ojsonProps{vals: map[string]*ischema{}}
	if r.o.AssignAnchor {
		s.anchor, _ = r.typeName(t)
	}
	if !r.o.AllowAdditionalProperties && s.addl == nil {
		s.addl = falseSchema()
	}
	return r.reflectStructFields(s, t)
}

func (r *invopop) reflectStructFields(st *ischema, t types.Type) error {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	u, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	if m := hasMethod(t, invopopMethods); m != "" {
		return fmt.Errorf("%s has a %s method, which builds its schema at run time", t, m)
	}
	for _, e := range r.embedding {
		if types.Identical(e, t) {
			return fmt.Errorf("%s embeds itself: the library recurses without end", t)
		}
	}
	r.embedding = append(r.embedding, t)
	defer func() { r.embedding = r.embedding[:len(r.embedding)-1] }()
	for i := range u.NumFields() {
		if err := r.field(st, u.Field(i), u.Tag(i)); err != nil {
			return err
		}
	}
	return nil
}

func tagGet(tag, key string) string {
	v, _ := Lookup(tag, key)
	return v
}

func (r *invopop) field(st *ischema, f *types.Var, tag string) error {
	jsonTags := strings.Split(tagGet(tag, "json"), ",")
	if jsonTags[0] == "-" {
		return nil
	}
	schemaTags := strings.Split(tagGet(tag, "jsonschema"), ",")
	if schemaTags[0] == "-" {
		return nil
	}
	var required bool
	if !r.o.RequiredFromJSONSchemaTags {
		required = !slices.Contains(jsonTags[1:], "omitempty") && !(r.since("v0.14.0") && slices.Contains(jsonTags[1:], "omitzero"))
	}
	if slices.Contains(schemaTags, "required") {
		required = true
	}
	nullable := slices.Contains(schemaTags, "nullable")
	ft := types.Unalias(f.Type())
	if f.Anonymous() && jsonTags[0] == "" {
		if _, isStruct := ft.Underlying().(*types.Struct); isStruct {
			return r.reflectStructFields(st, ft)
		}
		if p, isPtr := ft.(*types.Pointer); isPtr {
			if _, isStruct := p.Elem().Underlying().(*types.Struct); isStruct {
				return r.reflectStructFields(st, ft)
			}
		}
	}
	if r.since("v0.13.0") && slices.Contains(jsonTags[1:], "inline") {
		return r.reflectStructFields(st, ft)
	}
	name := f.Name()
	if jsonTags[0] != "" {
		name = jsonTags[0]
	}
	if !f.Anonymous() && !f.Exported() {
		return nil
	}
	if name == "" {
		return nil
	}
	// A property's type is reflected on its own: the structs being inlined around it are
	// not its ancestors.
	saved := r.embedding
	r.embedding = nil
	property, err := r.refOrReflect(ft)
	r.embedding = saved
	if err != nil {
		return err
	}
	if err := r.keywordsFromTags(property, tag, r.since("v0.14.0") && slices.Contains(jsonTags[1:], "string")); err != nil {
		return fmt.Errorf("field %s: %w", f.Name(), err)
	}
	if nullable {
		property = &ischema{oneOf: []*ischema{property, {typ: "null"}}}
	}
	st.props.set(name, property)
	if required && !slices.Contains(st.required, name) {
		st.required = append(st.required, name)
	}
	return nil
}

// since reports whether the module's version is v or later (an unknown version is the newest).
func (r *invopop) since(v string) bool {
	return r.o.Version == "" || semver.Compare(r.o.Version, v) >= 0
}

// keywordsFromTags is structKeywordsFromTags.
// asString is the json ",string" option, which v0.14.0 shows as a string type on integers,
// numbers and booleans.
func (r *invopop) keywordsFromTags(t *ischema, tag string, asString bool) error {
	t.description = tagGet(tag, "jsonschema_description")
	if extras := tagGet(tag, "jsonschema_extras"); strings.Contains(extras, "=") {
		return errors.New("jsonschema_extras are not mirrored")
	}
	tags, err := t.genericKeywords(splitOnUnescapedCommas(tagGet(tag, "jsonschema")))
	if err != nil {
		return err
	}
	if asString && (t.typ == "integer" || t.typ == "number" || t.typ == "boolean") {
		t.typ = "string"
	}
	switch t.typ {
	case "string":
		t.stringKeywords(tags, r.o.Version)
	case "number", "integer":
		return t.numericalKeywords(tags)
	case "array":
		return t.arrayKeywords(tags, r.o.Version)
	case "boolean":
		t.booleanKeywords(tags)
	}
	return nil
}

// cutOptions yields the name and value of each option of tags that has an '=', split at the
// first one, as invopop's generic and string keywords read them.
func cutOptions(tags []string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, tag := range tags {
			if name, val, ok := strings.Cut(tag, "="); ok && !yield(name, val) {
				return
			}
		}
	}
}

// pairOptions yields the name and value of each option of tags with exactly one '=', as
// invopop's numeric, boolean and array keywords read them (an option with two is skipped).
func pairOptions(tags []string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, tag := range tags {
			if parts := strings.Split(tag, "="); len(parts) == 2 && !yield(parts[0], parts[1]) {
				return
			}
		}
	}
}

func (t *ischema) genericKeywords(tags []string) ([]string, error) {
	var unprocessed []string
	for name, val := range cutOptions(tags) {
		switch name {
		case "title":
			t.title = val
		case "description":
			t.description = val
		case "type":
			t.typ = val
		case "anchor":
			t.anchor = val
		case "oneof_required", "anyof_required", "oneof_ref", "oneof_type", "anyof_ref", "anyof_type":
			return nil, fmt.Errorf("the %s option is not mirrored", name)
		default:
			unprocessed = append(unprocessed, name+"="+val)
		}
	}
	return unprocessed, nil
}

// v012Formats are the formats v0.12.0 keeps from a format= option (it drops the rest).
var v012Formats = []string{"date-time", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"}

func (t *ischema) stringKeywords(tags []string, version string) {
	for name, val := range cutOptions(tags) {
		switch name {
		case "minLength":
			t.minLength = parseUint(val)
		case "maxLength":
			t.maxLength = parseUint(val)
		case "pattern":
			t.pattern = val
		case "format":
			if version != "" && semver.Compare(version, "v0.13.0") < 0 && !slices.Contains(v012Formats, val) {
				continue
			}
			t.format = val
		case "readOnly":
			t.readOnly, _ = strconv.ParseBool(val)
		case "writeOnly":
			t.writeOnly, _ = strconv.ParseBool(val)
		case "default":
			t.dflt = val
		case "example":
			t.examples = append(t.examples, val)
		case "enum":
			t.enum = append(t.enum, val)
		}
	}
}

// jsonNumber is toJSONNumber: a json.Number when the text parses as an integer or a float.
// Text that parses but is no JSON number (Inf, 1_000) makes encoding/json fail on the
// schema, which the mirror does not follow.
func jsonNumber(s string) (any, bool, error) {
	if _, err := strconv.ParseInt(s, 10, 64); err != nil {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return nil, false, nil
		}
	}
	if !jsonNumberText.MatchString(s) {
		return nil, false, fmt.Errorf("%q is no JSON number: encoding the schema fails", s)
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f, true, nil
}

var jsonNumberText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func (t *ischema) numericalKeywords(tags []string) error {
	for name, val := range pairOptions(tags) {
		switch name {
		case "multipleOf", "minimum", "maximum", "exclusiveMaximum", "exclusiveMinimum", "default", "example", "enum":
		default:
			continue
		}
		num, ok, err := jsonNumber(val)
		if err != nil {
			return err
		}
		switch name {
		case "multipleOf":
			t.multipleOf = num
		case "minimum":
			t.minimum = num
		case "maximum":
			t.maximum = num
		case "exclusiveMaximum":
			t.exclusiveMaximum = num
		case "exclusiveMinimum":
			t.exclusiveMin = num
		case "default":
			if ok {
				t.dflt = num
			}
		case "example":
			if ok {
				t.examples = append(t.examples, num)
			}
		case "enum":
			if ok {
				t.enum = append(t.enum, num)
			}
		}
	}
	return nil
}

func (t *ischema) booleanKeywords(tags []string) {
	for name, val := range pairOptions(tags) {
		if name != "default" {
			continue
		}
		switch val {
		case "true":
			t.dflt = true
		case "false":
			t.dflt = false
		}
	}
}

func (t *ischema) arrayKeywords(tags []string, version string) error {
	var defaults []any
	var unprocessed []string
	for name, val := range pairOptions(tags) {
		switch name {
		case "minItems":
			t.minItems = parseUint(val)
		case "maxItems":
			t.maxItems = parseUint(val)
		case "uniqueItems":
			t.uniqueItems = true
		case "default":
			defaults = append(defaults, val)
		case "format", "pattern":
			if t.items == nil {
				return errors.New("format= or pattern= on a type= array that has no items: the library panics")
			}
			if name == "format" {
				t.items.format = val
			} else {
				t.items.pattern = val
			}
		default:
			unprocessed = append(unprocessed, name+"="+val)
		}
	}
	if len(defaults) > 0 {
		t.dflt = defaults
	}
	if len(unprocessed) == 0 {
		return nil
	}
	if t.items == nil {
		return errors.New("item options on a type= array that has no items: the library panics")
	}
	switch t.items.typ {
	case "string":
		t.items.stringKeywords(unprocessed, version)
	case "number", "integer":
		return t.items.numericalKeywords(unprocessed)
	case "boolean":
		t.items.booleanKeywords(unprocessed)
	}
	return nil
}

func parseUint(s string) *uint64 {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return nil
	}
	return &v
}

// splitOnUnescapedCommas splits on commas not preceded by a backslash, which it removes.
func splitOnUnescapedCommas(tag string) []string {
	separated := strings.Split(tag, ",")
	ret := []string{separated[0]}
	i := 0
	for _, next := range separated[1:] {
		if len(ret[i]) == 0 {
			ret = append(ret, next)
			i++
			continue
		}
		if ret[i][len(ret[i])-1] == '\\' {
			ret[i] = ret[i][:len(ret[i])-1] + "," + next
		} else {
			ret = append(ret, next)
			i++
		}
	}
	return ret
}

var (
	matchFirstCap = regexp.MustCompile("(.)([A-Z][a-z]+)")
	matchAllCap   = regexp.MustCompile("([a-z0-9])([A-Z])")
)

func toSnakeCase(s string) string {
	s = matchFirstCap.ReplaceAllString(s, "${1}-${2}")
	s = matchAllCap.ReplaceAllString(s, "${1}-${2}")
	return strings.ToLower(s)
}

// validID is ID.Validate.
func validID(id string) bool {
	u, err := url.Parse(id)
	if err != nil || u.Hostname() == "" || !strings.Contains(u.Hostname(), ".") || u.Path == "" {
		return false
	}
	return u.Scheme == "https" || u.Scheme == "http"
}

// addID is ID.Add on the ID's base.
func addID(id, path string) string {
	if i := strings.LastIndex(id, "#"); i != -1 {
		id = id[:i]
	}
	id = strings.TrimRight(id, "/")
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return id + path
}

func u64(p *uint64) float64 { return float64(*p) }

// marshal writes the schema in the order of invopop's Schema fields, leaving out what
// omitempty leaves out; a schema with nothing set is true.
func (t *ischema) marshal() any {
	if t.boolean != nil {
		return *t.boolean
	}
	o := ojson.New()
	set := func(k string, v any, present bool) {
		if present {
			o.Set(k, v)
		}
	}
	set("$schema", t.version, t.version != "")
	set("$id", t.id, t.id != "")
	set("$anchor", t.anchor, t.anchor != "")
	set("$ref", t.ref, t.ref != "")
	if len(t.defs) > 0 {
		defs := ojson.New()
		names := make([]string, 0, len(t.defs))
		for n := range t.defs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			defs.Set(n, t.defs[n].marshal())
		}
		o.Set("$defs", defs)
	}
	if len(t.oneOf) > 0 {
		arr := make([]any, len(t.oneOf))
		for i, s := range t.oneOf {
			arr[i] = s.marshal()
		}
		o.Set("oneOf", arr)
	}
	if t.items != nil {
		o.Set("items", t.items.marshal())
	}
	if t.props != nil {
		props := ojson.New()
		for _, n := range t.props.names {
			props.Set(n, t.props.vals[n].marshal())
		}
		o.Set("properties", props)
	}
	if len(t.patternProps) > 0 {
		pp := ojson.New()
		for k, v := range t.patternProps {
			pp.Set(k, v.marshal())
		}
		o.Set("patternProperties", pp)
	}
	if t.addl != nil {
		o.Set("additionalProperties", t.addl.marshal())
	}
	set("type", t.typ, t.typ != "")
	set("enum", t.enum, len(t.enum) > 0)
	set("multipleOf", t.multipleOf, t.multipleOf != nil)
	set("maximum", t.maximum, t.maximum != nil)
	set("exclusiveMaximum", t.exclusiveMaximum, t.exclusiveMaximum != nil)
	set("minimum", t.minimum, t.minimum != nil)
	set("exclusiveMinimum", t.exclusiveMin, t.exclusiveMin != nil)
	if t.maxLength != nil {
		o.Set("maxLength", u64(t.maxLength))
	}
	if t.minLength != nil {
		o.Set("minLength", u64(t.minLength))
	}
	set("pattern", t.pattern, t.pattern != "")
	if t.maxItems != nil {
		o.Set("maxItems", u64(t.maxItems))
	}
	if t.minItems != nil {
		o.Set("minItems", u64(t.minItems))
	}
	set("uniqueItems", true, t.uniqueItems)
	if len(t.required) > 0 {
		req := make([]any, len(t.required))
		for i, r := range t.required {
			req[i] = r
		}
		o.Set("required", req)
	}
	set("format", t.format, t.format != "")
	set("contentEncoding", t.contentEncoding, t.contentEncoding != "")
	set("title", t.title, t.title != "")
	set("description", t.description, t.description != "")
	set("default", t.dflt, t.dflt != nil)
	set("readOnly", true, t.readOnly)
	set("writeOnly", true, t.writeOnly)
	set("examples", t.examples, len(t.examples) > 0)
	if o.Len() == 0 {
		return true
	}
	return o
}
