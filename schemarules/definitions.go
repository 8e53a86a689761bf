package schemarules

import (
	"strings"

	"github.com/mcplint/mcplint/internal/defcheck"
	"github.com/mcplint/mcplint/internal/rule"
	"github.com/mcplint/mcplint/mcpdefs"
)

var ruleDescriptionRequired = check{
	ID: defcheck.RuleDescriptionRequired, Family: Family, Severity: rule.Warning, SDKs: rule.AllSDKs,
	Title: "definition without a description",
	Run:   descriptionRequired,
}

func descriptionRequired(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		switch {
		case d.Description.Set && d.Description.Static && strings.TrimSpace(d.Description.Str) == "":
		case !d.Description.Set && !d.Mutated && !d.OptionsDynamic && hasOptionsOrLiteral(d):
		default:
			continue
		}
		var why string
		switch d.Kind {
		case mcpdefs.Tool:
			why = "the model chooses tools by their descriptions, so it will rarely pick this one, or pick it for the wrong job"
		case mcpdefs.Prompt:
			why = "clients show the description when people choose a prompt"
		default:
			why = "the model decides whether to read a resource from its description"
		}
		p.Reportf(d.At(), "%s has no description: %s. Write one paragraph saying what it does and when to use it", d.Label(), why)
	}
	return nil
}

// hasOptionsOrLiteral reports whether an absent property was really not given: literals and
// mark3labs constructors show every property they set.
func hasOptionsOrLiteral(d *Definition) bool {
	return isLiteral(d) || d.SDK == mcpdefs.MarkLabs
}

var ruleHandlerRequired = check{
	ID: defcheck.RuleHandlerRequired, Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "definition registered with a nil handler",
	Run:   handlerRequired,
}

func handlerRequired(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if d.Kind == mcpdefs.Prompt {
			continue
		}
		why := "the first call panics on a nil function (go-sdk and mark3labs call it without a check)"
		if d.SDK == mcpdefs.MCPTool {
			why = mcptoolAdd(d) + " refuses it with a panic at start-up"
		}
		reportNilHandler(p, d, why)
	}
	return nil
}

var rulePromptHandlerRequired = check{
	ID: defcheck.RulePromptHandlerRequired, Family: Family, Severity: rule.Error, SDKs: rule.AllSDKs,
	Title: "prompt registered without a handler",
	Run:   promptHandlerRequired,
}

func promptHandlerRequired(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if d.Kind != mcpdefs.Prompt {
			continue
		}
		why := "prompts/get has nothing to produce the messages and panics on the nil function"
		if d.SDK == mcpdefs.MCPTool {
			why = "the prompt has nothing to produce its messages, and mcptool.AddPrompt refuses it with a panic at start-up"
		}
		reportNilHandler(p, d, why)
	}
	return nil
}

// mcptoolAdd names the mcptool function that registers (and checks) a definition of d's kind.
func mcptoolAdd(d *Definition) string {
	switch d.Kind {
	case mcpdefs.Resource:
		return "mcptool.AddResource"
	case mcpdefs.ResourceTemplate:
		return "mcptool.AddResourceTemplate"
	case mcpdefs.Prompt:
		return "mcptool.AddPrompt"
	}
	return "mcptool.Add"
}

func reportNilHandler(p *rule.Pass, d *Definition, why string) {
	switch {
	case d.HandlerNil:
		p.Reportf(rule.NodeSpan(d.HandlerExpr), "%s is registered with a nil handler: %s. Pass the handler function", d.Label(), why)
	case d.HandlerOmitted:
		p.Reportf(rule.NodeSpan(d.HandlerOmittedAt), "%s is registered without a Handler: the field is left out, so it is nil and %s. Set Handler", d.Label(), why)
	}
}

var ruleAnnotationCoherence = check{
	ID: "annotation-coherence", Family: Family, Severity: rule.Warning, SDKs: rule.PlainSDKs,
	Title: "annotations that contradict each other",
	Run:   annotationCoherence,
}

func annotationCoherence(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		a := d.Annotations
		if d.Kind != mcpdefs.Tool || a.Dynamic || !a.ReadOnly.Set || !a.ReadOnly.Static || !a.ReadOnly.Val {
			continue
		}
		switch {
		case a.Destructive.Set && a.Destructive.Static && a.Destructive.Val:
			p.Reportf(rule.NodeSpan(a.Destructive.Expr), "%s claims to be read-only and destructive at once: clients cannot tell whether to ask for confirmation, and most will. Drop DestructiveHint (it only means something when ReadOnlyHint is false), or drop ReadOnlyHint if the tool really changes things", d.Label())
		case !a.Destructive.Set && a.DestructiveDefault != nil && *a.DestructiveDefault:
			also := ""
			if !a.OpenWorld.Set && a.OpenWorldDefault != nil && *a.OpenWorldDefault {
				also = ", and openWorldHint: true (add WithOpenWorldHintAnnotation(false) too if it only touches local data)"
			}
			p.Reportf(rule.NodeSpan(a.ReadOnly.Expr), "%s is marked read-only, but mark3labs' NewTool still advertises destructiveHint: true by default%s: clients that do not apply the read-only precedence ask for confirmation before every call. Add mcp.WithDestructiveHintAnnotation(false)", d.Label(), also)
		}
	}
	return nil
}

var ruleAuthScopeFormat = check{
	ID: defcheck.RuleAuthScopeFormat, Family: Family, Severity: rule.Error, SDKs: rule.MCPTool,
	Title: "empty or blank auth scope",
	Run:   authScopeFormat,
}

func authScopeFormat(p *rule.Pass, m *Model) error {
	for _, d := range m.Defs {
		if d.SDK != mcpdefs.MCPTool || d.Scopes == nil {
			continue
		}
		scopes, ok := m.Result.StringList(d.Scopes)
		if !ok {
			continue
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
				p.Reportf(rule.NodeSpan(s.Expr), "%s lists %s in Scopes: no token can hold it, so every authenticated call would fail with Forbidden, and mcptool.Add refuses the definition with a panic at start-up. Remove it or write the scope (for example \"repo:read\")", d.Label(), what)
			case defcheck.ScopeHasSpace:
				p.Reportf(rule.NodeSpan(s.Expr), "%s lists scope %q, which contains whitespace: OAuth scopes travel space-separated (RFC 6749 §3.3), so no token can hold it, every authenticated call would fail with Forbidden, and mcptool.Add panics at start-up. Split it into separate scopes", d.Label(), s.Str)
			}
		}
	}
	return nil
}
