package surface

import (
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// Check is the comparison of a static surface with a live one.
type Check struct {
	// Matched counts, per list, entries found on both sides by key.
	Matched map[string]int `json:"matched"`
	// OnlyLive are entries the running server lists that the static surface lacks: gaps in
	// recognition (or entries whose key is unknown statically).
	OnlyLive []Ref `json:"onlyLive"`
	// OnlyStatic are entries the static surface has that the server does not list: behind a
	// condition that was off, or recognised by mistake.
	OnlyStatic []Ref `json:"onlyStatic"`
	// Differences are fields that disagree on matched entries.
	Differences []Difference `json:"differences"`
	// Unchecked counts matched fields that were not compared because the static value is
	// unknown; Partial those compared without the parts inside them that are unknown.
	Unchecked int `json:"unchecked"`
	Partial   int `json:"partial"`
	// StaticTokens and LiveTokens are the estimated context cost of the tool definitions on
	// each side (set by the caller, who owns the token counter).
	StaticTokens int `json:"staticTokens"`
	LiveTokens   int `json:"liveTokens"`
}

// unknownInside returns the JSON pointers (relative to field) of the unknown parts inside
// field, and whether the field as a whole is unknown.
func unknownInside(e *Entry, field string) (inner []string, whole bool) {
	for _, u := range e.X.Unknown {
		switch {
		case u.Field == field:
			return nil, true
		case strings.HasPrefix(u.Field, field+"/"):
			inner = append(inner, u.Field[len(field):])
		}
	}
	return inner, false
}

// prune removes the value at ptr (and, for an array element, the whole array, whose indexes
// are then unreliable) from a normalised value.
func prune(v any, ptr string) any {
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	var walk func(v any, i int) any
	walk = func(v any, i int) any {
		switch x := v.(type) {
		case map[string]any:
			k := strings.ReplaceAll(strings.ReplaceAll(parts[i], "~1", "/"), "~0", "~")
			if i == len(parts)-1 {
				delete(x, k)
				return x
			}
			if child, ok := x[k]; ok {
				if _, isArr := child.([]any); isArr && i+1 < len(parts) {
					delete(x, k)
					return x
				}
				x[k] = walk(child, i+1)
			}
		}
		return v
	}
	if ptr == "" {
		return nil
	}
	return walk(v, 0)
}

// Ref names an entry of a list.
type Ref struct {
	List     string `json:"list"`
	Key      string `json:"key"`
	Position string `json:"position,omitempty"`
	// Condition is the static entry's registration condition, which may explain why a
	// running server does not list it.
	Condition string `json:"condition,omitempty"`
}

// Difference is one field of a matched entry that disagrees.
type Difference struct {
	List  string `json:"list"`
	Key   string `json:"key"`
	Field string `json:"field"`
	// Paths are JSON pointers (under Field) where the values first differ.
	Paths  []string `json:"paths"`
	Static any      `json:"static"`
	Live   any      `json:"live"`
}

// compared are the MCP fields compared on matched entries.
var compared = []string{"title", "description", "mimeType", "inputSchema", "outputSchema", "annotations", "arguments", "_meta"}

// Compare compares a static surface with a live one.
func Compare(static, live *Surface) *Check {
	c := &Check{Matched: map[string]int{}, OnlyLive: []Ref{}, OnlyStatic: []Ref{}, Differences: []Difference{}}
	sl, ll := static.Lists(), live.Lists()
	for i := range sl {
		name := sl[i].Name
		byKey := map[string]*Entry{}
		for _, e := range *ll[i].Entries {
			byKey[e.Key(name)] = e
		}
		seen := map[string]bool{}
		for _, se := range *sl[i].Entries {
			key := se.Key(name)
			le, ok := byKey[key]
			if key == "" || !ok || seen[key] {
				c.OnlyStatic = append(c.OnlyStatic, Ref{List: name, Key: orQuestion(key), Position: se.X.Position, Condition: se.X.Condition})
				continue
			}
			seen[key] = true
			c.Matched[name]++
			for _, f := range compared {
				inner, whole := unknownInside(se, f)
				if whole {
					c.Unchecked++
					continue
				}
				sv, lv := comparable(field(se, f)), comparable(field(le, f))
				if len(inner) > 0 {
					// Compare what is known: the unknown parts are left out on both sides.
					c.Partial++
					for _, ptr := range inner {
						sv, lv = prune(sv, ptr), prune(lv, ptr)
					}
				}
				if reflect.DeepEqual(sv, lv) {
					continue
				}
				c.Differences = append(c.Differences, Difference{List: name, Key: key, Field: f, Paths: diffPaths("", sv, lv, 5), Static: field(se, f), Live: field(le, f)})
			}
		}
		for _, le := range *ll[i].Entries {
			if !seen[le.Key(name)] {
				c.OnlyLive = append(c.OnlyLive, Ref{List: name, Key: le.Key(name)})
			}
		}
	}
	return c
}

func orQuestion(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// field returns an MCP field of e by its JSON name.
func field(e *Entry, name string) any {
	switch name {
	case "title":
		return e.Title
	case "description":
		return e.Description
	case "mimeType":
		return e.MIMEType
	case "inputSchema":
		return e.InputSchema
	case "outputSchema":
		return e.OutputSchema
	case "annotations":
		return e.Annotations
	case "arguments":
		if len(e.Arguments) == 0 {
			return nil
		}
		out := make([]any, len(e.Arguments))
		for i, a := range e.Arguments {
			o := ojson.New().Set("name", a.Name)
			if a.Title != "" {
				o.Set("title", a.Title)
			}
			if a.Description != "" {
				o.Set("description", a.Description)
			}
			if a.Required {
				o.Set("required", true)
			}
			out[i] = o
		}
		return out
	case "_meta":
		return e.Meta
	}
	return nil
}

// comparable normalises a value for comparison: JSON semantics (key order ignored, numbers
// as float64), an empty schema object equal to true (jsonschema-go writes {} as true), an
// empty required list equal to none, and an empty object equal to absent.
func comparable(v any) any {
	n := ojson.Normalize(v)
	n = canon(n)
	if m, ok := n.(map[string]any); ok && len(m) == 0 {
		return nil
	}
	if s, ok := n.(string); ok && s == "" {
		return nil
	}
	return n
}

func canon(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if arr, ok := e.([]any); ok && len(arr) == 0 && k == "required" {
				delete(x, k)
				continue
			}
			x[k] = canon(e)
			if m, ok := x[k].(map[string]any); ok && len(m) == 0 && k != "properties" {
				x[k] = true
			}
			// {"not": {}} admits nothing: jsonschema-go writes it as false.
			if m, ok := x[k].(map[string]any); ok && len(m) == 1 && m["not"] == true {
				x[k] = false
			}
		}
	case []any:
		for i, e := range x {
			x[i] = canon(e)
			if m, ok := x[i].(map[string]any); ok && len(m) == 0 {
				x[i] = true
			}
		}
	}
	return v
}

// diffPaths lists up to max JSON pointers where a and b differ.
func diffPaths(at string, a, b any, max int) []string {
	var out []string
	var walk func(at string, a, b any)
	walk = func(at string, a, b any) {
		if len(out) >= max || reflect.DeepEqual(a, b) {
			return
		}
		am, aok := a.(map[string]any)
		bm, bok := b.(map[string]any)
		if aok && bok {
			keys := map[string]bool{}
			for k := range am {
				keys[k] = true
			}
			for k := range bm {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				walk(at+"/"+escape(k), am[k], bm[k])
			}
			return
		}
		aa, aok := a.([]any)
		ba, bok := b.([]any)
		if aok && bok && len(aa) == len(ba) {
			for i := range aa {
				walk(fmt.Sprintf("%s/%d", at, i), aa[i], ba[i])
			}
			return
		}
		if at == "" {
			at = "/"
		}
		out = append(out, at)
	}
	walk(at, a, b)
	return out
}

// Agree reports whether nothing differs.
func (c *Check) Agree() bool {
	return len(c.OnlyLive) == 0 && len(c.OnlyStatic) == 0 && len(c.Differences) == 0
}

// WriteText writes the comparison for a reader.
func (c *Check) WriteText(w io.Writer) error {
	var b strings.Builder
	total := 0
	for _, n := range c.Matched {
		total += n
	}
	fmt.Fprintf(&b, "matched %d (tools %d, resources %d, resource templates %d, prompts %d); only live %d; only static %d; %s; %s not compared (unknown statically), %d compared without their unknown parts\n",
		total, c.Matched["tools"], c.Matched["resources"], c.Matched["resourceTemplates"], c.Matched["prompts"], len(c.OnlyLive), len(c.OnlyStatic), count(len(c.Differences), "field difference"), count(c.Unchecked, "field"), c.Partial)
	if c.LiveTokens > 0 {
		fmt.Fprintf(&b, "tool definitions: about %d tokens live, %d statically (unknown fields count nothing)\n", c.LiveTokens, c.StaticTokens)
	}
	for _, r := range c.OnlyLive {
		fmt.Fprintf(&b, "only live:   %s %s (recognition missed it)\n", r.List, r.Key)
	}
	for _, r := range c.OnlyStatic {
		fmt.Fprintf(&b, "only static: %s %s at %s", r.List, r.Key, r.Position)
		if r.Condition != "" {
			fmt.Fprintf(&b, " (if %s)", r.Condition)
		}
		b.WriteString("\n")
	}
	for _, d := range c.Differences {
		fmt.Fprintf(&b, "differs:     %s %s %s at %s\n", d.List, d.Key, d.Field, strings.Join(d.Paths, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
