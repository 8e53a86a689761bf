package contractrules

import (
	"fmt"
	"go/ast"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

// The structural rules apply internal/defcheck, the checks mcptool.Add runs at start-up, to
// the contract as written, so the linter and the runtime agree on what is valid. Values that
// are not constants are skipped, never guessed.

// label names an entry in messages.
func label(e mcpmodel.ContractEntry) string {
	if e.Reason.Static && e.Reason.Str != "" {
		return fmt.Sprintf("error contract entry %q", e.Reason.Str)
	}
	return "this error contract entry"
}

// at is where a finding about one field goes: the field's value, or the entry when the
// field is missing.
func at(e mcpmodel.ContractEntry, v ast.Expr) rule.Positioner {
	if v != nil {
		return v
	}
	return e.Lit
}

func (rules) ErrorContractNotStatic() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{
		ID: "error-contract-not-static", Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "contract cannot be resolved at compile time",
		Run:   notStatic,
	}, (*kinds).unresolved)
}

// notStatic: the contract is not a literal the linter can read.
func notStatic(p *rule.Pass, c *mcpmodel.Contract) {
	p.Report(c.Expr, "mcplint cannot resolve this error contract at compile time, so it is unchecked; write a literal")
}

func (rules) ErrorContractEmpty() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{
		ID: defcheck.RuleErrorContractEmpty, Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "error contract declared with no entries",
		Run:   contractEmpty,
	}, (*kinds).contract)
}

func contractEmpty(p *rule.Pass, c *mcpmodel.Contract) {
	if len(c.Entries) > 0 {
		return
	}
	p.Report(c.Expr, "Errors is an empty list, which tells clients nothing; declare the failure modes or leave Errors out")
}

func (rules) ErrorContractCodeUnknown() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractCodeUnknown, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "contract code is not a known mcperr code",
		Run:   codeUnknown,
	}, (*kinds).entry)
}

func codeUnknown(p *rule.Pass, e mcpmodel.ContractEntry) {
	switch {
	case !e.Code.Set:
		p.Report(e.Lit, label(e)+" has no Code, so failures carry code 0; set one, such as mcperr.CodeNotFound")
	case e.Code.Static && !mcperr.Code(e.Code.Val).Known():
		if now, ok := mcperr.RetiredCode(int(e.Code.Val)); ok {
			p.Report(e.Code.Expr, fmt.Sprintf("%s: %d was mcperr's %s, %s; use mcperr.Code%s", label(e), e.Code.Val, now.String(), retiredClash(e.Code.Val), now.String()),
				replaceWith(p, e.Code.Expr, "Code"+now.String())...)
			return
		}
		p.Report(e.Code.Expr, fmt.Sprintf("%s has Code %d, which is not a known mcperr code; use an mcperr constant", label(e), e.Code.Val))
	}
}

func (rules) ErrorContractCodeUnknownError() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractCodeUnknownError, Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "contract declares CodeUnknownError",
		Run:   codeUnknownError,
	}, (*kinds).entry)
}

func codeUnknownError(p *rule.Pass, e mcpmodel.ContractEntry) {
	if e.Code.Static && mcperr.Code(e.Code.Val) == mcperr.CodeUnknownError {
		p.Report(e.Code.Expr, label(e)+" declares CodeUnknownError, the classifier's give-up code; declare the specific code")
	}
}

func (rules) ErrorContractReasonRequired() rule.Entry[*kinds] {
	return requiredField{field: "Reason", hint: "add a snake_case reason", blank: isEmpty,
		value: func(e mcpmodel.ContractEntry) mcpmodel.Value { return e.Reason },
	}.declare(entryCheck{
		ID: defcheck.RuleErrorContractReasonRequired, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "contract entry has no reason",
	})
}

// requiredField is a rule that a contract entry set one of its text fields, as mcptool.Add
// requires at start-up: the rules differ only in the field, what counts as blank (a Recovery
// of spaces has a rule of its own; a When of spaces has none) and what to write.
type requiredField struct {
	field, hint string
	value       func(mcpmodel.ContractEntry) mcpmodel.Value
	blank       func(string) bool
}

func (f requiredField) declare(c entryCheck) rule.Entry[*kinds] {
	c.Run = f.check
	return rule.Declare(c, (*kinds).entry)
}

// check reports the field missing or a blank constant; a value it cannot read is not guessed.
func (f requiredField) check(p *rule.Pass, e mcpmodel.ContractEntry) {
	v := f.value(e)
	if v.Set && (!v.Static || !f.blank(v.Str)) {
		return
	}
	p.Report(at(e, v.Expr), fmt.Sprintf("%s has no %s, so mcptool.Add refuses the tool; %s", label(e), f.field, f.hint))
}

func isEmpty(s string) bool { return s == "" }

func (rules) ErrorContractReasonFormat() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractReasonFormat, Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "contract reason is not snake_case",
		Run:   reasonFormat,
	}, (*kinds).entry)
}

func reasonFormat(p *rule.Pass, e mcpmodel.ContractEntry) {
	r := e.Reason
	if !r.Static || r.Str == "" || defcheck.ValidReason(r.Str) {
		return
	}
	msg := fmt.Sprintf("reason %q is not snake_case, which clients switch on", r.Str)
	if s := snakeCase(r.Str); s != "" && defcheck.ValidReason(s) {
		msg += fmt.Sprintf("; rename it, e.g. %q, here and in every call.Fail", s)
	} else {
		msg += "; rename it here and in every call.Fail"
	}
	p.Report(r.Expr, msg)
}

// snakeCase turns "NoMatch", "no-match" and "No Match" into "no_match".
func snakeCase(s string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsUpper(r):
			if prevLower {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			prevLower = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			prevLower = true
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			prevLower = false
		}
	}
	return strings.Trim(b.String(), "_")
}

func (rules) ErrorContractReasonUnique() rule.Entry[*kinds] {
	return rule.Declare(contractCheck{
		ID: defcheck.RuleErrorContractReasonUnique, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "two contract entries share a reason",
		Run:   reasonUnique,
	}, (*kinds).contract)
}

func reasonUnique(p *rule.Pass, c *mcpmodel.Contract) {
	first := map[string]mcpmodel.ContractEntry{}
	for _, e := range c.Entries {
		r := e.Reason
		if !r.Static || r.Str == "" {
			continue
		}
		prev, dup := first[r.Str]
		if !dup {
			first[r.Str] = e
			continue
		}
		line := p.Fset.Position(prev.Lit.Pos()).Line
		p.Report(r.Expr, fmt.Sprintf("reason %q is declared twice (first on line %d); this entry is never used. Rename or merge", r.Str, line))
	}
}

func (rules) ErrorContractWhenRequired() rule.Entry[*kinds] {
	return requiredField{field: "When", hint: "say when it happens", blank: defcheck.IsBlank,
		value: func(e mcpmodel.ContractEntry) mcpmodel.Value { return e.When },
	}.declare(entryCheck{
		ID: defcheck.RuleErrorContractWhenRequired, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "contract entry has no When",
	})
}

func (rules) ErrorContractRecoveryRequired() rule.Entry[*kinds] {
	return requiredField{field: "Recovery", hint: "say what to do next", blank: isEmpty,
		value: func(e mcpmodel.ContractEntry) mcpmodel.Value { return e.Recovery },
	}.declare(entryCheck{
		ID: defcheck.RuleErrorContractRecoveryRequired, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "contract entry has no Recovery",
	})
}

func (rules) ErrorContractRecoveryEmpty() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractRecoveryEmpty, Severity: rule.Error, SDKs: rule.MCPTool,
		Title: "contract Recovery is only whitespace",
		Run:   recoveryEmpty,
	}, (*kinds).entry)
}

func recoveryEmpty(p *rule.Pass, e mcpmodel.ContractEntry) {
	r := e.Recovery
	if !r.Static || r.Str == "" || !defcheck.IsBlank(r.Str) {
		return
	}
	p.Report(r.Expr, label(e)+" has a blank Recovery, so mcptool.Add refuses the tool; say what to do next")
}

func (rules) ErrorContractRecoveryMinWords() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractRecoveryMinWords, Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "contract Recovery has fewer than five words",
		Run:   recoveryMinWords,
	}, (*kinds).entry)
}

func recoveryMinWords(p *rule.Pass, e mcpmodel.ContractEntry) {
	r := e.Recovery
	if !r.Static || defcheck.IsBlank(r.Str) {
		return
	}
	if n := defcheck.WordCount(r.Str); n < defcheck.MinRecoveryWords {
		p.Report(r.Expr, fmt.Sprintf("%s: Recovery %q has %d word(s); name the next step in %d or more", label(e), r.Str, n, defcheck.MinRecoveryWords))
	}
}

func (rules) ErrorContractRetryableMismatch() rule.Entry[*kinds] {
	return rule.Declare(entryCheck{
		ID: defcheck.RuleErrorContractRetryableMismatch, Severity: rule.Warning, SDKs: rule.MCPTool,
		Title: "contract Retryable contradicts its code's retryability",
		Run:   retryableMismatch,
	}, (*kinds).entry)
}

// retryableMismatch: the entry's Retryable contradicts its code's retryability. Fail sends
// Retryable when true and the code's default otherwise, so an unset Retryable on a retryable
// code is sent as true while the contract reads false, and Retryable on a code that is not
// retryable tells agents to repeat a call that cannot succeed unchanged. mcptool.Add warns
// about the same entries at start-up.
func retryableMismatch(p *rule.Pass, e mcpmodel.ContractEntry) {
	if !e.Code.Static || e.Retryable.Set && !e.Retryable.Static {
		return
	}
	code := mcperr.Code(e.Code.Val)
	if !code.Known() {
		return
	}
	declared := e.Retryable.Set && e.Retryable.Val
	switch {
	case declared && !code.Retryable():
		p.Report(e.Retryable.Expr, fmt.Sprintf("%s is Retryable but %s is not; drop Retryable or pick a retryable code", label(e), code.String()))
	case !declared && code.Retryable():
		var fixes []analysis.SuggestedFix
		if e.Retryable.Set { // Retryable: false, written out
			fixes = []analysis.SuggestedFix{{Message: "Set Retryable: true", TextEdits: []analysis.TextEdit{{Pos: e.Retryable.Expr.Pos(), End: e.Retryable.Expr.End(), NewText: []byte("true")}}}}
		} else if edit, ok := appendField(p, e.Lit, "Retryable: true"); ok {
			fixes = []analysis.SuggestedFix{{Message: "Set Retryable: true", TextEdits: []analysis.TextEdit{edit}}}
		}
		p.Report(at(e, e.Retryable.Expr), fmt.Sprintf("%s: %s is retryable, so Fail sends retryable: true; set Retryable: true", label(e), code.String()), fixes...)
	}
}

// appendField writes field after the last element of a keyed composite literal: on the same
// line when the literal is on one, else on a line of its own (gofmt aligns it).
func appendField(p *rule.Pass, lit *ast.CompositeLit, field string) (analysis.TextEdit, bool) {
	if lit == nil || len(lit.Elts) == 0 {
		return analysis.TextEdit{}, false
	}
	for _, elt := range lit.Elts {
		if _, keyed := elt.(*ast.KeyValueExpr); !keyed {
			return analysis.TextEdit{}, false
		}
	}
	last := lit.Elts[len(lit.Elts)-1]
	sep := ", "
	if at := p.Fset.Position(last.Pos()); at.Line != p.Fset.Position(lit.Rbrace).Line {
		sep = ",\n" + strings.Repeat("\t", at.Column-1)
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(sep + field)}, true
}

// replaceWith is the fix that writes mcperr's constant name in place of x, in the file's
// import name for mcperr; none when the file does not import it.
func replaceWith(p *rule.Pass, x ast.Expr, name string) []analysis.SuggestedFix {
	for _, f := range p.Files {
		if f.FileStart <= x.Pos() && x.Pos() < f.FileEnd {
			if pkg := astutil.ImportName(f, sdkapi.MCPErrPath, "mcperr"); pkg != "" {
				return []analysis.SuggestedFix{{Message: "Use " + pkg + "." + name, TextEdits: []analysis.TextEdit{{Pos: x.Pos(), End: x.End(), NewText: []byte(pkg + "." + name)}}}}
			}
		}
	}
	return nil
}

// retiredClash says why mcperr moved a code off the number n.
func retiredClash(n int64) string {
	if n == -32002 {
		return "resource not found to pre-2026-07-28 clients"
	}
	return "in the range 2026-07-28 reserves"
}
