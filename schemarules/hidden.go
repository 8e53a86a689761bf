package schemarules

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/schemarules/hiddentext"
	"github.com/mcplint-go/mcplint/surface"
)

func (rules) DescriptionHiddenInstructions() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "description-hidden-instructions", Severity: rule.Error, SDKs: rule.AllSDKs,
		Title: "description holds invisible or deceptive text for the model",
		Run:   descriptionHiddenInstructions,
	}, (*kinds).model)
}

// descriptionHiddenInstructions reads every description a definition sends, as the surface
// lists it (the definition's own, its schemas' property descriptions, its prompt arguments'),
// and reports text the model reads and the user is not meant to see, at the string literal
// that holds it. A literal shared by several definitions is one finding.
func descriptionHiddenInstructions(p *rule.Pass, m *Model) {
	var lits []*ast.BasicLit
	litsOnce := false
	reported := map[token.Pos]bool{}
	for _, d := range m.Defs {
		e := surface.EntryOf(p.Pass, m.Result, d.Definition)
		for _, desc := range hiddentext.Descriptions(published(e)) {
			h := hiddentext.Find(desc.Text)
			if h == nil {
				continue
			}
			if !litsOnce {
				lits, litsOnce = stringLiterals(p, m), true
			}
			var at rule.Positioner = d.At()
			if lit := literalHolding(lits, desc.Text, h.Start, h.End); lit != nil {
				at = lit
			} else if desc.Where == "" && d.Description.Expr != nil {
				at = rule.NodeSpan(d.Description.Expr)
			}
			pos := at.Pos()
			if reported[pos] {
				continue
			}
			reported[pos] = true
			where := d.Label() + " description"
			if desc.Where != "" {
				where = d.Label() + " " + desc.Where
			}
			p.Reportf(at, "%s", hiddenMessage(where, h))
		}
	}
}

// maxMessageWords bounds a finding's message; the quote of the hidden text gets what the
// rest leaves.
const maxMessageWords = 18

func hiddenMessage(where string, h *hiddentext.Finding) string {
	const fix = "; remove it"
	msg := where + " " + h.What
	if h.Quote == "" {
		return msg + fix
	}
	room := maxMessageWords - len(strings.Fields(msg+fix))
	return fmt.Sprintf("%s: %q%s", msg, hiddentext.ClipWords(h.Quote, room), fix)
}

// stringLiterals are the string literals (struct tags among them) of the package's files
// outside tests, where a description's text is written.
func stringLiterals(p *rule.Pass, m *Model) []*ast.BasicLit {
	var lits []*ast.BasicLit
	for _, f := range p.Files {
		if m.InTest(f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				lits = append(lits, lit)
			}
			return true
		})
	}
	return lits
}

// literalHolding returns the literal that wrote text[start:end) into the description text:
// one whose value (or, for a struct tag, one of its quoted values) is part of text and
// covers start, or failing that overlaps the range.
func literalHolding(lits []*ast.BasicLit, text string, start, end int) *ast.BasicLit {
	var overlapping *ast.BasicLit
	for _, lit := range lits {
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			continue
		}
		values := []string{s}
		if lit.Value[0] == '`' {
			for _, q := range quoted.FindAllString(s, -1) {
				if v, err := strconv.Unquote(q); err == nil {
					values = append(values, v)
				}
			}
		}
		for _, v := range values {
			i := strings.Index(text, v)
			if v == "" || i < 0 {
				continue
			}
			if i <= start && start < i+len(v) {
				return lit
			}
			if overlapping == nil && len(v) >= 8 && i < end && start < i+len(v) {
				overlapping = lit
			}
		}
	}
	return overlapping
}

// quoted matches the quoted values of a struct tag.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// published is what a surface entry publishes that holds descriptions.
func published(e *surface.Entry) hiddentext.Published {
	p := hiddentext.Published{Description: e.Description, InputSchema: e.InputSchema, OutputSchema: e.OutputSchema}
	for _, a := range e.Arguments {
		p.ArgumentDescriptions = append(p.ArgumentDescriptions, [2]string{a.Name, a.Description})
	}
	return p
}
