package schemarules

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
)

// toolName is the MCP spec's rule for tool names (SEP-986).
var toolName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

func nameRequired(p *lint.Pass, m *Model) error {
	for _, d := range m.Defs {
		var problem string
		switch {
		case d.Name.Set && d.Name.Static && strings.TrimSpace(d.Name.Str) == "":
			problem = "an empty name"
		case !d.Name.Set && !d.Mutated && isLiteral(d):
			problem = "no name"
		default:
			continue
		}
		var why string
		switch d.Kind {
		case mcpdefs.Tool:
			why = "clients list and call tools by name, so it cannot be called (go-sdk only logs the problem, mark3labs does not check)"
		case mcpdefs.Prompt:
			why = "clients fetch prompts by name, so it cannot be used"
		default:
			why = "the MCP spec requires a name, and clients show it to people choosing what to read"
		}
		p.Reportf(d.At(), "%s has %s: %s. Give it a name", d.Kind, problem, why)
	}
	return nil
}

// isLiteral reports whether the definition is a struct literal, whose missing fields are
// really missing (a constructor always takes the name).
func isLiteral(d *Def) bool {
	_, lit := d.Node.(*ast.CompositeLit)
	return lit
}

func nameFormat(p *lint.Pass, m *Model) error {
	for _, d := range m.Defs {
		if d.Kind != mcpdefs.Tool || !d.Name.Static || strings.TrimSpace(d.Name.Str) == "" || toolName.MatchString(d.Name.Str) {
			continue
		}
		why := "it has characters outside [A-Za-z0-9._-]"
		if len(d.Name.Str) > 128 {
			why = "it is longer than 128 characters"
		}
		sdk := ""
		if d.SDK == mcpdefs.GoSDK || d.SDK == mcpdefs.MCPTool {
			sdk = " go-sdk only logs the problem at registration."
		}
		p.Reportf(lint.NodeSpan(d.Name.Expr), "tool name %q is not a valid MCP tool name because %s: clients may refuse or rename the tool, and models call it by a name that does not match.%s Use letters, digits, '_', '-' and '.' (snake_case by convention), and put the display text in Title", d.Name.Str, why, sdk)
	}
	return nil
}

func nameUnique(p *lint.Pass, m *Model, k *Known) error {
	first := map[Identity]OwnDef{}
	for _, own := range k.Own {
		if prev, dup := first[own.Identity]; dup {
			at := p.Fset.Position(prev.Pos)
			p.Reportf(lint.NodeSpan(own.Def.Node), "%s: %s is already defined at %s:%d; %s", label(own.Identity), what(own.Identity), filepath.Base(at.Filename), at.Line, replaces(own.Identity))
			continue
		}
		first[own.Identity] = own
	}
	imported := map[Identity]Defined{}
	for _, d := range k.Imported {
		id := Identity{d.Kind, d.Key}
		if _, dup := imported[id]; !dup {
			imported[id] = d
		}
	}
	for _, own := range k.Own {
		if first[own.Identity].Pos != own.Pos {
			continue
		}
		if prev, dup := imported[own.Identity]; dup {
			p.Reportf(lint.NodeSpan(own.Def.Node), "%s: %s is already defined in package %s (%s); %s", label(own.Identity), what(own.Identity), prev.Pkg, prev.Where, replaces(own.Identity))
		}
	}
	return nil
}

func label(id Identity) string { return fmt.Sprintf("%s %q", id.Kind, id.Key) }

func what(id Identity) string {
	switch id.Kind {
	case mcpdefs.Resource:
		return "a resource with this URI"
	case mcpdefs.ResourceTemplate:
		return "a resource template with this URI template"
	}
	return fmt.Sprintf("a %s with this name", id.Kind)
}

func replaces(id Identity) string {
	return fmt.Sprintf("registered on one server, the later registration silently replaces the earlier one and clients see only one %s. Rename one, or merge them if they are the same", id.Kind)
}
