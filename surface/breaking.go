package surface

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// Change is one difference between two releases' surfaces, judged from a client's side: a
// change is breaking when a client (or a model prompted with the old list) that worked with
// the old surface can fail with the new one.
type Change struct {
	List string `json:"list"`
	Key  string `json:"key"`
	// Kind names the change: removed, renamed, added, required-added, property-added,
	// property-removed, type-narrowed, type-widened, type-changed, enum-removed, enum-added,
	// output-removed, output-added, output-retyped, no-longer-read-only, now-destructive,
	// argument-added, argument-required, argument-removed.
	Kind     string `json:"kind"`
	Path     string `json:"path,omitempty"`
	Breaking bool   `json:"breaking"`
	Detail   string `json:"detail"`
}

// Changes compares an old surface with a new one. Fields either side marks unknown are not
// compared.
func Changes(old, new *Surface) []Change {
	var out []Change
	ol, nl := old.Lists(), new.Lists()
	for i := range ol {
		list := ol[i].Name
		byKey := func(es []*Entry) map[string]*Entry {
			m := map[string]*Entry{}
			for _, e := range es {
				if k := e.Key(list); k != "" {
					m[k] = e
				}
			}
			return m
		}
		oldBy, newBy := byKey(*ol[i].Entries), byKey(*nl[i].Entries)
		var removed, added []string
		for k := range oldBy {
			if _, ok := newBy[k]; !ok {
				removed = append(removed, k)
			}
		}
		for k := range newBy {
			if _, ok := oldBy[k]; !ok {
				added = append(added, k)
			}
		}
		sort.Strings(removed)
		sort.Strings(added)
		// A removed entry whose definition reappears under another name was renamed.
		renamedTo := map[string]string{}
		for _, r := range removed {
			for _, a := range added {
				if _, taken := renamedTo[a]; !taken && sameDefinition(oldBy[r], newBy[a]) {
					renamedTo[a], renamedTo[r] = r, a
					break
				}
			}
		}
		for _, r := range removed {
			if to, ok := renamedTo[r]; ok {
				out = append(out, Change{List: list, Key: r, Kind: "renamed", Breaking: true, Detail: fmt.Sprintf("renamed to %q: clients calling %q get an unknown-name error", to, r)})
				continue
			}
			out = append(out, Change{List: list, Key: r, Kind: "removed", Breaking: true, Detail: "removed: clients using it get an error"})
		}
		for _, a := range added {
			if _, ok := renamedTo[a]; ok {
				continue
			}
			out = append(out, Change{List: list, Key: a, Kind: "added", Detail: "added"})
		}
		keys := make([]string, 0, len(oldBy))
		for k := range oldBy {
			if _, ok := newBy[k]; ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			o, n := oldBy[k], newBy[k]
			c := &entryDiff{list: list, key: k}
			if o.Known("inputSchema") && n.Known("inputSchema") {
				c.schema("", ojson.Normalize(o.InputSchema), ojson.Normalize(n.InputSchema), true)
			}
			if o.Known("outputSchema") && n.Known("outputSchema") {
				c.schema("", ojson.Normalize(o.OutputSchema), ojson.Normalize(n.OutputSchema), false)
			}
			if o.Known("annotations") && n.Known("annotations") {
				c.annotations(ojson.Normalize(o.Annotations), ojson.Normalize(n.Annotations))
			}
			if o.Known("arguments") && n.Known("arguments") {
				c.arguments(o.Arguments, n.Arguments)
			}
			out = append(out, c.out...)
		}
	}
	return out
}

// sameDefinition reports whether two entries differ in their key only.
func sameDefinition(a, b *Entry) bool {
	return reflect.DeepEqual(comparable(a.InputSchema), comparable(b.InputSchema)) &&
		reflect.DeepEqual(comparable(a.OutputSchema), comparable(b.OutputSchema)) &&
		a.Description == b.Description && a.URITemplate == "" && b.URITemplate == "" &&
		reflect.DeepEqual(a.Arguments, b.Arguments)
}

type entryDiff struct {
	list, key string
	out       []Change
}

func (d *entryDiff) add(kind, path string, breaking bool, format string, args ...any) {
	d.out = append(d.out, Change{List: d.list, Key: d.key, Kind: kind, Path: path, Breaking: breaking, Detail: fmt.Sprintf(format, args...)})
}

// schema compares two schemas: input schemas break when they accept less, output schemas
// when they promise less.
func (d *entryDiff) schema(path string, o, n any, input bool) {
	om, _ := o.(map[string]any)
	nm, _ := n.(map[string]any)
	role := "output"
	if input {
		role = "input"
	}
	if o == nil && n == nil {
		return
	}
	if !input && o != nil && n == nil && path == "" {
		d.add("output-removed", "", true, "no longer advertises an output schema: clients reading structuredContent lose its shape")
		return
	}
	if om == nil || nm == nil {
		if !reflect.DeepEqual(o, n) && path != "" {
			d.add("type-changed", path, true, "%s %s changed from %s to %s", role, orRoot(path), short(o), short(n))
		}
		return
	}
	ot, nt := typeSet(om), typeSet(nm)
	switch {
	case ot == nil || nt == nil || sameSet(ot, nt):
	case subset(nt, ot):
		if input {
			d.add("type-narrowed", path, true, "input %s accepts only %s now (was %s): callers sending the rest are rejected", orRoot(path), join(nt), join(ot))
		} else {
			d.add("type-narrowed", path, false, "output %s is only %s now (was %s)", orRoot(path), join(nt), join(ot))
		}
	case subset(ot, nt):
		if input {
			d.add("type-widened", path, false, "input %s also accepts %s now", orRoot(path), join(minus(nt, ot)))
		} else {
			d.add("output-retyped", path, true, "output %s can now be %s (was %s): clients expecting the old type break", orRoot(path), join(nt), join(ot))
		}
	default:
		kind := "type-changed"
		if !input {
			kind = "output-retyped"
		}
		d.add(kind, path, true, "%s %s changed type from %s to %s", role, orRoot(path), join(ot), join(nt))
	}
	oe, oeOK := om["enum"].([]any)
	ne, neOK := nm["enum"].([]any)
	if oeOK && neOK {
		for _, v := range oe {
			if !containsValue(ne, v) {
				if input {
					d.add("enum-removed", path, true, "input %s no longer accepts %s", orRoot(path), short(v))
				} else {
					d.add("enum-removed", path, false, "output %s no longer takes the value %s", orRoot(path), short(v))
				}
			}
		}
		for _, v := range ne {
			if !containsValue(oe, v) {
				// A client that switches on the output's values meets one it does not know.
				d.add("enum-added", path, !input, "%s %s can be %s now", role, orRoot(path), short(v))
			}
		}
	} else if !oeOK && neOK && input {
		d.add("enum-removed", path, true, "input %s is limited to %d values now", orRoot(path), len(ne))
	}
	oreq, nreq := stringSet(om["required"]), stringSet(nm["required"])
	op, _ := om["properties"].(map[string]any)
	np, _ := nm["properties"].(map[string]any)
	for _, name := range ojson.SortedKeys(np) {
		sub := path + "/" + escape(name)
		if _, had := op[name]; !had {
			switch {
			case input && nreq[name]:
				d.add("required-added", sub, true, "new required input %s: existing calls lack it", orRoot(sub))
			case input:
				d.add("property-added", sub, false, "new optional input %s", orRoot(sub))
			default:
				d.add("output-added", sub, false, "new output field %s", orRoot(sub))
			}
			continue
		}
		if input && nreq[name] && !oreq[name] {
			d.add("required-added", sub, true, "input %s is required now: calls that leave it out are rejected", orRoot(sub))
		}
		if !input && oreq[name] && !nreq[name] {
			d.add("output-retyped", sub, true, "output field %s may be absent now", orRoot(sub))
		}
		d.schema(sub, op[name], np[name], input)
	}
	for _, name := range ojson.SortedKeys(op) {
		if _, has := np[name]; has {
			continue
		}
		sub := path + "/" + escape(name)
		if input {
			closed := nm["additionalProperties"] == false
			d.add("property-removed", sub, closed, "input %s removed%s", orRoot(sub), map[bool]string{true: ": calls still sending it are rejected (additionalProperties is false)", false: ""}[closed])
		} else {
			d.add("output-removed", sub, true, "output field %s removed: clients reading it break", orRoot(sub))
		}
	}
	if oi, ni := om["items"], nm["items"]; oi != nil || ni != nil {
		d.schema(path+"/items", oi, ni, input)
	}
}

func (d *entryDiff) annotations(o, n any) {
	om, _ := o.(map[string]any)
	nm, _ := n.(map[string]any)
	if om["readOnlyHint"] == true && nm["readOnlyHint"] != true {
		d.add("no-longer-read-only", "/readOnlyHint", true, "no longer read-only: clients that run read-only tools without asking will now ask, or refuse")
	}
	// The specification's default for destructiveHint is true when the tool is not read-only.
	destructive := func(m map[string]any) bool {
		if m["readOnlyHint"] == true {
			return false
		}
		v, ok := m["destructiveHint"].(bool)
		return !ok || v
	}
	if o != nil && !destructive(om) && destructive(nm) {
		d.add("now-destructive", "/destructiveHint", true, "may now be destructive: clients that auto-approved it will ask, or refuse")
	}
}

func (d *entryDiff) arguments(o, n []Argument) {
	ob := map[string]Argument{}
	for _, a := range o {
		ob[a.Name] = a
	}
	nb := map[string]Argument{}
	for _, a := range n {
		nb[a.Name] = a
		old, had := ob[a.Name]
		switch {
		case !had && a.Required:
			d.add("argument-added", "/"+a.Name, true, "new required argument %q: existing requests lack it", a.Name)
		case !had:
			d.add("argument-added", "/"+a.Name, false, "new optional argument %q", a.Name)
		case a.Required && !old.Required:
			d.add("argument-required", "/"+a.Name, true, "argument %q is required now", a.Name)
		}
	}
	for _, a := range o {
		if _, has := nb[a.Name]; !has {
			d.add("argument-removed", "/"+a.Name, true, "argument %q removed: requests still sending it may be rejected", a.Name)
		}
	}
}

func orRoot(path string) string {
	if path == "" {
		return "(the whole schema)"
	}
	return strings.ReplaceAll(strings.TrimPrefix(path, "/"), "/", ".")
}

// typeSet returns a schema's JSON types, nil when unrestricted.
func typeSet(m map[string]any) []string {
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, v := range t {
			if s, ok := v.(string); ok {
				out = append(out, s)
			}
		}
		sort.Strings(out)
		return out
	}
	return nil
}

// accepts reports whether type a admits every value of type b ("number" admits integers).
func accepts(a, b string) bool { return a == b || (a == "number" && b == "integer") }

func subset(a, b []string) bool {
	for _, x := range a {
		ok := false
		for _, y := range b {
			if accepts(y, x) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func sameSet(a, b []string) bool { return reflect.DeepEqual(a, b) }

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
			}
		}
		if !found {
			out = append(out, x)
		}
	}
	return out
}

func join(ts []string) string { return strings.Join(ts, " or ") }

func stringSet(v any) map[string]bool {
	out := map[string]bool{}
	if arr, ok := v.([]any); ok {
		for _, x := range arr {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
	}
	return out
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if reflect.DeepEqual(x, v) {
			return true
		}
	}
	return false
}

func short(v any) string {
	b := fmt.Sprintf("%v", v)
	if s, ok := v.(string); ok {
		b = fmt.Sprintf("%q", s)
	}
	if len(b) > 60 {
		b = b[:57] + "..."
	}
	return b
}

// Breaking counts the breaking changes.
func Breaking(changes []Change) int {
	n := 0
	for _, c := range changes {
		if c.Breaking {
			n++
		}
	}
	return n
}

var listNames = map[string]string{"tools": "tool", "resources": "resource", "resourceTemplates": "resource template", "prompts": "prompt"}

// breakingFirst orders the changes for a reader: the breaking ones, then the others, each
// in their own order.
func breakingFirst(changes []Change) []Change {
	out := slices.Clone(changes)
	slices.SortStableFunc(out, func(a, b Change) int {
		switch {
		case a.Breaking == b.Breaking:
			return 0
		case a.Breaking:
			return -1
		}
		return 1
	})
	return out
}

// WriteChangesText writes one line per change, breaking ones first.
func WriteChangesText(w io.Writer, changes []Change) error {
	var b strings.Builder
	for _, c := range breakingFirst(changes) {
		label := "compatible"
		if c.Breaking {
			label = "BREAKING  "
		}
		fmt.Fprintf(&b, "%s %s %s: %s\n", label, listNames[c.List], c.Key, c.Detail)
	}
	fmt.Fprintf(&b, "%s, %d breaking\n", count(len(changes), "change"), Breaking(changes))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteChangesMarkdown writes the changes as a Markdown table for a pull request or a CI
// step summary.
func WriteChangesMarkdown(w io.Writer, changes []Change) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### MCP surface changes: %d, %d breaking\n\n", len(changes), Breaking(changes))
	if len(changes) > 0 {
		b.WriteString("| | kind | name | change |\n| --- | --- | --- | --- |\n")
		for _, c := range breakingFirst(changes) {
			mark := "✅"
			if c.Breaking {
				mark = "❌ breaking"
			}
			fmt.Fprintf(&b, "| %s | %s | `%s` | %s |\n", mark, listNames[c.List], c.Key, strings.ReplaceAll(c.Detail, "|", `\|`))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
