package gclplugin

import (
	"errors"
	"fmt"
	"github.com/mcplint-go/mcplint/internal/suggest"
	"math"
	"reflect"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/analyzers"
)

// DecodeSettings turns linters.settings.custom.mcplint.settings, as golangci-lint hands it
// over (maps, lists and scalars decoded from YAML, JSON or TOML), into a configuration over
// mcplint's defaults.
//
// Keys are the mapstructure names of analyzers.Config and match case-insensitively: viper,
// under golangci-lint, lower-cases every map key on its way in, and a hand-written
// "Plain-Handler-Errors" must mean the same. An unknown key, or a value of the wrong type,
// is an error naming its path (registrars[1].tool); every problem is reported at once. A key
// given with no value (null) keeps its default.
//
// The settings are only decoded here; analyzers.New validates the values (rule IDs,
// severities, portability).
func DecodeSettings(raw any) (*analyzers.Config, error) {
	cfg := analyzers.NewConfig()
	if isNil(raw) {
		return cfg, nil
	}
	d := &decoder{}
	d.value("", reflect.ValueOf(raw), reflect.ValueOf(cfg).Elem())
	if err := errors.Join(d.errs...); err != nil {
		return nil, err
	}
	if len(cfg.FormatAllowlist) == 0 {
		// As in .mcplint.yaml: an empty list means the default list, not "no format allowed".
		cfg.FormatAllowlist = analyzers.NewConfig().FormatAllowlist
	}
	return cfg, nil
}

// decoder walks the raw settings alongside the destination, collecting errors.
type decoder struct {
	errs []error
}

func (d *decoder) fail(path, format string, args ...any) {
	if path == "" {
		path = "settings"
	}
	d.errs = append(d.errs, fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...)))
}

// value decodes raw into dst (a settable value of a kind Config uses).
func (d *decoder) value(path string, raw, dst reflect.Value) {
	raw = unwrap(raw)
	if !raw.IsValid() {
		return // null: keep the default
	}
	switch dst.Kind() {
	case reflect.Struct:
		d.structure(path, raw, dst)
	case reflect.String:
		if raw.Kind() != reflect.String {
			d.fail(path, "want a string, got %s", describe(raw))
			return
		}
		dst.SetString(raw.String())
	case reflect.Bool:
		if raw.Kind() != reflect.Bool {
			d.fail(path, "want true or false, got %s", describe(raw))
			return
		}
		dst.SetBool(raw.Bool())
	case reflect.Int:
		n, ok := integer(raw)
		if !ok {
			d.fail(path, "want an integer, got %s", describe(raw))
			return
		}
		dst.SetInt(n)
	case reflect.Slice:
		if raw.Kind() != reflect.Slice && raw.Kind() != reflect.Array {
			d.fail(path, "want a list, got %s", describe(raw))
			return
		}
		out := reflect.MakeSlice(dst.Type(), raw.Len(), raw.Len())
		for i := range raw.Len() {
			d.value(fmt.Sprintf("%s[%d]", path, i), raw.Index(i), out.Index(i))
		}
		dst.Set(out)
	case reflect.Map:
		if raw.Kind() != reflect.Map {
			d.fail(path, "want a mapping, got %s", describe(raw))
			return
		}
		out := reflect.MakeMapWithSize(dst.Type(), raw.Len())
		// Map keys here are rule IDs, which are lower-case; golangci-lint lower-cases them
		// anyway.
		for _, e := range d.entries(path, raw) {
			elem := reflect.New(dst.Type().Elem()).Elem()
			d.value(join(path, e.lower), e.val, elem)
			out.SetMapIndex(reflect.ValueOf(e.lower), elem)
		}
		dst.Set(out)
	default:
		// Config gained a field of a kind this decoder does not know; TestEveryConfigFieldDecodes
		// catches it before a user does.
		d.fail(path, "mcplint cannot decode settings of type %s (a bug; please report it)", dst.Type())
	}
}

// structure decodes a mapping into a struct by its fields' mapstructure names, ignoring case.
func (d *decoder) structure(path string, raw, dst reflect.Value) {
	if raw.Kind() != reflect.Map {
		d.fail(path, "want a mapping of mcplint settings, got %s", describe(raw))
		return
	}
	fields := map[string]int{}
	var names []string
	for i := range dst.NumField() {
		name, _, _ := strings.Cut(dst.Type().Field(i).Tag.Get("mapstructure"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields[name] = i
		names = append(names, name)
	}
	for _, e := range d.entries(path, raw) {
		i, known := fields[e.lower]
		if !known {
			d.fail(join(path, e.key), "unknown key%s; the keys are %s", didYouMean(e.lower, names), strings.Join(names, ", "))
			continue
		}
		d.value(join(path, e.lower), e.val, dst.Field(i))
	}
}

// entry is one key of a settings mapping, as written and lower-cased, with its value.
type entry struct {
	key, lower string
	val        reflect.Value
}

// entries lists the keys of a mapping in a stable order, reporting keys that are not strings
// and keys given twice (keys are case-insensitive, as golangci-lint's are).
func (d *decoder) entries(path string, raw reflect.Value) []entry {
	var out []entry
	seen := map[string]string{}
	for _, k := range sortedKeys(raw) {
		key, ok := keyString(k)
		if !ok {
			d.fail(path, "key %v is not a string", k)
			continue
		}
		lower := strings.ToLower(key)
		if prev, dup := seen[lower]; dup {
			d.fail(join(path, key), "given twice (as %q and %q; keys are case-insensitive)", prev, key)
			continue
		}
		seen[lower] = key
		out = append(out, entry{key, lower, raw.MapIndex(k)})
	}
	return out
}

// unwrap strips interfaces and pointers (settings arrive as `any` all the way down).
func unwrap(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) {
		if v.IsNil() {
			return reflect.Value{}
		}
		v = v.Elem()
	}
	return v
}

func isNil(raw any) bool { return !unwrap(reflect.ValueOf(raw)).IsValid() }

// integer accepts every integer kind and integral floats (JSON numbers arrive as float64).
func integer(v reflect.Value) (int64, bool) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.Int() > math.MaxInt32 || v.Int() < math.MinInt32 {
			return 0, false
		}
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Uint() > math.MaxInt32 {
			return 0, false
		}
		return int64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
			return 0, false
		}
		return int64(f), true
	}
	return 0, false
}

// describe names a raw value for an error message: its kind and, for scalars, the value.
func describe(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		return fmt.Sprintf("the string %q", v.String())
	case reflect.Bool:
		return fmt.Sprintf("the boolean %v", v.Bool())
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map:
		return "a mapping"
	case reflect.Float32, reflect.Float64:
		return fmt.Sprintf("the number %v", v.Float())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("the number %v", v.Interface())
	}
	return fmt.Sprintf("a value of type %s", v.Type())
}

func keyString(k reflect.Value) (string, bool) {
	k = unwrap(k)
	if !k.IsValid() || k.Kind() != reflect.String {
		return "", false
	}
	return k.String(), true
}

// sortedKeys orders a map's keys so that errors come out in a stable order.
func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// didYouMean suggests the nearest known key for a mistyped one.
func didYouMean(key string, names []string) string {
	best := suggest.Nearest(key, names, 4)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
