// Package headercheck mirrors the check go-sdk v1.8.0 (mcp/streamable_headers.go,
// validateParamHeaderAnnotations) and mcp-go v1.2.1 (mcp/headers.go,
// ValidateParamHeaderAnnotations) run on a tool's x-mcp-header annotations (SEP-2243) when the
// tool is registered, exactly, including how each SDK decodes the input schema first: a schema
// the decoder rejects is not checked at all. It reads a schema as recognition evaluated it (a
// jsonvalue, which may be partial) and says which annotations the SDK rejects and which it
// accepts. It knows JSON values only and words no message (the rules do): it must not import
// an SDK or any package of the module but mcpdefs/jsonvalue; internal/layers' test pins it.
package headercheck

import (
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
)

// Key is the annotation's key in a property schema.
const Key = "x-mcp-header"

// Dialect is how one SDK decodes a schema before checking its annotations.
type Dialect struct {
	// foldKeys: encoding/json matches keys case-insensitively (mcp-go); go-sdk's decoder
	// does not.
	foldKeys bool
	// typeList: mcp-go reads "type" as raw JSON and accepts a list of permitted types; go-sdk
	// decodes it into a string, so a list anywhere in the properties fails the decode.
	typeList bool
}

var (
	// GoSDK decodes as go-sdk (and mcptool, which registers through it) does.
	GoSDK = Dialect{}
	// MarkLabs decodes as mcp-go does.
	MarkLabs = Dialect{foldKeys: true, typeList: true}
)

// Fault is which of the SDKs' four checks an annotation fails first, in their order.
type Fault int

const (
	// NotPrimitive: the property's declared types are not all string, integer or boolean
	// (Types holds them; none declared is refused too).
	NotPrimitive Fault = iota
	// NotString: the annotation's value is not a non-empty string.
	NotString
	// NotToken: the header name holds a character that is no HTTP tchar (Char).
	NotToken
	// Repeated: another property already has this header name, ignoring case (Other is its
	// path).
	Repeated
)

// Problem is one annotation the SDK rejects.
type Problem struct {
	Fault Fault
	// At is the annotation's member, in the property schema Parent; Path is the property's
	// dotted path from the root's properties.
	At     *jsonvalue.Member
	Parent *jsonvalue.Value
	Path   string
	Types  []string // NotPrimitive
	Char   rune     // NotToken
	Other  string   // Repeated
}

// Annotation is one annotation the SDK accepts.
type Annotation struct {
	At       *jsonvalue.Member
	Parent   *jsonvalue.Value
	Property string // the property's own name
	Path     string
	Header   string
}

// Scan is what the SDK's check finds in one input schema.
type Scan struct {
	// Decodes is false when the SDK's decoder rejects the schema (its check is then skipped)
	// or when the schema's value is not known well enough to tell whether it would.
	Decodes     bool
	Problems    []Problem
	Annotations []Annotation
}

// member is the member of obj the SDK's decoder reads for key (the last match), and whether
// absence is known (a partial object may hold the key unseen).
func (h Dialect) member(obj *jsonvalue.Value, key string) (m *jsonvalue.Member, known bool) {
	for _, mem := range obj.Members {
		if mem.Key == key || h.foldKeys && strings.EqualFold(mem.Key, key) {
			m = mem
		}
	}
	return m, m != nil || !obj.Partial
}

// Check runs the SDK's check over a static input schema.
func Check(root *jsonvalue.Value, h Dialect) Scan {
	s := Scan{Decodes: true}
	if root == nil || root.Kind != jsonvalue.Object {
		s.Decodes = false
		return s
	}
	seen := map[string]string{}
	var walk func(props *jsonvalue.Value, prefix string, depth int)
	walk = func(props *jsonvalue.Value, prefix string, depth int) {
		if !s.Decodes || depth > 64 {
			return
		}
		switch props.Kind {
		case jsonvalue.Null:
			return
		case jsonvalue.Object:
		default:
			// A dynamic map may hide anything; any other JSON value fails the decode.
			s.Decodes = false
			return
		}
		if props.Partial {
			s.Decodes = false
			return
		}
		for _, pm := range lastMembers(props) {
			path := pm.Key
			if prefix != "" {
				path = prefix + "." + pm.Key
			}
			prop := pm.Value
			switch prop.Kind {
			case jsonvalue.Null:
				continue
			case jsonvalue.Object:
			default:
				s.Decodes = false
				return
			}
			typeNames, typeKnown, typeDecodes := h.typeOf(prop)
			if !typeDecodes || !typeKnown && !h.typeList {
				// go-sdk decodes "type" into a string: an unseen list would fail the decode.
				s.Decodes = false
				return
			}
			hm, headerKnown := h.member(prop, Key)
			if !headerKnown {
				s.Decodes = false // an annotation may be hidden in what is not known
				return
			}
			if hm != nil {
				if !typeKnown || hm.Value.Kind == jsonvalue.Dynamic {
					s.Decodes = false
					return
				}
				s.checkAnnotation(prop, pm.Key, path, hm, typeNames, seen)
			}
			sub, subKnown := h.member(prop, "properties")
			if !subKnown {
				s.Decodes = false
				return
			}
			if sub != nil {
				walk(sub.Value, path, depth+1)
			}
		}
	}
	props, known := h.member(root, "properties")
	if !known {
		s.Decodes = false
		return s
	}
	if props != nil {
		walk(props.Value, "", 0)
	}
	return s
}

// lastMembers drops all but the last of repeated keys, as a decoder into a map does.
func lastMembers(obj *jsonvalue.Value) []*jsonvalue.Member {
	last := map[string]int{}
	for i, m := range obj.Members {
		last[m.Key] = i
	}
	var out []*jsonvalue.Member
	for i, m := range obj.Members {
		if last[m.Key] == i {
			out = append(out, m)
		}
	}
	return out
}

// typeOf is the property's "type" as the SDK reads it: the type names, whether they are
// known, and whether the decoder accepts the value at all.
func (h Dialect) typeOf(prop *jsonvalue.Value) (names []string, known, decodes bool) {
	tm, present := h.member(prop, "type")
	if !present {
		return nil, false, true
	}
	if tm == nil {
		return nil, true, true
	}
	v := tm.Value
	switch v.Kind {
	case jsonvalue.Dynamic:
		return nil, false, true
	case jsonvalue.String:
		return []string{v.Str}, true, true
	case jsonvalue.Null:
		// go-sdk decodes null into ""; mcp-go reads it as the string "".
		return []string{""}, true, true
	case jsonvalue.Array:
		if !h.typeList {
			return nil, true, false
		}
		if v.Partial {
			return nil, false, true
		}
		for _, e := range v.Elems {
			switch e.Kind {
			case jsonvalue.String:
				names = append(names, e.Str)
			case jsonvalue.Dynamic:
				return nil, false, true
			default:
				return nil, true, true // not a list of strings: no declared type
			}
		}
		if names == nil {
			names = []string{}
		}
		return names, true, true
	}
	if !h.typeList {
		return nil, true, false
	}
	return nil, true, true
}

// checkAnnotation applies the SDKs' four checks, in their order, to one annotation: the first
// it fails is its problem.
func (s *Scan) checkAnnotation(prop *jsonvalue.Value, name, path string, hm *jsonvalue.Member, typeNames []string, seen map[string]string) {
	problem := Problem{At: hm, Parent: prop, Path: path}
	if !primitive(typeNames) {
		problem.Fault, problem.Types = NotPrimitive, typeNames
		s.Problems = append(s.Problems, problem)
		return
	}
	v := hm.Value
	if v.Kind != jsonvalue.String || v.Str == "" {
		problem.Fault = NotString
		s.Problems = append(s.Problems, problem)
		return
	}
	if bad, ok := firstNonToken(v.Str); ok {
		problem.Fault, problem.Char = NotToken, bad
		s.Problems = append(s.Problems, problem)
		return
	}
	lower := strings.ToLower(v.Str)
	if other, dup := seen[lower]; dup {
		problem.Fault, problem.Other = Repeated, other
		s.Problems = append(s.Problems, problem)
		return
	}
	seen[lower] = path
	s.Annotations = append(s.Annotations, Annotation{At: hm, Parent: prop, Property: name, Path: path, Header: v.Str})
}

// primitive reports whether every declared type is one a header can carry; a property with
// no declared type is refused, as both SDKs do.
func primitive(names []string) bool {
	if len(names) == 0 {
		return false
	}
	for _, n := range names {
		switch n {
		case "string", "integer", "boolean":
		default:
			return false
		}
	}
	return true
}

// firstNonToken returns the first character of name that is not an HTTP tchar (RFC 9110).
func firstNonToken(name string) (rune, bool) {
	for _, c := range name {
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
			continue
		}
		if strings.ContainsRune("!#$%&'*+-.^_`|~", c) {
			continue
		}
		return c, true
	}
	return 0, false
}
