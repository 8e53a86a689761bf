package mcptool

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/yosida95/uritemplate/v3"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Resource is a resource with a fixed URI.
type Resource struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations *mcp.Annotations
	Meta        mcp.Meta
	// Handler reads the resource. Errors become JSON-RPC errors with their
	// mcperr code; a NotFound becomes go-sdk's mcp.ResourceNotFoundError.
	Handler func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error)
}

// ResourceTemplate is a family of resources named by an RFC 6570 URI
// template. The template's variables are parsed from the requested URI and
// handed to the handler as P, a struct whose fields are named by a `uri`
// tag, else the json tag, else the field name:
//
//	type IssueParams struct {
//		Owner  string `uri:"owner"`
//		Number int    `uri:"number"`
//	}
//
// Fields may be strings, []string (for exploded lists), integers, floats,
// bools, pointers to those, or encoding.TextUnmarshaler implementations.
type ResourceTemplate[P any] struct {
	URITemplate string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations *mcp.Annotations
	Meta        mcp.Meta
	Handler     func(ctx context.Context, req *mcp.ReadResourceRequest, params P) (*mcp.ReadResourceResult, error)
}

// CheckResource returns what AddResource would report for r.
func CheckResource(r Resource) []Finding {
	var fs findings
	switch {
	case defcheck.IsBlank(r.URI):
		fs.err(defcheck.RuleURITemplateRequired, "URI is empty: the resource has no address clients can read; set URI")
	default:
		if u, err := url.Parse(r.URI); err != nil {
			fs.err(defcheck.RuleURITemplateValid, "URI %q does not parse (%v); go-sdk panics on it", r.URI, err)
		} else if u.Scheme == "" {
			fs.err(defcheck.RuleURITemplateValid, "URI %q has no scheme; clients resolve resources by absolute URI, so add one (file://, myapp://)", r.URI)
		}
	}
	checkResourceCommon(&fs, r.Name, r.URI, r.Description, r.Handler == nil)
	return fs
}

func checkResourceCommon(fs *findings, name, uri, desc string, nilHandler bool) {
	switch {
	case defcheck.IsBlank(name):
		fs.err(defcheck.RuleNameRequired, "the resource has no Name; clients list resources by name, so set one")
	case name == uri || strings.Contains(name, "://"):
		fs.warn(defcheck.RuleResourceNameNotURI, "Name %q is a URI; clients show the name verbatim, so use a short human-readable name", name)
	}
	checkDescription(fs, "resource", desc)
	if nilHandler {
		fs.err(defcheck.RuleHandlerRequired, "Handler is nil, so every read would fail; set Handler")
	}
}

// AddResource checks r and registers it on s.
func AddResource(s *mcp.Server, r Resource, opts ...Option) {
	o := buildOptions(opts)
	findings(CheckResource(r)).report(o.logger, "mcptool.AddResource", "resource", r.URI)
	def := &mcp.Resource{URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description,
		MIMEType: r.MIMEType, Annotations: r.Annotations, Meta: r.Meta}
	h := r.Handler
	guard := &nilErrorGuard{logger: o.logger, kind: "resource", name: r.URI}
	s.AddResource(def, func(ctx context.Context, req *mcp.ReadResourceRequest) (res *mcp.ReadResourceResult, err error) {
		defer o.recoverResource(r.URI, &res, &err)
		res, err = h(ctx, req)
		err = guard.clean(err)
		return o.finishResource(req, res, err)
	})
}

// compiledTemplate is a checked template and its parameter bindings.
type compiledTemplate struct {
	tmpl  *uritemplate.Template
	binds []binding
}

func compileTemplate[P any](t ResourceTemplate[P]) (*compiledTemplate, []Finding) {
	var fs findings
	c := &compiledTemplate{}
	if defcheck.IsBlank(t.URITemplate) {
		fs.err(defcheck.RuleURITemplateRequired, "URITemplate is empty: the template matches no URI clients can read; set URITemplate")
	} else if tmpl, err := uritemplate.New(t.URITemplate); err != nil {
		fs.err(defcheck.RuleURITemplateValid, "URITemplate %q is not a valid RFC 6570 template (%v); go-sdk panics on it", t.URITemplate, err)
	} else {
		c.tmpl = tmpl
	}
	checkResourceCommon(&fs, t.Name, t.URITemplate, t.Description, t.Handler == nil)

	pt := reflect.TypeFor[P]()
	binds, err := bindings(pt, "uri")
	if err != nil {
		fs.err(defcheck.RuleTemplateParamsAlign, "params type %s: %v; template variables are strings, use string, number, bool or []string fields", pt, err)
	}
	c.binds = binds
	if c.tmpl != nil && (err == nil || structKind(pt)) {
		byName := map[string]binding{}
		for _, b := range binds {
			byName[b.name] = b
		}
		vars := map[string]bool{}
		for _, v := range c.tmpl.Varnames() {
			vars[v] = true
			if _, ok := byName[v]; !ok {
				fs.err(defcheck.RuleTemplateParamsAlign, "template variable {%s} has no field in %s, so the handler never sees it; add a field tagged `uri:%q`", v, pt, v)
			}
		}
		for _, b := range binds {
			if b.explicit && !vars[b.name] {
				fs.err(defcheck.RuleTemplateParamsAlign, "field %s is tagged `uri:%q` but the template has no {%s}, so it is always empty; fix the tag or the template", b.field, b.name, b.name)
			}
		}
	}
	return c, fs
}

// bind matches uri against the template and stores its variables into the fields of the
// struct pv. matched is false when uri does not match; a value that does not convert to its
// field's type is an error, with the variable it came from.
func (c *compiledTemplate) bind(uri string, pv reflect.Value) (matched bool, variable string, err error) {
	values := c.tmpl.Match(uri)
	if values == nil {
		return false, "", nil
	}
	for _, b := range c.binds {
		if b.unsupported {
			continue
		}
		v := values.Get(b.name)
		if !v.Valid() || len(v.V) == 0 {
			continue
		}
		if err := b.set(pv, v.V); err != nil {
			return true, b.name, err
		}
	}
	return true, "", nil
}

// CheckResourceTemplate returns what AddResourceTemplate would report for t.
func CheckResourceTemplate[P any](t ResourceTemplate[P]) []Finding {
	_, fs := compileTemplate(t)
	return fs
}

// AddResourceTemplate checks t and registers it on s. Reads of a matching
// URI get the template's variables bound into P; a value that does not
// convert to its field's type is an InvalidParams error.
func AddResourceTemplate[P any](s *mcp.Server, t ResourceTemplate[P], opts ...Option) {
	o := buildOptions(opts)
	c, fs := compileTemplate(t)
	findings(fs).report(o.logger, "mcptool.AddResourceTemplate", "resource template", t.URITemplate)
	def := &mcp.ResourceTemplate{URITemplate: t.URITemplate, Name: t.Name, Title: t.Title,
		Description: t.Description, MIMEType: t.MIMEType, Annotations: t.Annotations, Meta: t.Meta}
	guard := &nilErrorGuard{logger: o.logger, kind: "resource template", name: t.URITemplate}
	s.AddResourceTemplate(def, func(ctx context.Context, req *mcp.ReadResourceRequest) (res *mcp.ReadResourceResult, err error) {
		defer o.recoverResource(t.URITemplate, &res, &err)
		uri := req.Params.URI
		var p P
		pv := bindTarget(&p)
		matched, variable, err := c.bind(uri, pv)
		if !matched {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		if err != nil {
			return nil, o.protocolError(mcperr.InvalidParams(
				fmt.Sprintf("URI %s: {%s} %v", uri, variable, err),
				mcperr.WithData("uri", uri), mcperr.WithData("variable", variable), mcperr.WithCause(err)), "")
		}
		res, err = t.Handler(ctx, req, p)
		err = guard.clean(err)
		return o.finishResource(req, res, err)
	})
}

func (o options) finishResource(req *mcp.ReadResourceRequest, res *mcp.ReadResourceResult, err error) (*mcp.ReadResourceResult, error) {
	uri, logger := req.Params.URI, o.logger
	if err != nil {
		if _, ok := mcperr.As(err); !ok {
			logger.Warn("mcptool: resource handler returned an error without a code; it was classified", "uri", uri, "code", mcperr.ClassifyCode(err).String(), "error", err.Error())
		}
		return nil, o.protocolError(err, uri)
	}
	if res == nil {
		logger.Error("mcptool: resource handler returned neither a result nor an error", "uri", uri)
		return nil, o.protocolError(mcperr.InternalError(fmt.Sprintf("reading %s produced no result; the server logged the details", uri)), "")
	}
	return res, nil
}

func (o options) recoverResource(id string, res **mcp.ReadResourceResult, err *error) {
	if p := recover(); p != nil {
		o.logger.Error("mcptool: resource handler panicked", "resource", id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		*res = nil
		*err = o.protocolError(mcperr.InternalError(fmt.Sprintf("reading resource %s failed unexpectedly; the server logged the details", id)), "")
	}
}
