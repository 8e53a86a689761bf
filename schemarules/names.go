package schemarules

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"path/filepath"

	"strings"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func (rules) NameRequired() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleNameRequired, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "definition without a name",
		Run:   nameRequired,
	}, (*kinds).definition)
}

func nameRequired(p *rule.Pass, m *Model, d *Definition) {
	var problem string
	switch {
	case d.Name.Set && d.Name.Static && strings.TrimSpace(d.Name.Str) == "":
		problem = "an empty name"
	case !d.Name.Set && !d.Mutated && isLiteral(d):
		problem = "no name"
	default:
		return
	}
	var why string
	switch d.Kind {
	case mcpmodel.Tool:
		why = "clients cannot call it"
	case mcpmodel.Prompt:
		why = "clients cannot fetch it"
	default:
		why = "the MCP spec requires one"
	}
	if d.SDK == sdkapi.MCPTool {
		why = mcptoolAdd(d) + " panics at start-up"
	}
	p.Reportf(d.At(), "%s has %s: %s; give it a name", d.Kind, problem, why)
}

// isLiteral reports whether the definition is a struct literal, whose missing fields are
// really missing (a constructor always takes the name).
func isLiteral(d *Definition) bool {
	_, lit := d.Node.(*ast.CompositeLit)
	return lit
}

func (rules) NameFormat() rule.Entry[*kinds] {
	return rule.Declare(definitionCheck{
		ID: defcheck.RuleNameFormat, Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "tool name outside [A-Za-z0-9._-]{1,128}",
		Run:   nameFormat,
	}, (*kinds).definition)
}

func nameFormat(p *rule.Pass, m *Model, d *Definition) {
	if d.Kind != mcpmodel.Tool || !d.Name.Static || strings.TrimSpace(d.Name.Str) == "" || defcheck.ValidToolName(d.Name.Str) {
		return
	}
	why := "has characters outside [A-Za-z0-9._-]"
	if len(d.Name.Str) > defcheck.MaxToolNameLen {
		why = fmt.Sprintf("is longer than %d characters", defcheck.MaxToolNameLen)
	}
	sdk := ""
	switch d.SDK {
	case sdkapi.GoSDK:
		sdk = ""
	case sdkapi.MCPTool:
		sdk = " mcptool.Add panics at start-up."
	}
	p.Reportf(rule.NodeSpan(d.Name.Expr), "tool name %q %s; clients may refuse it.%s Rename it", d.Name.Str, why, sdk)
}

func (rules) NameUnique() rule.Entry[*kinds] {
	return rule.Declare(namesCheck{
		ID: "name-unique", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "two definitions of one kind share a name",
		Run:   nameUnique,
	}, (*kinds).names)
}

// nameUnique compares definitions that are really registered: a constructor returning a
// tool does not say whether (or instead of what) it is served, and servers often pick one of
// two same-named variants at run time.
func nameUnique(p *rule.Pass, m *Model, k *ModuleDefinitions) {
	first := map[RegistryKey]LocalDefinition{}
	for _, own := range k.Own {
		if own.Definition.Registration == nil {
			continue
		}
		prev, dup := first[own.RegistryKey]
		if !dup {
			first[own.RegistryKey] = own
			continue
		}
		if k.exclusive(prev.Definition.Registration, own.Definition.Registration) || sameTool(p.Fset, prev.Definition, own.Definition) {
			continue
		}
		at := p.Fset.Position(prev.Pos)
		p.Reportf(rule.NodeSpan(own.Definition.Node), "%s is registered twice (also at %s:%d); clients see only one. Rename one", label(own.RegistryKey), filepath.Base(at.Filename), at.Line)
	}
	imported := map[RegistryKey]FactDefinition{}
	for _, d := range k.Imported {
		id := RegistryKey{d.Kind, d.Key}
		if _, dup := imported[id]; !dup && d.Registered {
			imported[id] = d
		}
	}
	for _, own := range k.Own {
		if own.Definition.Registration == nil || first[own.RegistryKey].Pos != own.Pos {
			continue
		}
		if prev, dup := imported[own.RegistryKey]; dup {
			p.Reportf(rule.NodeSpan(own.Definition.Node), "%s is also registered in package %s (%s); clients see only one. Rename one", label(own.RegistryKey), prev.Pkg, prev.Where)
		}
	}
}

// sameTool reports whether two registrations register one tool again: the same definition,
// written alike, with the same handler (mcp-dap-server re-adds its debug tool after removing
// the session's tools). Clients see that one tool, as the server means them to.
func sameTool(fset *token.FileSet, a, b *mcpmodel.Definition) bool {
	text := func(n ast.Node) string {
		var buf bytes.Buffer
		if n == nil || printer.Fprint(&buf, fset, n) != nil {
			return ""
		}
		return buf.String()
	}
	def := text(a.Node)
	return def != "" && a.HandlerExpr != nil && def == text(b.Node) && text(a.HandlerExpr) == text(b.HandlerExpr)
}

// exclusive reports whether at most one of two registering calls runs: they are on ways
// through their function that exclude each other (an if and its else, two cases of a switch).
func (k *ModuleDefinitions) exclusive(a, b *ast.CallExpr) bool {
	ca, cb := k.flow.CallAt(a.Lparen), k.flow.CallAt(b.Lparen)
	return ca != nil && cb != nil && flow.Exclusive(ca, cb)
}

func label(id RegistryKey) string { return fmt.Sprintf("%s %q", id.Kind, id.Key) }
