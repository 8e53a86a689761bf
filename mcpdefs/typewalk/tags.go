package typewalk

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// TagKey is one key:"value" pair of a struct tag, with the byte range of the whole pair and
// of its quoted value inside the raw tag string.
type TagKey struct {
	Key   string
	Value string
	// Start and End delimit key:"value"; ValueStart and ValueEnd delimit "value" including
	// its quotes. Offsets are into the raw tag (the literal without its backquotes).
	Start, End, ValueStart, ValueEnd int
	// Unquoted is false when the quoted value is not a valid Go string literal; Lookup of this
	// key then finds nothing.
	Unquoted bool
}

// ParseTag splits a struct tag into its key:"value" pairs following the convention
// reflect.StructTag.Lookup implements, so that Lookup(k) and the pair named k agree. It stops
// at the first malformed pair, as Lookup does, and reports it.
func ParseTag(tag string) ([]TagKey, error) {
	var out []TagKey
	pos := 0
	for {
		// Skip leading space.
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		pos += i
		tag = tag[i:]
		if tag == "" {
			return out, nil
		}
		// Scan to colon. A space, a quote or a control character is a syntax error.
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			return out, errors.New("malformed struct tag: want key:\"value\" pairs separated by spaces")
		}
		key := tag[:i]
		start := pos
		valueStart := pos + i + 1
		tag = tag[i+1:]
		pos += i + 1

		// Scan quoted string to find value.
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return out, errors.New("malformed struct tag: unterminated quoted value")
		}
		qvalue := tag[:i+1]
		tag = tag[i+1:]
		pos += i + 1
		value, err := strconv.Unquote(qvalue)
		out = append(out, TagKey{Key: key, Value: value, Start: start, End: pos, ValueStart: valueStart, ValueEnd: pos, Unquoted: err == nil})
	}
}

// Lookup returns the value of key in tag the way reflect.StructTag.Lookup does.
func Lookup(tag, key string) (string, bool) {
	keys, _ := ParseTag(tag)
	for _, k := range keys {
		if k.Key == key {
			return k.Value, k.Unquoted
		}
	}
	return "", false
}

// wordPrefix is jsonschema-go's disallowedPrefixRegexp: a tag whose first word ends in '='.
var wordPrefix = regexp.MustCompile("^[^ \t\n]*=")

// IsWordTag reports whether a jsonschema tag begins "WORD=", which jsonschema-go rejects
// (the invopop style "required,description=..." and "enum=a").
func IsWordTag(tag string) bool { return wordPrefix.MatchString(tag) }

// TagOptions splits a jsonschema tag on commas, trimming each part, the way mark3labs reads
// it.
func TagOptions(tag string) []string {
	parts := strings.Split(tag, ",")
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// blocksFallback reports whether a jsonschema tag holds a key=value option other than
// enum=, which stops mark3labs from falling back to its own tag parser.
func blocksFallback(tag string) bool {
	for _, opt := range strings.Split(tag, ",") {
		opt = strings.TrimSpace(opt)
		if strings.Contains(opt, "=") && !strings.HasPrefix(opt, "enum=") {
			return true
		}
	}
	return false
}

// markLabsDescription is the description mark3labs gives a field: jsonschema_description
// first, else the text parts of the jsonschema tag (its enum= parts removed).
func markLabsDescription(tag string) string {
	if d, ok := Lookup(tag, "jsonschema_description"); ok {
		if d = strings.TrimSpace(d); d != "" {
			return d
		}
	}
	js, ok := Lookup(tag, "jsonschema")
	if !ok {
		return ""
	}
	var text []string
	for _, p := range TagOptions(js) {
		if !strings.HasPrefix(p, "enum=") {
			text = append(text, p)
		}
	}
	return strings.Join(text, ", ")
}

// jsonInfo is what encoding/json (as jsonschema-go reads it) makes of a field's json tag.
type jsonInfo struct {
	omit         bool
	name         string
	explicitName bool
	settings     map[string]bool
}

func fieldJSONInfo(name string, exported bool, tag string) jsonInfo {
	if !exported {
		return jsonInfo{omit: true}
	}
	info := jsonInfo{name: name}
	if t, ok := Lookup(tag, "json"); ok {
		n, rest, found := strings.Cut(t, ",")
		if n == "-" && !found {
			return jsonInfo{omit: true}
		}
		if n != "" {
			info.name, info.explicitName = n, true
		}
		if rest != "" {
			info.settings = map[string]bool{}
			for _, s := range strings.Split(rest, ",") {
				info.settings[s] = true
			}
		}
	}
	return info
}

// invopopDescription is the description invopop/jsonschema gives a field: the description=
// option of the jsonschema tag, else jsonschema_description.
func invopopDescription(tag string) string {
	if js, ok := Lookup(tag, "jsonschema"); ok {
		for _, opt := range strings.Split(js, ",") {
			if d, ok := strings.CutPrefix(strings.TrimSpace(opt), "description="); ok && strings.TrimSpace(d) != "" {
				return strings.TrimSpace(d)
			}
		}
	}
	d, _ := Lookup(tag, "jsonschema_description")
	return strings.TrimSpace(d)
}
