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
	// A URL with an authority: its userinfo and query are redacted by redactURL.
	urlRE = regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]*://[^\s"'<>` + "`" + `]+`)
)

// Redact replaces credentials in s (tokens, Authorization values, fields
// named like keys, secrets and passwords, and in URLs the userinfo and every
// query value) with Redacted. A URL's query is redacted whole because its
// parameter names do not say which value is a key (key=, sig=, code=): a
// failed http.Client request's error quotes its URL, query included (Go
// strips only the password). FromHTTPResponse applies Redact to any body it
// keeps, and mcptool to every error text it sends; apply it yourself to other
// upstream text you send on.
func Redact(s string) string {
	s = urlRE.ReplaceAllStringFunc(s, redactURL)
	s = authorizationRE.ReplaceAllStringFunc(s, redactValue(authorizationRE))
	s = secretFieldRE.ReplaceAllStringFunc(s, redactValue(secretFieldRE))
	return tokenRE.ReplaceAllString(s, Redacted)
}

// redactURL replaces a URL's userinfo and the value of each query parameter,
// keeping scheme, host, path, parameter names and fragment. Punctuation that
// ends the sentence the URL sits in is not part of it.
func redactURL(u string) string {
	end := strings.TrimRight(u, ".,;:!?)]}")
	if strings.HasSuffix(end, Redacted[:len(Redacted)-1]) {
		end += "]" // the closing bracket of a value redacted before
	}
	u, tail := end, u[len(end):]
	scheme := strings.Index(u, "://") + len("://")
	rest := u[scheme:]
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		rest = Redacted + rest[at:]
	}
	q := strings.IndexByte(rest, '?')
	if q > 0 && rest[q-1] == '{' {
		q = -1 // an RFC 6570 template's {?var}, not a query
	}
	if q < 0 {
		return u[:scheme] + rest + tail
	}
	query, fragment := rest[q+1:], ""
	if i := strings.IndexByte(query, '#'); i >= 0 {
		query, fragment = query[:i], query[i:]
	}
	params := strings.Split(query, "&")
	for i, p := range params {
		if name, _, ok := strings.Cut(p, "="); ok {
			params[i] = name + "=" + Redacted
		} else if p != "" {
			params[i] = Redacted // a bare value can be the key itself
		}
	}
	return u[:scheme] + rest[:q+1] + strings.Join(params, "&") + fragment + tail
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
