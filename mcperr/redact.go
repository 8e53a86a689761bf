package mcperr

import (
	"regexp"
	"strings"
)

// Redacted replaces each credential Redact finds.
const Redacted = "[REDACTED]"

// Credential shapes, each matched as a prefix so a token cut short is still
// recognised. False positives cost a word of an error body; a miss leaks a
// credential into the model's context, so the patterns lean wide.
var (
	// Authorization-like headers or fields, with an optional auth scheme.
	authorizationRE = regexp.MustCompile(`(?i)(["']?(?:proxy-)?authorization["']?\s*[:=]\s*)(\[REDACTED\]|"[^"]*"?|'[^']*'?|(?:(?:bearer|basic|token|digest|negotiate)\s+)?[^\s"',;&}\]]+)`)
	// key: value, key=value and "key": "value" where the key names a secret.
	secretFieldRE = regexp.MustCompile(`(?i)(["']?[\w.-]*(?:token|secret|passw(?:or)?d|pwd|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential|session[_-]?id|cookie)[\w.-]*["']?\s*[:=]\s*)(\[REDACTED\]|"[^"]*"?|'[^']*'?|[^\s"',;&}\]]+)`)
	// Well-known token formats anywhere in the text.
	tokenRE = regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{4,}|github_pat_\w{4,}|glpat-[\w-]{4,}|xox[abposr]-[\w-]{4,}|(?:AKIA|ASIA)[A-Z0-9]{12,}|sk-[\w-]{8,}|eyJ[\w-]{4,}(?:\.[\w-]*){0,2})|(?i:\b(?:bearer|basic)\s+[\w.~+/=-]{6,})`)
	// user:password@ in a URL.
	userinfoRE = regexp.MustCompile(`(?i)(\b[a-z][a-z0-9+.-]*://[^\s:/@"']+:)[^\s@/"']+@`)
)

// Redact replaces credentials in s (tokens, Authorization values, fields
// named like keys, secrets and passwords, URL passwords) with Redacted.
// FromHTTPResponse applies it to any body it keeps; apply it yourself to
// other upstream text you send on.
func Redact(s string) string {
	s = authorizationRE.ReplaceAllStringFunc(s, redactValue(authorizationRE))
	s = secretFieldRE.ReplaceAllStringFunc(s, redactValue(secretFieldRE))
	s = tokenRE.ReplaceAllString(s, Redacted)
	return userinfoRE.ReplaceAllString(s, "${1}"+Redacted+"@")
}

// redactValue keeps a match's key (group 1) and quoting and replaces its
// value (group 2).
func redactValue(re *regexp.Regexp) func(string) string {
	return func(m string) string {
		g := re.FindStringSubmatch(m)
		if g == nil {
			return m
		}
		v := g[2]
		if v == Redacted || v == `"`+Redacted+`"` {
			return m
		}
		for _, q := range []string{`"`, `'`} {
			if strings.HasPrefix(v, q) {
				return g[1] + q + Redacted + q
			}
		}
		return g[1] + Redacted
	}
}
