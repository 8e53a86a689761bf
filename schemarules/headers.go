package schemarules

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/schemarules/headercheck"
)

// x-mcp-header (SEP-2243, revision 2026-07-28) mirrors a tool argument into an Mcp-Param-*
// HTTP header. The SDKs check every annotation when the tool is registered and panic on a bad
// one; clients of the revision drop such a tool from tools/list. headercheck mirrors the
// SDKs' check; these rules word what it finds.

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

func dialectOf(d *Definition) headercheck.Dialect {
	if d.SDK == sdkapi.MarkLabs {
		return headercheck.MarkLabs
	}
	return headercheck.GoSDK
}

// headerProblem says what is wrong with a rejected annotation and what to write instead.
func headerProblem(pr headercheck.Problem) (what, fix string) {
	switch pr.Fault {
	case headercheck.NotPrimitive:
		return fmt.Sprintf("on %q, %s", pr.Path, describeTypes(pr.Types)), "annotate string, integer or boolean properties"
	case headercheck.NotString:
		return fmt.Sprintf("of %q is %s", pr.Path, render(pr.At.Value)), "write a non-empty string"
	case headercheck.NotToken:
		return fmt.Sprintf("of %q contains %s", pr.Path, describeRune(pr.Char)), "use letters, digits and -"
	}
	return fmt.Sprintf("of %q repeats %q's header, ignoring case", pr.Path, pr.Other), "rename one"
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
func forEachHeaderScan(m *Model, fn func(d *Definition, scan headercheck.Scan)) {
	for _, d := range m.Defs {
		root := headerSchema(d)
		if root == nil {
			continue
		}
		if scan := headercheck.Check(root, dialectOf(d)); scan.Decodes {
			fn(d, scan)
		}
	}
}

func xMCPHeaderValid(p *rule.Pass, m *Model) {
	forEachHeaderScan(m, func(d *Definition, scan headercheck.Scan) {
		for _, pr := range scan.Problems {
			what, fix := headerProblem(pr)
			p.Reportf(jsonAt(pr.At.Value), "%s: x-mcp-header %s: %s; %s", d.Label(), what, headerEffect(m, d), fix)
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
	forEachHeaderScan(m, func(d *Definition, scan headercheck.Scan) {
		for _, a := range scan.Annotations {
			if secretName(a.Property) || secretDescription(a.Parent) {
				p.Reportf(jsonAt(a.At.Value), "%s: %q goes out in header Mcp-Param-%s, which proxies log; keep credentials out of headers", d.Label(), a.Path, a.Header)
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
