package schemarules

import (
	"strings"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// uiMeta returns a tool's _meta.ui member and the _meta object holding it, when _meta is
// static.
func uiMeta(m *Model, d *Definition) (meta *jsonvalue.Value, ui *jsonvalue.Member) {
	if d.Kind != mcpmodel.Tool || d.Meta == nil {
		return nil, nil
	}
	meta = m.Result.JSONOf(d.Meta)
	if meta == nil || meta.Kind != jsonvalue.Object {
		return nil, nil
	}
	return meta, meta.Member("ui")
}

func (rules) MetaUIType() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "meta-ui-type", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "_meta.ui is not an object",
		Run:   metaUIType,
	}, (*kinds).definition)
}

func metaUIType(p *rule.Pass, m *Model, d *Definition) {
	meta, ui := uiMeta(m, d)
	if ui == nil || ui.Value.Kind == jsonvalue.Object || ui.Value.Kind == jsonvalue.Dynamic {
		return
	}
	p.Reportf(memberAt(meta, ui), "%s: _meta.ui is %s, not an object, so hosts cannot find the app; write {\"resourceUri\": \"ui://...\"}", d.Label(), render(ui.Value))
}

func (rules) MetaUIResourceURIRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "meta-ui-resource-uri-required", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "_meta.ui without resourceUri",
		Run:   metaUIResourceURIRequired,
	}, (*kinds).definition)
}

func metaUIResourceURIRequired(p *rule.Pass, m *Model, d *Definition) {
	meta, ui := uiMeta(m, d)
	if ui == nil || ui.Value.Kind != jsonvalue.Object || ui.Value.Partial {
		return
	}
	uri := ui.Value.Member("resourceUri")
	switch {
	case uri == nil && ui.Value.Member("visibility") != nil:
		// An app-only or shared tool without a view of its own: resourceUri is optional
		// in the MCP Apps spec when visibility says who may call the tool.
	case uri == nil:
		p.Reportf(memberAt(meta, ui), "%s: _meta.ui has neither resourceUri nor visibility, so the app never appears; add resourceUri", d.Label())
	case uri.Value.Kind == jsonvalue.String && strings.TrimSpace(uri.Value.Str) == "":
		p.Reportf(memberAt(ui.Value, uri), "%s: _meta.ui.resourceUri is empty, so hosts have no UI to load; name the ui:// resource", d.Label())
	case uri.Value.Kind != jsonvalue.String && uri.Value.Kind != jsonvalue.Dynamic:
		p.Reportf(memberAt(ui.Value, uri), "%s: _meta.ui.resourceUri is %s, not a string; write the ui:// URI as a string", d.Label(), render(uri.Value))
	}
}

// resourceURI returns a tool's static, non-empty _meta.ui.resourceUri.
func resourceURI(m *Model, d *Definition) (*jsonvalue.Value, *jsonvalue.Member, bool) {
	_, ui := uiMeta(m, d)
	if ui == nil || ui.Value.Kind != jsonvalue.Object {
		return nil, nil, false
	}
	uri := ui.Value.Member("resourceUri")
	if uri == nil || uri.Value.Kind != jsonvalue.String || strings.TrimSpace(uri.Value.Str) == "" {
		return nil, nil, false
	}
	return ui.Value, uri, true
}

func (rules) MetaUIResourceURIScheme() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "meta-ui-resource-uri-scheme", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "_meta.ui.resourceUri not ui://",
		Run:   metaUIResourceURIScheme,
	}, (*kinds).definition)
}

func metaUIResourceURIScheme(p *rule.Pass, m *Model, d *Definition) {
	ui, uri, ok := resourceURI(m, d)
	if !ok || hasUIScheme(uri.Value.Str) {
		return
	}
	p.Reportf(memberAt(ui, uri), "%s: _meta.ui.resourceUri %q does not use the ui:// scheme hosts expect; serve the app as ui://", d.Label(), uri.Value.Str)
}

func (rules) AppToolResourcePairing() rule.Entry[*kinds] {
	return rule.Declare(namesCheck{
		ID: "app-tool-resource-pairing", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "MCP Apps tool whose ui:// resource is not registered",
		Run:   appToolResourcePairing,
	}, (*kinds).names)
}

func appToolResourcePairing(p *rule.Pass, m *Model, k *ModuleDefinitions) {
	type resource struct {
		key      string
		template *mcpmodel.URITemplate
	}
	var resources []resource
	anyUI := false
	add := func(kind mcpmodel.Kind, key string, ui bool) {
		anyUI = anyUI || ui
		r := resource{key: key}
		if kind == mcpmodel.ResourceTemplate {
			r.template, _ = mcpmodel.ParseURITemplate(key)
		}
		resources = append(resources, r)
	}
	for _, own := range k.Own {
		if own.Kind == mcpmodel.Resource || own.Kind == mcpmodel.ResourceTemplate {
			add(own.Kind, own.Key, hasUIScheme(own.Key))
		}
	}
	for _, d := range k.Imported {
		if d.Kind == mcpmodel.Resource || d.Kind == mcpmodel.ResourceTemplate {
			add(d.Kind, d.Key, d.UI)
		}
	}
	// Without any ui:// resource in sight the app's resources live elsewhere (a package that
	// imports this one, another module); and a resource with a dynamic URI could be the one.
	if !anyUI || k.DynamicResources {
		return
	}
	for _, d := range m.Defs {
		ui, uri, ok := resourceURI(m, d)
		if !ok || !hasUIScheme(uri.Value.Str) {
			continue
		}
		matched := false
		for _, r := range resources {
			if r.key == uri.Value.Str || (r.template != nil && r.template.Matches(uri.Value.Str)) {
				matched = true
				break
			}
		}
		if !matched {
			p.Reportf(memberAt(ui, uri), "%s: _meta.ui.resourceUri %q matches no registered resource or template; register it or fix the URI", d.Label(), uri.Value.Str)
		}
	}
}
