package schemarules

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func isResource(d *Definition) bool {
	return d.Kind == mcpmodel.Resource || d.Kind == mcpmodel.ResourceTemplate
}

func (rules) URITemplateRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleURITemplateRequired, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "resource template without a URI template",
		Run:   uriTemplateRequired,
	}, (*kinds).definition)
}

func uriTemplateRequired(p *rule.Pass, m *Model, d *Definition) {
	if !isResource(d) {
		return
	}
	what := "URI"
	if d.Kind == mcpmodel.ResourceTemplate {
		what = "URI template"
	}
	switch {
	case d.URI.Set && d.URI.Static && strings.TrimSpace(d.URI.Str) == "":
		p.Reportf(rule.NodeSpan(d.URI.Expr), "%s has an empty %s, so it can never be read; write the %s", d.Label(), what, what)
	case !d.URI.Set && !d.Mutated && isLiteral(d):
		p.Reportf(d.At(), "%s has no %s, so it can never be read; set it", d.Label(), what)
	}
}

func (rules) URITemplateValid() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleURITemplateValid, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "invalid RFC 6570 URI template",
		Run:   uriTemplateValid,
	}, (*kinds).definition)
}

func uriTemplateValid(p *rule.Pass, m *Model, d *Definition) {
	if !isResource(d) || !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" {
		return
	}
	if d.Kind == mcpmodel.ResourceTemplate {
		if _, err := mcpmodel.ParseURITemplate(d.URI.Str); err != nil {
			panics := "go-sdk's AddResourceTemplate panics at start-up"
			switch d.SDK {
			case sdkapi.MarkLabs:
				panics = "mark3labs' NewResourceTemplate panics at start-up"
			case sdkapi.MCPTool:
				panics = "mcptool.AddResourceTemplate panics at start-up"
			}
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is no valid URI template (%v): %s", d.Label(), d.URI.Str, err, panics)
		}
		return
	}
	switch d.SDK {
	case sdkapi.GoSDK:
		if _, err := url.Parse(d.URI.Str); err != nil {
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is not a valid URI (%v): go-sdk's AddResource panics at start-up", d.Label(), d.URI.Str, err)
		}
	case sdkapi.MCPTool:
		// mcptool.AddResource also requires a scheme: clients read resources by absolute URI.
		if u, err := url.Parse(d.URI.Str); err != nil {
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is not a valid URI (%v): mcptool.AddResource panics at start-up", d.Label(), d.URI.Str, err)
		} else if u.Scheme == "" {
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q has no scheme, and mcptool.AddResource panics at start-up; add one (myapp://)", d.Label(), d.URI.Str)
		}
	}
}

func (rules) ResourceNameNotURI() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleResourceNameNotURI, Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "resource name is its URI",
		Run:   resourceNameNotURI,
	}, (*kinds).definition)
}

func resourceNameNotURI(p *rule.Pass, m *Model, d *Definition) {
	if !isResource(d) || !d.Name.Set || !d.URI.Set {
		return
	}
	same := d.Name.Static && d.URI.Static && d.Name.Str != "" && d.Name.Str == d.URI.Str
	if !same {
		same = sameObject(m.Result, d.Name.Expr, d.URI.Expr)
	}
	if same && d.URI.Static && !hasScheme(d.URI.Str) {
		// "readme" for both is a fine label; the URI is what is wrong, and
		// resource-uri-scheme says so.
		return
	}
	advice := ""
	if d.URI.Static {
		if label := labelFor(d.URI.Str); label != "" {
			advice = fmt.Sprintf(" (%q, say)", label)
		}
	}
	switch {
	case same:
		p.Reportf(rule.NodeSpan(d.Name.Expr), "%s uses its URI as its name; give people a short name%s", d.Label(), advice)
	case d.Name.Static && strings.Contains(d.Name.Str, "://"):
		p.Reportf(rule.NodeSpan(d.Name.Expr), "%s has a URI for a name; give people a short name%s", d.Label(), advice)
	}
}

// labelFor suggests a label from a URI's last path segment: "file:///etc/hosts" gives
// "Hosts", "docs://guides/getting-started.md" gives "Getting started". "" when the URI has
// no usable segment (or only template variables).
func labelFor(uri string) string {
	rest := uri
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	rest, _, _ = strings.Cut(rest, "?")
	segs := strings.FieldsFunc(rest, func(r rune) bool { return r == '/' })
	for i := len(segs) - 1; i >= 0; i-- {
		seg := segs[i]
		if strings.ContainsAny(seg, "{}") {
			continue
		}
		if dot := strings.LastIndex(seg, "."); dot > 0 {
			seg = seg[:dot]
		}
		seg = strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(seg))
		if seg == "" {
			continue
		}
		return strings.ToUpper(seg[:1]) + seg[1:]
	}
	return ""
}

// hasScheme reports whether uri begins with an RFC 3986 scheme: a letter, then letters,
// digits, "+", "-" or ".", then ":".
func hasScheme(uri string) bool {
	i := strings.Index(uri, ":")
	if i <= 0 {
		return false
	}
	for j, r := range uri[:i] {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (j == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

func (rules) ResourceURIScheme() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "resource-uri-scheme", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "resource URI without a scheme",
		Run:   resourceURIScheme,
	}, (*kinds).definition)
}

func resourceURIScheme(p *rule.Pass, m *Model, d *Definition) {
	if d.Kind != mcpmodel.Resource || !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" || hasScheme(d.URI.Str) {
		return
	}
	p.Reportf(rule.NodeSpan(d.URI.Expr), "%s has URI %q with no scheme, which clients may reject; add one (file://, docs://)", d.Label(), d.URI.Str)
}

// sameObject reports whether two expressions name the same variable or constant.
func sameObject(res *mcpdefs.Result, a, b ast.Expr) bool {
	ida, ok1 := ast.Unparen(a).(*ast.Ident)
	idb, ok2 := ast.Unparen(b).(*ast.Ident)
	if !ok1 || !ok2 || ida.Name != idb.Name {
		return false
	}
	oa, ob := res.ObjectOf(ida), res.ObjectOf(idb)
	_, isVar := oa.(*types.Var)
	_, isConst := oa.(*types.Const)
	return oa != nil && oa == ob && (isVar || isConst)
}

func (rules) TemplateParamsAlign() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: defcheck.RuleTemplateParamsAlign, Severity: rule.Error, SDKs: []string{rule.SDKMarkLabs, rule.SDKMCPTool},
		Title: "template variable the handler does not read",
		Run:   templateParamsAlign,
	}, (*kinds).model)
}

func templateParamsAlign(p *rule.Pass, m *Model) {
	seen := dedup{}
	for _, d := range m.Defs {
		if d.Kind == mcpmodel.ResourceTemplate && d.SDK == sdkapi.MCPTool {
			typedParamsAlign(p, m, d, seen)
			continue
		}
		if d.Kind != mcpmodel.ResourceTemplate || d.SDK != sdkapi.MarkLabs || !d.URI.Static || d.Handler == nil {
			continue
		}
		tmpl, err := mcpmodel.ParseURITemplate(d.URI.Str)
		if err != nil {
			continue
		}
		vars := map[string]bool{}
		for _, v := range tmpl.Vars() {
			vars[v] = true
		}
		reads, dynamic := m.Result.TemplateArgReads(d.Handler)
		read := map[string]bool{}
		for _, r := range reads {
			read[r.Key] = true
			if !vars[r.Key] {
				p.Reportf(rule.NodeSpan(r.Node), "the handler of %s reads template argument %q, but the template %q has no such variable (it has %s), so it is always nil", d.Label(), r.Key, d.URI.Str, list(tmpl.Vars()))
			}
		}
		if len(reads) == 0 || dynamic {
			continue
		}
		var unread []string
		for _, v := range tmpl.Vars() {
			if !read[v] {
				unread = append(unread, v)
			}
		}
		if len(unread) > 0 {
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: the handler never reads template variable %s (it reads %s); read it or remove it from the template", d.Label(), list(unread), list(keys(read)))
		}
	}
}

// typedParamsAlign checks an mcptool ResourceTemplate[P]: mcptool binds each template
// variable into the field of P that it names (by `uri` tag, json name or Go name), and
// AddResourceTemplate panics at start-up when they do not line up.
func typedParamsAlign(p *rule.Pass, m *Model, d *Definition, seen dedup) {
	binds, isStruct, ok := mcpmodel.Bindings(d.Definition)
	if !ok {
		return
	}
	pt := m.typeName(d.ParamsType)
	if !isStruct {
		p.Reportf(d.At(), "%s: its params type %s is not a struct, so AddResourceTemplate panics at start-up; use a struct", d.Label(), pt)
		return
	}
	reportUnbindable(p, m, d, binds, seen, unbindable{params: "params", value: "URI template variable", add: "AddResourceTemplate"})
	if !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" {
		// An empty template is uri-template-required's; mcptool binds nothing then.
		return
	}
	tmpl, err := mcpmodel.ParseURITemplate(d.URI.Str)
	if err != nil {
		return
	}
	byName := map[string]bool{}
	for _, b := range binds {
		byName[b.Name] = true
	}
	// One finding per line: the variables without a field are reported together at the
	// template, with the mistagged fields whose finding would land on the same line (fields
	// of another package are reported at the registration).
	vars := map[string]bool{}
	var missing []string
	for _, v := range tmpl.Vars() {
		vars[v] = true
		if !byName[v] {
			missing = append(missing, v)
		}
	}
	var strays []string
	for _, b := range binds {
		if !b.Explicit || vars[b.Name] {
			continue
		}
		at, atField := m.fieldAt(b.Field, d)
		if !atField && len(missing) > 0 && p.Fset.Position(at.Pos()).Line == p.Fset.Position(d.URI.Expr.Pos()).Line {
			strays = append(strays, fmt.Sprintf("field %s of %s is tagged `uri:%q`, which the template lacks", b.Field.Name(), pt, b.Name))
			continue
		}
		where := ""
		if !atField {
			where = " of " + pt + " (params of " + d.Label() + ")"
		}
		msg := fmt.Sprintf("field %s%s is tagged `uri:%q`, but the template %q has no {%s} (it has %s), so AddResourceTemplate panics at start-up", b.Field.Name(), where, b.Name, d.URI.Str, b.Name, list(tmpl.Vars()))
		if seen.first(at, msg) {
			p.Report(at, msg)
		}
	}
	if len(missing) > 0 {
		also := ""
		if len(strays) > 0 {
			also = " (" + strings.Join(strays, "; ") + ")"
		}
		p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: template variable %s has no field in %s%s, so AddResourceTemplate panics; add a field tagged `uri:%q`", d.Label(), list(missing), pt, also, missing[0])
	}
}

func list(vs []string) string {
	if len(vs) == 0 {
		return "none"
	}
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = "{" + v + "}"
	}
	return strings.Join(q, ", ")
}

func keys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }
