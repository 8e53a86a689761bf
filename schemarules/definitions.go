package schemarules

import (
	"strings"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) DescriptionRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleDescriptionRequired, Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "definition without a description",
		Run:   descriptionRequired,
	}, (*kinds).definition)
}

func descriptionRequired(p *rule.Pass, m *Model, d *Definition) {
	switch {
	case d.Description.Set && d.Description.Static && strings.TrimSpace(d.Description.Str) == "":
	case !d.Description.Set && !d.Mutated && !d.OptionsDynamic && hasOptionsOrLiteral(d):
	default:
		return
	}
	var why string
	switch d.Kind {
	case mcpmodel.Tool:
		why = "the model picks tools by"
	case mcpmodel.Prompt:
		why = "people pick prompts by"
	default:
		why = "the model picks resources by"
	}
	p.Reportf(d.At(), "%s has no description, which %s; add one", d.Label(), why)
}

// hasOptionsOrLiteral reports whether an absent property was really not given: literals and
// mark3labs constructors show every property they set.
func hasOptionsOrLiteral(d *Definition) bool {
	return isLiteral(d) || d.SDK == sdkapi.MarkLabs
}

func (rules) HandlerRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleHandlerRequired, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "definition registered with a nil handler",
		Run:   handlerRequired,
	}, (*kinds).definition)
}

func handlerRequired(p *rule.Pass, m *Model, d *Definition) {
	if d.Kind == mcpmodel.Prompt {
		return
	}
	why := "the first call panics"
	if d.SDK == sdkapi.MCPTool {
		why = mcptoolAdd(d) + " panics at start-up"
	}
	reportNilHandler(p, d, why)
}

func (rules) PromptHandlerRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RulePromptHandlerRequired, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "prompt registered without a handler",
		Run:   promptHandlerRequired,
	}, (*kinds).definition)
}

func promptHandlerRequired(p *rule.Pass, m *Model, d *Definition) {
	if d.Kind != mcpmodel.Prompt {
		return
	}
	why := "prompts/get panics on the nil function"
	if d.SDK == sdkapi.MCPTool {
		why = "mcptool.AddPrompt panics at start-up"
	}
	reportNilHandler(p, d, why)
}

// mcptoolAdd names the mcptool function that registers (and checks) a definition of d's kind.
func mcptoolAdd(d *Definition) string {
	switch d.Kind {
	case mcpmodel.Resource:
		return "mcptool.AddResource"
	case mcpmodel.ResourceTemplate:
		return "mcptool.AddResourceTemplate"
	case mcpmodel.Prompt:
		return "mcptool.AddPrompt"
	}
	return "mcptool.Add"
}

func reportNilHandler(p *rule.Pass, d *Definition, why string) {
	switch {
	case d.HandlerNil:
		p.Reportf(rule.NodeSpan(d.HandlerExpr), "%s has a nil handler: %s; pass the handler", d.Label(), why)
	case d.HandlerOmitted:
		p.Reportf(rule.NodeSpan(d.HandlerOmittedAt), "%s is registered without a Handler, so %s; set Handler", d.Label(), why)
	}
}

func (rules) AnnotationCoherence() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: "annotation-coherence", Severity: rule.Warning, SDKs: rule.PlainSDKs,
		Title: "annotations that contradict each other",
		Run:   annotationCoherence,
	}, (*kinds).definition)
}

func annotationCoherence(p *rule.Pass, m *Model, d *Definition) {
	a := d.Annotations
	if d.Kind != mcpmodel.Tool || a.Dynamic || !a.ReadOnly.Set || !a.ReadOnly.Static || !a.ReadOnly.Val {
		return
	}
	// Only a destructiveHint the author wrote: the spec has clients read destructiveHint
	// only when readOnlyHint is false, so mark3labs NewTool's default true beside
	// readOnlyHint true is ignored by every client and claims nothing.
	if a.Destructive.Set && a.Destructive.Static && a.Destructive.Val {
		p.Reportf(rule.NodeSpan(a.Destructive.Expr), "%s is read-only and destructive; clients trust read-only and skip confirmation: drop the false hint", d.Label())
	}
}

func (rules) AuthScopeFormat() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleAuthScopeFormat, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "empty or blank auth scope",
		Run:   authScopeFormat,
	}, (*kinds).definition)
}

func authScopeFormat(p *rule.Pass, m *Model, d *Definition) {
	if d.SDK != sdkapi.MCPTool || d.Scopes == nil {
		return
	}
	scopes, ok := m.Result.StringList(d.Scopes)
	if !ok {
		return
	}
	for _, s := range scopes {
		if !s.Static {
			continue
		}
		switch defcheck.CheckScope(s.Str) {
		case defcheck.ScopeBlank:
			what := "an empty scope"
			if s.Str != "" {
				what = "a blank scope"
			}
			p.Reportf(rule.NodeSpan(s.Expr), "%s lists %s in Scopes: mcptool.Add panics at start-up; remove it", d.Label(), what)
		case defcheck.ScopeHasSpace:
			p.Reportf(rule.NodeSpan(s.Expr), "%s lists scope %q, which contains whitespace, so no token can hold it; split it", d.Label(), s.Str)
		}
	}
}
