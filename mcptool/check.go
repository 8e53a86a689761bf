package mcptool

import (
	"fmt"
	"log/slog"
	"reflect"
	"strings"

	"github.com/mcplint-go/mcplint/internal/defcheck"
	"github.com/mcplint-go/mcplint/mcperr"
)

// Severity of a Finding: errors stop Add, warnings are logged.
type Severity int

// The severities of a Check finding.
const (
	SeverityError Severity = iota + 1
	SeverityWarning
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// Finding is one problem in a definition, under the same rule ID the linter
// reports for it.
type Finding struct {
	Rule     string
	Severity Severity
	Message  string
}

// String is the message followed by the rule ID: "... (rule-id)".
func (f Finding) String() string { return f.Message + " (" + f.Rule + ")" }

// DefinitionError is the value Add and its siblings panic with when a
// definition has error-severity findings.
type DefinitionError struct {
	Func     string // "mcptool.Add"
	Kind     string // "tool", "resource", "resource template", "prompt"
	Name     string
	Findings []Finding // error-severity findings only
}

func (e *DefinitionError) Error() string {
	parts := make([]string, len(e.Findings))
	for i, f := range e.Findings {
		parts[i] = f.String()
	}
	return fmt.Sprintf("%s: %s %q: %s", e.Func, e.Kind, e.Name, strings.Join(parts, "; "))
}

type findings []Finding

func (fs *findings) err(rule, format string, args ...any) {
	*fs = append(*fs, Finding{Rule: rule, Severity: SeverityError, Message: fmt.Sprintf(format, args...)})
}

func (fs *findings) warn(rule, format string, args ...any) {
	*fs = append(*fs, Finding{Rule: rule, Severity: SeverityWarning, Message: fmt.Sprintf(format, args...)})
}

// report logs the warnings and panics with a *DefinitionError if there are
// errors, the way go-sdk panics on definitions it cannot serve.
func (fs findings) report(logger *slog.Logger, fn, kind, name string) {
	var errs []Finding
	for _, f := range fs {
		if f.Severity == SeverityError {
			errs = append(errs, f)
			continue
		}
		logger.Warn(fmt.Sprintf("%s: %s %q: %s", fn, kind, name, f), "rule", f.Rule, kind, name)
	}
	if len(errs) > 0 {
		panic(&DefinitionError{Func: fn, Kind: kind, Name: name, Findings: errs})
	}
}

// Check returns what Add would report for t, without registering it: the
// same checks, under the same rule IDs, that mcplint makes statically.
func Check[In, Out any](t Tool[In, Out]) []Finding {
	_, fs := compile(t)
	return fs
}

func checkToolName(fs *findings, name string) {
	switch {
	case defcheck.IsBlank(name):
		fs.err(defcheck.RuleNameRequired, "the tool has no Name, so clients cannot call it; set Name")
	case len(name) > defcheck.MaxToolNameLen:
		fs.err(defcheck.RuleNameFormat, "Name is %d characters; clients reject tool names longer than %d", len(name), defcheck.MaxToolNameLen)
	case !defcheck.ValidToolName(name):
		fs.err(defcheck.RuleNameFormat, "Name contains %s; clients reject tool names outside [A-Za-z0-9._-]", quoteRunes(defcheck.InvalidToolNameChars(name)))
	}
}

func quoteRunes(rs []rune) string {
	q := make([]string, len(rs))
	for i, r := range rs {
		q[i] = fmt.Sprintf("%q", r)
	}
	return strings.Join(q, ", ")
}

func checkDescription(fs *findings, kind, desc string) {
	if defcheck.IsBlank(desc) {
		fs.warn(defcheck.RuleDescriptionRequired, "Description is empty: the model has nothing to decide when to use this %s; say what it does and when to use it", kind)
	}
}

// checkContract applies the structural error-contract rules.
func checkContract(fs *findings, contract []ErrorContract) {
	if contract != nil && len(contract) == 0 {
		fs.warn(defcheck.RuleErrorContractEmpty, "Errors is empty but not nil: declare the tool's failure modes, or leave Errors nil")
		return
	}
	first := map[string]int{}
	for i, c := range contract {
		at := fmt.Sprintf("Errors[%d]", i)
		if c.Reason != "" {
			at += fmt.Sprintf(" (reason %q)", c.Reason)
		}
		switch {
		case c.Reason == "":
			fs.err(defcheck.RuleErrorContractReasonRequired, "%s has no Reason: call.Fail cannot select it and clients cannot switch on it; give it a snake_case reason", at)
		case !defcheck.ValidReason(c.Reason):
			fs.warn(defcheck.RuleErrorContractReasonFormat, "%s: the reason is not snake_case (^[a-z][a-z0-9_]*$); clients switch on data.reason, so keep it a stable snake_case identifier", at)
		}
		if c.Reason != "" {
			if j, dup := first[c.Reason]; dup {
				fs.err(defcheck.RuleErrorContractReasonUnique, "%s is declared twice (also Errors[%d]): Fail(%q) cannot tell them apart; rename one", at, j, c.Reason)
			} else {
				first[c.Reason] = i
			}
		}
		if defcheck.IsBlank(c.When) {
			fs.err(defcheck.RuleErrorContractWhenRequired, "%s has no When: clients read the contract to plan for failures; say when this one happens", at)
		}
		switch {
		case c.Recovery == "":
			fs.err(defcheck.RuleErrorContractRecoveryRequired, "%s has no Recovery: tell the agent what to do next when this failure happens", at)
		case defcheck.IsBlank(c.Recovery):
			fs.err(defcheck.RuleErrorContractRecoveryEmpty, "%s: Recovery is only whitespace: tell the agent what to do next when this failure happens", at)
		default:
			if n := defcheck.WordCount(c.Recovery); n < defcheck.MinRecoveryWords {
				fs.warn(defcheck.RuleErrorContractRecoveryMinWords, "%s: Recovery %q has %d words; hints under %d words read as placeholders, say concretely what to do next", at, c.Recovery, n, defcheck.MinRecoveryWords)
			}
		}
		switch {
		case !c.Code.Known():
			fs.err(defcheck.RuleErrorContractCodeUnknown, "%s: code %d is not a known mcperr code, so clients cannot interpret it; use an mcperr.Code constant", at, int(c.Code))
		case c.Code == mcperr.CodeUnknownError:
			fs.warn(defcheck.RuleErrorContractCodeUnknownError, "%s: CodeUnknownError is the classifier's give-up code and tells clients nothing; pick a specific code", at)
		case c.Retryable && !c.Code.Retryable():
			fs.warn(defcheck.RuleErrorContractRetryableMismatch, "%s: Retryable is true but %s is not retryable; drop Retryable or pick a retryable code", at, c.Code.String())
		case !c.Retryable && c.Code.Retryable():
			fs.warn(defcheck.RuleErrorContractRetryableMismatch, "%s: %s is retryable but Retryable is unset, so Fail sends true; set Retryable: true", at, c.Code.String())
		}
	}
}

func checkScopes(fs *findings, scopes []string) {
	for i, s := range scopes {
		switch defcheck.CheckScope(s) {
		case defcheck.ScopeBlank:
			fs.err(defcheck.RuleAuthScopeFormat, "Scopes[%d] is blank: no token can hold it, so every authenticated call fails with Forbidden; remove it or name the scope", i)
		case defcheck.ScopeHasSpace:
			fs.err(defcheck.RuleAuthScopeFormat, "Scopes[%d] %q contains whitespace: OAuth scope tokens cannot (RFC 6749 §3.3), so no token can hold it; split it into separate scopes", i, s)
		}
	}
}

// structKind reports whether t is a struct or a pointer to one.
func structKind(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}
