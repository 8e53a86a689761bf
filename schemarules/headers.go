package schemarules

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// x-mcp-header (SEP-2243, revision 2026-07-28) mirrors a tool argument into an Mcp-Param-*
// HTTP header. The SDKs check every annotation when the tool is registered and panic on a bad
// one; clients of the revision drop such a tool from tools/list. What follows mirrors the
// check of go-sdk v1.8.0 (mcp/streamable_headers.go, validateParamHeaderAnnotations) and
// mcp-go v1.2.1 (mcp/headers.go, ValidateParamHeaderAnnotations) exactly, including how each
// decodes the schema first: a schema the decoder rejects is not checked at all.

const headerKey = "x-mcp-header"

func (rules) XMCPHeaderValid() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "x-mcp-header-valid", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "x-mcp-header annotation the SDK rejects at registration",
		Run:   xMCPHeaderValid,
	}, (*kinds).model)
}

func (rules) XMCPHeaderSecret() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "x-mcp-header-secret", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "x-mcp-header on a property that carries a secret",
		Run:   xMCPHeaderSecret,
	}, (*kinds).model)
}

// headerDialect is how one SDK decodes a schema before checking its annotations.
type headerDialect struct {
	// foldKeys: encoding/json matches keys case-insensitively (mcp-go); go-sdk's decoder
	// does not.
	foldKeys bool
	// typeList: mcp-go reads "type" as raw JSON and accepts a list of permitted types; go-sdk
	// decodes it into a string, so a list anywhere in the properties fails the decode.
	typeList bool
}

func dialectOf(d *Definition) headerDialect {
	if d.SDK == sdkapi.MarkLabs {
		return headerDialect{foldKeys: true, typeList: true}
	}
	return headerDialect{}
}

// headerProblem is one annotation the SDK rejects.
type headerProblem struct {
	at     *jsonvalue.Member
	parent *jsonvalue.Value
	path   string
	what   string
	fix    string
}

// headerAnnotation is one annotation whose value is a known string.
type headerAnnotation struct {
	at       *jsonvalue.Member
	parent   *jsonvalue.Value
	property string
	path     string
	header   string
}

// headerScan is what the SDK's check finds in one input schema.
type headerScan struct {
	// decodes is false when the SDK's decoder rejects the schema (its check is then skipped)
	// or when recognition cannot tell whether it would.
	decodes     bool
	problems    []headerProblem
	annotations []headerAnnotation
}

// member is the member of obj the SDK's decoder reads for key (the last match), and whether
// absence is known (a partial object may hold the key unseen).
func (h headerDialect) member(obj *jsonvalue.Value, key string) (m *jsonvalue.Member, known bool) {
	for _, mem := range obj.Members {
		if mem.Key == key || h.foldKeys && strings.EqualFold(mem.Key, key) {
			m = mem
		}
	}
	return m, m != nil || !obj.Partial
}

// scanHeaders runs the SDK's check over a static input schema.
func scanHeaders(root *jsonvalue.Value, h headerDialect) headerScan {
	s := headerScan{decodes: true}
	if root == nil || root.Kind != jsonvalue.Object {
		s.decodes = false
		return s
	}
	seen := map[string]string{}
	var walk func(props *jsonvalue.Value, prefix string, depth int)
	walk = func(props *jsonvalue.Value, prefix string, depth int) {
		if !s.decodes || depth > 64 {
			return
		}
		switch props.Kind {
		case jsonvalue.Null:
			return
		case jsonvalue.Object:
		default:
			// A dynamic map may hide anything; any other JSON value fails the decode.
			s.decodes = false
			return
		}
		if props.Partial {
			s.decodes = false
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
				s.decodes = false
				return
			}
			typeNames, typeKnown, typeDecodes := h.typeOf(prop)
			if !typeDecodes || !typeKnown && !h.typeList {
				// go-sdk decodes "type" into a string: an unseen list would fail the decode.
				s.decodes = false
				return
			}
			hm, headerKnown := h.member(prop, headerKey)
			if !headerKnown {
				s.decodes = false // an annotation may be hidden in what recognition cannot read
				return
			}
			if hm != nil {
				if !typeKnown || hm.Value.Kind == jsonvalue.Dynamic {
					s.decodes = false
					return
				}
				s.checkAnnotation(prop, pm.Key, path, hm, typeNames, seen)
			}
			sub, subKnown := h.member(prop, "properties")
			if !subKnown {
				s.decodes = false
				return
			}
			if sub != nil {
				walk(sub.Value, path, depth+1)
			}
		}
	}
	props, known := h.member(root, "properties")
	if !known {
		s.decodes = false
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
func (h headerDialect) typeOf(prop *jsonvalue.Value) (names []string, known, decodes bool) {
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

// checkAnnotation applies the SDKs' three checks, in their order, to one annotation.
func (s *headerScan) checkAnnotation(prop *jsonvalue.Value, name, path string, hm *jsonvalue.Member, typeNames []string, seen map[string]string) {
	report := func(what, fix string) {
		s.problems = append(s.problems, headerProblem{at: hm, parent: prop, path: path, what: what, fix: fix})
	}
	if !headerPrimitive(typeNames) {
		report(fmt.Sprintf("on %q, %s", path, describeTypes(typeNames)), "annotate string, integer or boolean properties")
		return
	}
	v := hm.Value
	if v.Kind != jsonvalue.String || v.Str == "" {
		report(fmt.Sprintf("of %q is %s", path, render(v)), "write a non-empty string")
		return
	}
	if bad, ok := firstNonToken(v.Str); ok {
		report(fmt.Sprintf("of %q contains %s", path, describeRune(bad)), "use letters, digits and -")
		return
	}
	lower := strings.ToLower(v.Str)
	if other, dup := seen[lower]; dup {
		report(fmt.Sprintf("of %q repeats %q's header, ignoring case", path, other), "rename one")
		return
	}
	seen[lower] = path
	s.annotations = append(s.annotations, headerAnnotation{at: hm, parent: prop, property: name, path: path, header: v.Str})
}

// headerPrimitive reports whether every declared type is one a header can carry; a property
// with no declared type is refused, as both SDKs do.
func headerPrimitive(names []string) bool {
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

func describeTypes(names []string) string {
	switch {
	case len(names) == 0 || len(names) == 1 && names[0] == "":
		return "no type"
	case len(names) == 1:
		return fmt.Sprintf("type %q", names[0])
	}
	return fmt.Sprintf("type [%s]", strings.Join(quoteAll(names), ", "))
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
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

// headerEffect says what a rejected annotation does for the definition's SDK and version.
func headerEffect(m *Model, d *Definition) string {
	if m.Result.Versions.HeaderAnnotationsChecked(d.SDK) {
		switch d.SDK {
		case sdkapi.MarkLabs:
			return "mcp-go panics at start-up"
		case sdkapi.MCPTool:
			return "mcptool.Add panics at start-up"
		}
		return "go-sdk panics at start-up"
	}
	return "2026-07-28 clients drop it"
}

// headerSchema is the static input schema whose annotations the SDK checks, or nil.
func headerSchema(d *Definition) *jsonvalue.Value {
	s := d.Input
	if s == nil || s.JSON == nil || s.JSON.Invalid {
		return nil
	}
	switch s.Source.Origin {
	case mcpmodel.SchemaHandBuilt, mcpmodel.SchemaProperties:
		return s.JSON
	}
	return nil
}

// forEachHeaderScan calls fn with each definition whose static input schema the SDK decodes,
// and the scan of its x-mcp-header annotations: the SDK ignores every annotation of a schema
// it cannot decode.
func forEachHeaderScan(m *Model, fn func(d *Definition, scan headerScan)) {
	for _, d := range m.Defs {
		root := headerSchema(d)
		if root == nil {
			continue
		}
		if scan := scanHeaders(root, dialectOf(d)); scan.decodes {
			fn(d, scan)
		}
	}
}

func xMCPHeaderValid(p *rule.Pass, m *Model) {
	forEachHeaderScan(m, func(d *Definition, scan headerScan) {
		for _, pr := range scan.problems {
			p.Reportf(jsonAt(pr.at.Value), "%s: x-mcp-header %s: %s; %s", d.Label(), pr.what, headerEffect(m, d), pr.fix)
		}
	})
}

// secretWords name what a property carries when it is a credential.
var secretWords = map[string]bool{
	"password": true, "passwd": true, "passphrase": true, "secret": true, "credential": true,
	"credentials": true, "apikey": true, "bearer": true, "authorization": true, "cookie": true,
	"pat": true,
}

// notSecretTokens are words that make "token" mean something else: a page cursor, an LLM
// token count.
var notSecretTokens = map[string]bool{
	"page": true, "next": true, "continuation": true, "cursor": true, "sync": true, "max": true,
	"min": true, "count": true, "limit": true, "num": true, "tokens": true, "prev": true,
}

// secretName reports whether a property name says it carries a credential.
func secretName(name string) bool {
	words := splitWords(name)
	token := false
	for i, w := range words {
		switch {
		case secretWords[w]:
			return true
		case w == "key" && i > 0 && (words[i-1] == "api" || words[i-1] == "private" || words[i-1] == "access" || words[i-1] == "secret"):
			return true
		case w == "token":
			token = true
		}
	}
	if !token {
		return false
	}
	for _, w := range words {
		if notSecretTokens[w] {
			return false
		}
	}
	return true
}

// splitWords splits camelCase, snake_case and kebab-case names into lower-case words.
func splitWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = nil
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// secretDescription reports whether a property's description says it is a credential.
func secretDescription(prop *jsonvalue.Value) bool {
	desc := prop.Get("description")
	if desc == nil || desc.Kind != jsonvalue.String {
		return false
	}
	d := strings.ToLower(desc.Str)
	for _, phrase := range []string{"password", "api key", "access token", "secret", "credential", "bearer token", "auth token", "authentication token"} {
		if strings.Contains(d, phrase) {
			return true
		}
	}
	return false
}

func xMCPHeaderSecret(p *rule.Pass, m *Model) {
	forEachHeaderScan(m, func(d *Definition, scan headerScan) {
		for _, a := range scan.annotations {
			if secretName(a.property) || secretDescription(a.parent) {
				p.Reportf(jsonAt(a.at.Value), "%s: %q goes out in header Mcp-Param-%s, which proxies log; keep credentials out of headers", d.Label(), a.path, a.header)
			}
		}
	})
}

// describeRune names a character for a message: a space, or the character quoted.
func describeRune(c rune) string {
	if c == ' ' {
		return "a space"
	}
	return fmt.Sprintf("%q", c)
}
