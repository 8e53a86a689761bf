// Package jsonvalue is a JSON value as mcplint reads it from Go code or from JSON text: a
// tree of objects, arrays and scalars in which every value and key knows where it is written
// (go/token positions, and byte offsets into the text it was parsed from), so that a finding
// points at the exact key; a value recognition cannot know at compile time is Dynamic.
//
// It knows JSON and positions only. Recognition (mcpdefs) builds values from Go expressions
// and rules read them; this package must not import mcpdefs, an SDK or a rule family.
package jsonvalue

import (
	"go/token"
	"strconv"
	"strings"
)

// Kind is the kind of a statically known JSON value.
type Kind int

// The kinds of JSON value, Dynamic for one known only at run time.
const (
	// Dynamic is a value recognition cannot know at compile time.
	Dynamic Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

// Value is a JSON value as written in Go code: a *jsonschema.Schema literal, a map[string]any
// literal, a json.RawMessage constant, mark3labs property options. Each node knows where it is
// written, so findings can point at the exact key.
type Value struct {
	Kind Kind
	// Pos and End delimit where the value is written (for text inside a raw string literal,
	// the value's own bytes; otherwise the Go expression).
	Pos, End token.Pos
	// Offset and EndOffset are byte offsets into the JSON text the node was parsed from.
	Offset, EndOffset int
	// TextPos and TextEnd delimit the Go expression holding the JSON text a node was parsed
	// from (invalid for nodes written as Go values). Findings about text inside a string are
	// best reported there: a suppression comment cannot go inside the string.
	TextPos, TextEnd token.Pos

	Str  string
	Num  float64
	Bool bool

	Elems   []*Value
	Members []*Member
	// Partial marks an object or array that may hold more than is listed (an option or
	// element recognition cannot read): the absence of a key proves nothing.
	Partial bool
	// Invalid is set on a Dynamic node whose constant text is not JSON; Err says why.
	Invalid bool
	Err     string
}

// Member is one key of an object.
type Member struct {
	Key       string
	KeyPos    token.Pos
	KeyOffset int
	Value     *Value
}

// Get returns the value of key, or nil when j is not an object or lacks the key. Duplicate
// keys resolve to the last one, as encoding/json does.
func (j *Value) Get(key string) *Value {
	if m := j.Member(key); m != nil {
		return m.Value
	}
	return nil
}

// Member returns the member of key (the last one), or nil.
func (j *Value) Member(key string) *Member {
	if j == nil || j.Kind != Object {
		return nil
	}
	var out *Member
	for _, m := range j.Members {
		if m.Key == key {
			out = m
		}
	}
	return out
}

// Set gives every member of key in the object j the value v, written at pos, or adds the
// member when there is none.
func (j *Value) Set(key string, pos token.Pos, v *Value) {
	set := false
	for _, m := range j.Members {
		if m.Key == key {
			m.Value, m.KeyPos, set = v, pos, true
		}
	}
	if !set {
		j.Members = append(j.Members, &Member{Key: key, KeyPos: pos, Value: v})
	}
}

// Known reports whether j is a statically known value.
func (j *Value) Known() bool { return j != nil && j.Kind != Dynamic }

// Path renders a path of keys and indexes for messages: properties.query.format.
func Path(keys ...string) string {
	var b strings.Builder
	for _, k := range keys {
		if _, err := strconv.Atoi(k); err == nil {
			b.WriteString("[" + k + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(k)
	}
	return b.String()
}
