package mcptooltest

import (
	"encoding/base64"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint-go/mcplint/mcptool"
)

// A leaf is one value of the sample output that Format must show.
type leaf struct {
	path    string
	shown   string            // the sample value, for messages
	match   func(string) bool // reports whether a rendering shows it
	choices []reflect.Value   // for enums and bools: every value
	names   []string          // choices as text, for messages
}

// sampler builds sample outputs. The first build records the leaves and
// optional paths; later builds reuse the same sentinel per path, with
// choice overrides or optional fields emptied.
type sampler struct {
	leaves    []*leaf
	byPath    map[string]*leaf
	optionals []string
	skipped   []string // paths that cannot be sampled, for the log
	used      map[string]bool
	counters  map[string]int

	// Per build.
	override map[string]reflect.Value
	empty    map[string]bool
	emptyAll bool
}

const maxDepth = 8

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
)

func newSampler() *sampler {
	return &sampler{byPath: map[string]*leaf{}, used: map[string]bool{}, counters: map[string]int{}}
}

// build returns a fully populated value of t, except where this build
// empties optional paths.
func (s *sampler) build(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	s.fill(v, "", 0, map[reflect.Type]bool{})
	return v
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func (s *sampler) optional(path string) bool {
	if _, seen := s.byPathOptional(path); !seen {
		s.optionals = append(s.optionals, path)
	}
	return s.emptyAll || s.empty[path]
}

func (s *sampler) byPathOptional(path string) (int, bool) {
	for i, p := range s.optionals {
		if p == path {
			return i, true
		}
	}
	return 0, false
}

func (s *sampler) skip(path, why string) {
	msg := path + " (" + why + ")"
	for _, x := range s.skipped {
		if x == msg {
			return
		}
	}
	s.skipped = append(s.skipped, msg)
}

// fill populates v (settable) for the JSON path.
func (s *sampler) fill(v reflect.Value, path string, depth int, stack map[reflect.Type]bool) {
	t := v.Type()
	if depth > maxDepth {
		s.skip(path, "nested too deep")
		return
	}
	if t == timeType {
		v.Set(reflect.ValueOf(s.timeLeaf(path)))
		return
	}
	if t == durationType {
		v.SetInt(int64(s.durationLeaf(path)))
		return
	}
	if vals, ok := mcptool.EnumValuesOf(t); ok && len(vals) > 0 {
		s.choiceLeaf(v, path, vals)
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if s.optional(path) {
			return
		}
		if stack[t.Elem()] {
			s.skip(path, "recursive type")
			return
		}
		p := reflect.New(t.Elem())
		stack[t.Elem()] = true
		s.fill(p.Elem(), path, depth+1, stack)
		delete(stack, t.Elem())
		v.Set(p)
	case reflect.Interface:
		if s.optional(path) {
			return
		}
		str := reflect.ValueOf(s.stringLeaf(path))
		if str.Type().AssignableTo(t) {
			v.Set(str)
		} else {
			s.skip(path, "interface type "+t.String())
		}
	case reflect.Struct:
		if stack[t] && depth > 0 {
			s.skip(path, "recursive type")
			return
		}
		stack[t] = true
		s.fillStruct(v, path, depth, stack)
		delete(stack, t)
	case reflect.Slice:
		if s.optional(path) {
			return
		}
		if t.Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(s.bytesLeaf(path)))
			return
		}
		// Two elements, so a Format that shows only the first is caught.
		n := 2
		if depth >= 3 {
			n = 1
		}
		sl := reflect.MakeSlice(t, n, n)
		for i := range n {
			s.fill(sl.Index(i), path+"["+strconv.Itoa(i)+"]", depth+1, stack)
		}
		v.Set(sl)
	case reflect.Array:
		for i := range min(v.Len(), 3) {
			s.fill(v.Index(i), path+"["+strconv.Itoa(i)+"]", depth+1, stack)
		}
	case reflect.Map:
		if s.optional(path) {
			return
		}
		key := reflect.New(t.Key()).Elem()
		switch t.Key().Kind() {
		case reflect.String:
			key.SetString(s.stringLeaf(path + "{key}"))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			s.numberLeaf(key, path+"{key}")
		default:
			s.skip(path, "map key type "+t.Key().String())
			return
		}
		val := reflect.New(t.Elem()).Elem()
		s.fill(val, path+"["+fmt.Sprint(key.Interface())+"]", depth+1, stack)
		m := reflect.MakeMapWithSize(t, 1)
		m.SetMapIndex(key, val)
		v.Set(m)
	case reflect.String:
		v.SetString(s.stringLeaf(path))
	case reflect.Bool:
		s.choiceLeaf(v, path, []any{true, false})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		s.numberLeaf(v, path)
	default:
		s.skip(path, "type "+t.String()+" has no JSON form")
	}
}

func (s *sampler) fillStruct(v reflect.Value, path string, depth int, stack map[reflect.Type]bool) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		fv := v.Field(i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				// Promoted fields share the parent's path, as in JSON.
				if f.Type.Kind() == reflect.Pointer {
					if !f.IsExported() && !fv.CanSet() {
						continue
					}
					p := reflect.New(ft)
					s.fillStruct(p.Elem(), path, depth, stack)
					fv.Set(p)
				} else {
					s.fillStruct(fv, path, depth, stack)
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fp := join(path, name)
		omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		if omit && !isContainer(f.Type.Kind()) && s.optional(fp) {
			continue // an omitted scalar is its zero value
		}
		s.fill(fv, fp, depth+1, stack)
	}
}

func isContainer(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return true
	}
	return false
}

// register records a token leaf the first time its path is seen.
func (s *sampler) register(path, shown string, match func(string) bool) {
	if _, ok := s.byPath[path]; ok {
		return
	}
	l := &leaf{path: path, shown: shown, match: match}
	s.byPath[path] = l
	s.leaves = append(s.leaves, l)
}

// stringLeaf is "sntl_" plus the path made identifier-safe: readable in
// failures, and a field "id" gets "sntl_id", a prefix of "sntl_idType",
// which is why matching is delimited.
func (s *sampler) stringLeaf(path string) string {
	if l, ok := s.byPath[path]; ok {
		return l.shown
	}
	var b strings.Builder
	b.WriteString("sntl_")
	for _, r := range path {
		if r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else if !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
	}
	tok := strings.TrimSuffix(b.String(), "_")
	for n := 2; s.used[strings.ToLower(tok)]; n++ {
		tok = strings.TrimSuffix(b.String(), "_") + "_" + strconv.Itoa(n)
	}
	s.used[strings.ToLower(tok)] = true
	s.register(path, tok, func(text string) bool { return containsDelimited(text, tok) })
	return tok
}

func (s *sampler) bytesLeaf(path string) string {
	if l, ok := s.byPath[path]; ok {
		return l.shown
	}
	tok := s.stringLeaf(path)
	l := s.byPath[path]
	std := base64.StdEncoding.EncodeToString([]byte(tok))
	url := base64.URLEncoding.EncodeToString([]byte(tok))
	l.match = func(text string) bool {
		return containsDelimited(text, tok) || strings.Contains(text, std) || strings.Contains(text, url)
	}
	return tok
}

// numberLeaf sets a distinct number that fits v's type. Numbers are large
// enough that thousands separators matter, except for 8-bit types, which
// stay above 59 so they cannot be read out of a date or time.
func (s *sampler) numberLeaf(v reflect.Value, path string) {
	if l, ok := s.byPath[path]; ok {
		setNumber(v, l.shown)
		return
	}
	var shown string
	switch v.Kind() {
	case reflect.Int8:
		shown = strconv.Itoa(60 + s.next("int8")%60)
	case reflect.Uint8:
		shown = strconv.Itoa(60 + s.next("uint8")%190)
	case reflect.Int16:
		shown = strconv.Itoa(10_007 + (s.next("int16")*97)%22_000)
	case reflect.Uint16:
		shown = strconv.Itoa(10_007 + (s.next("uint16")*97)%55_000)
	case reflect.Float32, reflect.Float64:
		shown = strconv.Itoa(5_100+s.next("float")*7) + ".25"
	default:
		shown = strconv.Itoa(4_100_003 + s.next("int")*1_009)
	}
	setNumber(v, shown)
	intPart, _, isFloat := strings.Cut(shown, ".")
	s.register(path, shown, numberMatcher(intPart, isFloat))
}

func (s *sampler) next(kind string) int {
	n := s.counters[kind]
	s.counters[kind] = n + 1
	return n
}

func setNumber(v reflect.Value, shown string) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		f, _ := strconv.ParseFloat(shown, 64)
		v.SetFloat(f)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, _ := strconv.ParseUint(shown, 10, 64)
		v.SetUint(n)
	default:
		n, _ := strconv.ParseInt(shown, 10, 64)
		v.SetInt(n)
	}
}

func (s *sampler) timeLeaf(path string) time.Time {
	if l, ok := s.byPath[path]; ok {
		t, _ := time.Parse(time.RFC3339, l.shown)
		return t
	}
	k := s.next("time")
	t := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 37*k+3)
	forms := []string{time.RFC3339, "2006-01-02", "Jan 2, 2006", "January 2, 2006", "2 Jan 2006",
		"02 Jan 2006", "2 January 2006", "01/02/2006", "02/01/2006", "2006/01/02", "02.01.2006",
		time.RFC1123, time.RFC822, time.UnixDate, time.ANSIC, "2006-01-02 15:04:05 -0700 MST"}
	var texts []string
	for _, f := range forms {
		texts = append(texts, t.Format(f))
	}
	s.register(path, t.Format(time.RFC3339), func(text string) bool {
		for _, x := range texts {
			if strings.Contains(text, x) {
				return true
			}
		}
		return false
	})
	return t
}

func (s *sampler) durationLeaf(path string) time.Duration {
	if l, ok := s.byPath[path]; ok {
		d, _ := time.ParseDuration(l.shown)
		return d
	}
	k := s.next("duration")
	d := time.Duration(k+1)*time.Hour + 23*time.Minute + 7*time.Second
	secs := numberMatcher(strconv.FormatInt(int64(d/time.Second), 10), false)
	millis := numberMatcher(strconv.FormatInt(d.Milliseconds(), 10), false)
	nanos := numberMatcher(strconv.FormatInt(int64(d), 10), false)
	s.register(path, d.String(), func(text string) bool {
		return strings.Contains(text, d.String()) || secs(text) || millis(text) || nanos(text)
	})
	return d
}

// choiceLeaf handles enums and bools: the build uses the override for path,
// else the first value.
func (s *sampler) choiceLeaf(v reflect.Value, path string, vals []any) {
	l, ok := s.byPath[path]
	if !ok {
		l = &leaf{path: path}
		for _, x := range vals {
			xv := reflect.ValueOf(x)
			if !xv.IsValid() || !xv.Type().ConvertibleTo(v.Type()) {
				continue
			}
			l.choices = append(l.choices, xv.Convert(v.Type()))
			l.names = append(l.names, fmt.Sprint(x))
		}
		if len(l.choices) == 0 {
			s.skip(path, "enum values do not convert to "+v.Type().String())
			return
		}
		l.shown = l.names[0]
		s.byPath[path] = l
		s.leaves = append(s.leaves, l)
	}
	if o, ok := s.override[path]; ok {
		v.Set(o)
		return
	}
	v.Set(l.choices[0])
}

func isWordByte(r rune) bool {
	return r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// containsDelimited reports whether tok occurs in text (ignoring case) with
// no letter, digit or underscore on either side, so "sntl_id" is not found
// inside "sntl_idType".
func containsDelimited(text, tok string) bool {
	lt, lk := strings.ToLower(text), strings.ToLower(tok)
	for from := 0; ; {
		i := strings.Index(lt[from:], lk)
		if i < 0 {
			return false
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(lt[:i])
		after, _ := utf8.DecodeRuneInString(lt[i+len(lk):])
		if (i == 0 || !isWordByte(before)) && (i+len(lk) == len(lt) || !isWordByte(after)) {
			return true
		}
		from = i + 1
	}
}

// separators that may group thousands: comma, period, apostrophes, space,
// underscore, no-break and narrow no-break space.
const separators = `[,.'’ _\x{00a0}\x{202f}]`

// numberMatcher matches the integer digits with optional thousands
// separators ("4100003", "4,100,003", "4.100.003", "4 100 003"). A
// fraction may follow: any digits for a float, only zeros for an integer
// ("4,100,003.00"), then a unit ("4100003ms"); a letter may precede it
// ("600x4100003"). The number must not be part of a longer number or an
// identifier.
func numberMatcher(digits string, isFloat bool) func(string) bool {
	var groups []string
	for len(digits) > 3 {
		groups = append([]string{digits[len(digits)-3:]}, groups...)
		digits = digits[:len(digits)-3]
	}
	groups = append([]string{digits}, groups...)
	re := regexp.MustCompile(strings.Join(groups, separators+"?"))
	return func(text string) bool {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if numberBoundaries(text, m[0], m[1], isFloat) {
				return true
			}
		}
		return false
	}
}

func numberBoundaries(text string, start, end int, isFloat bool) bool {
	if start > 0 {
		// A letter may precede ("600x900", "v2"); a digit or an underscore
		// means a longer number or an identifier such as another sentinel.
		r, n := utf8.DecodeLastRuneInString(text[:start])
		if (r >= '0' && r <= '9') || r == '_' {
			return false
		}
		if r == '.' || r == ',' {
			if p, _ := utf8.DecodeLastRuneInString(text[:start-n]); p >= '0' && p <= '9' {
				return false // the tail of a larger number
			}
		}
	}
	rest := text[end:]
	if len(rest) >= 2 && (rest[0] == '.' || rest[0] == ',') && rest[1] >= '0' && rest[1] <= '9' {
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if !isFloat && strings.Trim(rest[1:j], "0") != "" {
			return false
		}
		rest = rest[j:]
	}
	if rest == "" {
		return true
	}
	// A unit may follow directly ("4987s", "12ms", "3GB"); a digit or an
	// underscore means a longer number or identifier.
	r, _ := utf8.DecodeRuneInString(rest)
	return !(r >= '0' && r <= '9') && r != '_'
}

func sortedCopy(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}
