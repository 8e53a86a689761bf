package schemarules

import (
	"go/ast"
	"go/types"
	"net/url"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
)

func isResource(d *Def) bool {
	return d.Kind == mcpdefs.Resource || d.Kind == mcpdefs.ResourceTemplate
}

func uriTemplateRequired(p *lint.Pass, m *Model) error {
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
			p.Reportf(lint.NodeSpan(d.URI.Expr), "%s has an empty %s: the URI is how clients read a resource, so this one can never be read. Write the %s", d.Label(), what, what)
		case !d.URI.Set && !d.Mutated && isLiteral(d):
			p.Reportf(d.At(), "%s has no %s: the URI is how clients read a resource, so this one can never be read. Set it", d.Label(), what)
		}
	}
	return nil
}

func uriTemplateValid(p *lint.Pass, m *Model) error {
	for _, d := range m.Defs {
		if !isResource(d) || !d.URI.Static || strings.TrimSpace(d.URI.Str) == "" {
			continue
		}
		if d.Kind == mcpdefs.ResourceTemplate {
			if _, err := mcpdefs.ParseURITemplate(d.URI.Str); err != nil {
				panics := "go-sdk's AddResourceTemplate panics at start-up"
				if d.SDK == mcpdefs.MarkLabs {
					panics = "mark3labs' NewResourceTemplate panics at start-up"
				}
				p.Reportf(lint.NodeSpan(d.URI.Expr), "%s: %q is not a valid RFC 6570 URI template (%v): %s. Balance the braces and name every variable, as in items://{id}", d.Label(), d.URI.Str, err, panics)
			}
			continue
		}
		if d.SDK == mcpdefs.GoSDK {
			if _, err := url.Parse(d.URI.Str); err != nil {
				p.Reportf(lint.NodeSpan(d.URI.Expr), "%s: %q is not a valid URI (%v): go-sdk's AddResource panics at start-up. Fix the URI, or register a resource template if it has {variables}", d.Label(), d.URI.Str, err)
			}
		}
	}
	return nil
}

func resourceNameNotURI(p *lint.Pass, m *Model) error {
	for _, d := range m.Defs {
		if !isResource(d) || !d.Name.Set || !d.URI.Set {
			continue
		}
		same := d.Name.Static && d.URI.Static && d.Name.Str != "" && d.Name.Str == d.URI.Str
		if !same {
			same = sameObject(m.Result, d.Name.Expr, d.URI.Expr)
		}
		if same {
			p.Reportf(lint.NodeSpan(d.Name.Expr), "%s uses its URI as its name: clients show the name to people choosing what to attach, and a URI makes a poor label. Give it a short name (\"Item data\") and keep the URI in URI", d.Label())
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

func templateParamsAlign(p *lint.Pass, m *Model) error {
	for _, d := range m.Defs {
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
				p.Reportf(lint.NodeSpan(r.Node), "the handler of %s reads template argument %q, but the template %q has no such variable (it has %s): mark3labs fills request.Params.Arguments only with the template's variables, so this read is always nil. Rename one side so they match exactly", d.Label(), r.Key, d.URI.Str, list(tmpl.Vars()))
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
			p.Reportf(lint.NodeSpan(d.URI.Expr), "%s: the handler never reads template variable %s from request.Params.Arguments (it reads %s), so part of the URI is ignored. Read it, or remove it from the template", d.Label(), list(unread), list(keys(read)))
		}
	}
	return nil
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
