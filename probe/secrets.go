package probe

import (
	"regexp"
	"slices"
	"strings"
)

// Secret is a value no answer may carry, and how to name it without showing it.
type Secret struct {
	Name  string
	Value string
}

// minSecretLength keeps short values ("1", "true") from matching everywhere.
const minSecretLength = 8

// secretName matches the names of environment variables that hold credentials.
var secretName = regexp.MustCompile(`(?i)(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIAL|AUTH)`)

// SecretsFrom picks the credentials out of an environment (NAME=value entries) and the
// header values given to the server.
func SecretsFrom(env []string, headers map[string][]string) []Secret {
	var out []Secret
	for _, kv := range env {
		name, value, ok := strings.Cut(kv, "=")
		if ok && secretName.MatchString(name) && len(value) >= minSecretLength {
			out = append(out, Secret{Name: "$" + name, Value: value})
		}
	}
	for name, values := range headers {
		for _, v := range values {
			// "Bearer abc…": the token is what must not leak, not the scheme.
			if _, token, ok := strings.Cut(v, " "); ok && len(token) >= minSecretLength {
				v = token
			}
			if len(v) >= minSecretLength {
				out = append(out, Secret{Name: "header " + name, Value: v})
			}
		}
	}
	return out
}

// tokenShapes are credential formats recognisable on their own, whatever the server was given.
var tokenShapes = []struct {
	name string
	re   *regexp.Regexp
}{
	{"a GitHub token", regexp.MustCompile(`\b(gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b`)},
	{"an AWS access key ID", regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"a Slack token", regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}\b`)},
	{"a private key", regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`)},
}

// leaks names the secrets text carries.
func leaks(text string, secrets []Secret) []string {
	var out []string
	for _, s := range secrets {
		if strings.Contains(text, s.Value) && !slices.Contains(out, s.Name) {
			out = append(out, s.Name)
		}
	}
	for _, t := range tokenShapes {
		if t.re.MatchString(text) {
			out = append(out, t.name)
		}
	}
	return out
}
