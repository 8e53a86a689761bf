package schemarules

import (
	"fmt"
	"go/ast"
	"go/types"
	"net/url"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/internal/defcheck"
	"github.com/mcplint/mcplint/internal/rule"
	"github.com/mcplint/mcplint/mcpdefs"
)

func isResource(d *Definition) bool {
	return d.Kind == mcpdefs.Resource || d.Kind == mcpdefs.ResourceTemplate
}

var ruleURITemplateRequired = check{
	ID: defcheck.RuleURITemplateRequired, Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "resource template without a URI template",
	Run:   uriTemplateRequired,
}

func uriTemplateRequired(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if !isResource(d) {
			continue
		}
		what := "URI"
		if d.Kind == mcpdefs.ResourceTemplate {
			what = "URI template"
		}
		switch {
		case d.URI.Set && d.URI.Static && strings.TrimSpace(d.URI.Str) == "":
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s has an empty %s, so it can never be read; write the %s", d.Label(), what, what)
		case !d.URI.Set && !d.Mutated && isLiteral(d):
			p.Reportf(d.At(), "%s has no %s, so it can never be read; set it", d.Label(), what)
		}
	}
	return nil
}

var ruleURITemplateValid = check{
	ID: defcheck.RuleURITemplateValid, Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "invalid RFC 6570 URI template",
	Run:   uriTemplateValid,
}

func uriTemplateValid(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if !isResource(d) || !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" {
			continue
		}
		if d.Kind == mcpdefs.ResourceTemplate {
			if _, err := mcpdefs.ParseURITemplate(d.URI.Str); err != nil {
				panics := "go-sdk's AddResourceTemplate panics at start-up"
				switch d.SDK {
				case mcpdefs.MarkLabs:
					panics = "mark3labs' NewResourceTemplate panics at start-up"
				case mcpdefs.MCPTool:
					panics = "mcptool.AddResourceTemplate panics at start-up"
				}
				p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is not a valid RFC 6570 URI template (%v): %s", d.Label(), d.URI.Str, err, panics)
			}
			continue
		}
		switch d.SDK {
		case mcpdefs.GoSDK:
			if _, err := url.Parse(d.URI.Str); err != nil {
				p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is not a valid URI (%v): go-sdk's AddResource panics at start-up", d.Label(), d.URI.Str, err)
			}
		case mcpdefs.MCPTool:
			// mcptool.AddResource also requires a scheme: clients read resources by absolute URI.
			if u, err := url.Parse(d.URI.Str); err != nil {
				p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q is not a valid URI (%v): mcptool.AddResource panics at start-up", d.Label(), d.URI.Str, err)
			} else if u.Scheme == "" {
				p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: %q has no scheme, and mcptool.AddResource panics at start-up; add one (myapp://)", d.Label(), d.URI.Str)
			}
		}
	}
	return nil
}

var ruleResourceNameNotURI = check{
	ID: defcheck.RuleResourceNameNotURI, Family: Family, Severity: rule.Warning, SDKs: rule.AllSDKs,
	Title: "resource name is its URI",
	Run:   resourceNameNotURI,
}

func resourceNameNotURI(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if !isResource(d) || !d.Name.Set || !d.URI.Set {
			continue
		}
		same := d.Name.Static && d.URI.Static && d.Name.Str != "" && d.Name.Str == d.URI.Str
		if !same {
			same = sameObject(m.Result, d.Name.Expr, d.URI.Expr)
		}
		switch {
		case same:
			p.Reportf(rule.NodeSpan(d.Name.Expr), "%s uses its URI as its name, a poor label for people; give it a short name", d.Label())
		case d.Name.Static && strings.Contains(d.Name.Str, "://"):
			p.Reportf(rule.NodeSpan(d.Name.Expr), "%s has a URI for a name, a poor label for people; give it a short name", d.Label())
		}
	}
	return nil
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

var ruleTemplateParamsAlign = check{
	ID: defcheck.RuleTemplateParamsAlign, Family: Family, Severity: rule.Error, SDKs: []string{rule.SDKMarkLabs, rule.SDKMCPTool},
	Title: "template variable the handler does not read",
	Run:   templateParamsAlign,
}

func templateParamsAlign(p *rule.Pass, m *Model) error {
	seen := dedup{}
	for _, d := range m.Defs {
		if d.Kind == mcpdefs.ResourceTemplate && d.SDK == mcpdefs.MCPTool {
			typedParamsAlign(p, m, d, seen)
			continue
		}
		if d.Kind != mcpdefs.ResourceTemplate || d.SDK != mcpdefs.MarkLabs || !d.URI.Static || d.Handler == nil {
			continue
		}
		tmpl, err := mcpdefs.ParseURITemplate(d.URI.Str)
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
	return nil
}

// typedParamsAlign checks an mcptool ResourceTemplate[P]: mcptool binds each template
// variable into the field of P that it names (by `uri` tag, json name or Go name), and
// AddResourceTemplate panics at start-up when they do not line up.
func typedParamsAlign(p *rule.Pass, m *Model, d *Definition, seen dedup) {
	binds, isStruct, ok := mcpdefs.Bindings(d.Definition)
	if !ok {
		return
	}
	pt := m.typeName(d.ParamsType)
	if !isStruct {
		p.Reportf(d.At(), "%s: its params type %s is not a struct, so AddResourceTemplate panics at start-up; use a struct", d.Label(), pt)
		return
	}
	for _, b := range binds {
		if !b.Unsupported {
			continue
		}
		at, atField := m.fieldAt(b.Field, d)
		where := ""
		if !atField {
			where = " of " + pt + " (params of " + d.Label() + ")"
		}
		msg := fmt.Sprintf("field %s%s has type %s, which cannot hold a URI template variable, so AddResourceTemplate panics at start-up", b.Field.Name(), where, m.typeName(b.Field.Type()))
		if seen.first(at, msg) {
			p.Report(at, msg)
		}
	}
	if !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" {
		// An empty template is uri-template-required's; mcptool binds nothing then.
		return
	}
	tmpl, err := mcpdefs.ParseURITemplate(d.URI.Str)
	if err != nil {
		return
	}
	byName := map[string]bool{}
	for _, b := range binds {
		byName[b.Name] = true
	}
	vars := map[string]bool{}
	for _, v := range tmpl.Vars() {
		vars[v] = true
		if !byName[v] {
			p.Reportf(rule.NodeSpan(d.URI.Expr), "%s: template variable {%s} has no field in %s, so AddResourceTemplate panics; add a field tagged `uri:%q`", d.Label(), v, pt, v)
		}
	}
	for _, b := range binds {
		if !b.Explicit || vars[b.Name] {
			continue
		}
		at, atField := m.fieldAt(b.Field, d)
		where := ""
		if !atField {
			where = " of " + pt + " (params of " + d.Label() + ")"
		}
		msg := fmt.Sprintf("field %s%s is tagged `uri:%q`, but the template %q has no {%s} (it has %s), so AddResourceTemplate panics at start-up", b.Field.Name(), where, b.Name, d.URI.Str, b.Name, list(tmpl.Vars()))
		if seen.first(at, msg) {
			p.Report(at, msg)
		}
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

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
