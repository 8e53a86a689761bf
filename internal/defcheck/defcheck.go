// Package defcheck holds the pure, dependency-free checks on MCP definitions
// that both the runtime library (mcptool.Add, at start-up) and the linter (at
// compile time) apply, so the two can never disagree about what is valid.
package defcheck

import (
	"strings"
	"unicode"
)

// Rule IDs of the checks that exist both at run time and in the linter. The
// linter's catalog owns the full list; these are the ones this package and
// mcptool report.
const (
	RuleNameRequired                   = "name-required"
	RuleNameFormat                     = "name-format"
	RuleHandlerRequired                = "handler-required"
	RuleDescriptionRequired            = "description-required"
	RuleErrorContractEmpty             = "error-contract-empty"
	RuleErrorContractReasonRequired    = "error-contract-reason-required"
	RuleErrorContractReasonFormat      = "error-contract-reason-format"
	RuleErrorContractReasonUnique      = "error-contract-reason-unique"
	RuleErrorContractWhenRequired      = "error-contract-when-required"
	RuleErrorContractRecoveryRequired  = "error-contract-recovery-required"
	RuleErrorContractRecoveryEmpty     = "error-contract-recovery-empty"
	RuleErrorContractRecoveryMinWords  = "error-contract-recovery-min-words"
	RuleErrorContractCodeUnknown       = "error-contract-code-unknown"
	RuleErrorContractCodeUnknownError  = "error-contract-code-unknown-error"
	RuleAuthScopeFormat                = "auth-scope-format"
	RuleSchemaIsObject                 = "schema-is-object"
	RuleSchemaSerializable             = "schema-serializable"
	RuleSchemaTagSyntax                = "schema-tag-syntax"
	RuleURITemplateRequired            = "uri-template-required"
	RuleURITemplateValid               = "uri-template-valid"
	RuleResourceNameNotURI             = "resource-name-not-uri"
	RuleTemplateParamsAlign            = "template-params-align"
	RulePromptHandlerRequired          = "prompt-handler-required"
	RuleTypedNilError                  = "typed-nil-error"
	RuleErrorContractRetryableMismatch = "error-contract-retryable-mismatch"
)

// MaxToolNameLen is the longest tool name the MCP specification allows.
const MaxToolNameLen = 128

// MinRecoveryWords is the fewest words a contract's recovery hint may have
// before it reads as a placeholder ("Try again.").
const MinRecoveryWords = 5

// ValidToolName reports whether name matches ^[A-Za-z0-9._-]{1,128}$, the
// character set and length the MCP specification gives tool names.
func ValidToolName(name string) bool {
	if len(name) == 0 || len(name) > MaxToolNameLen {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// InvalidToolNameChars returns the distinct characters of name that a tool
// name may not contain, in order of first appearance, for error messages.
func InvalidToolNameChars(name string) []rune {
	var bad []rune
	seen := map[rune]bool{}
	for _, r := range name {
		ok := r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
		if !ok && !seen[r] {
			seen[r] = true
			bad = append(bad, r)
		}
	}
	return bad
}

// ValidReason reports whether reason is snake_case: ^[a-z][a-z0-9_]*$.
func ValidReason(reason string) bool {
	if reason == "" {
		return false
	}
	for i := 0; i < len(reason); i++ {
		c := reason[i]
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// ScopeProblem is what is wrong with an OAuth scope in a tool's Scopes.
type ScopeProblem int

// The problems a scope string can have; ScopeOK is none.
const (
	ScopeOK ScopeProblem = iota
	// ScopeBlank: empty or only whitespace.
	ScopeBlank
	// ScopeHasSpace: whitespace inside a scope token, which RFC 6749 §3.3 does not allow
	// (scopes are space-separated on the wire), so no token can hold it.
	ScopeHasSpace
)

// CheckScope classifies one scope of a tool's Scopes.
func CheckScope(s string) ScopeProblem {
	switch {
	case IsBlank(s):
		return ScopeBlank
	case strings.ContainsFunc(s, isASCIISpace):
		return ScopeHasSpace
	}
	return ScopeOK
}

func isASCIISpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

// IsBlank reports whether s is empty or only whitespace.
func IsBlank(s string) bool {
	return strings.TrimSpace(s) == ""
}

// WordCount counts the words of s: maximal runs of letters or digits
// (apostrophes and hyphens inside a word do not split it). Punctuation and
// symbols alone are not words, so "Try again ." has two.
func WordCount(s string) int {
	n := 0
	inWord := false
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				n++
				inWord = true
			}
		case inWord && (r == '\'' || r == '’' || r == '-') && i+1 < len(runes) &&
			(unicode.IsLetter(runes[i+1]) || unicode.IsDigit(runes[i+1])):
			// "don't", "re-run": one word.
		default:
			inWord = false
		}
	}
	return n
}
