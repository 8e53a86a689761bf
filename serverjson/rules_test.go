package serverjson

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/rule/severity"
)

const baseDoc = `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.example/weather",
  "description": "Weather forecasts for any city",
  "title": "Weather",
  "version": "1.2.3",
  "websiteUrl": "https://example.com/weather",
  "icons": [{"src": "https://example.com/icon.png", "mimeType": "image/png"}],
  "repository": {"url": "https://github.com/example/weather", "source": "github"},
  "packages": [
    {
      "registryType": "npm",
      "identifier": "@example/weather",
      "version": "1.2.3",
      "transport": {"type": "stdio"},
      "packageArguments": [{"type": "named", "name": "--units", "description": "Units", "default": "metric"}],
      "environmentVariables": [{"name": "WEATHER_API_KEY", "description": "API key", "isRequired": true, "isSecret": true}]
    }
  ],
  "remotes": [{"type": "streamable-http", "url": "https://weather.example.com/mcp"}]
}`

// doc returns baseDoc changed by edit (on its decoded form).
func doc(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(baseDoc), &m))
	if edit != nil {
		edit(m)
	}
	out, err := json.MarshalIndent(m, "", "  ")
	require.NoError(t, err)
	return out
}

func pkg0(m map[string]any) map[string]any { return m["packages"].([]any)[0].(map[string]any) }
func obj(s string) map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		panic(err)
	}
	return m
}

func rulesOf(diags []Diagnostic) map[string]bool {
	out := map[string]bool{}
	for _, d := range diags {
		out[d.Rule] = true
	}
	return out
}

func TestBaseDocIsClean(t *testing.T) {
	diags := Check(doc(t, nil), Options{})
	require.Empty(t, diags, errorSummary(diags))
}

type ruleCase struct {
	name string
	data []byte
	opts Options
	want []string // rules that must fire
	not  []string // rules that must not fire (the near misses)
}

// ruleCases are the cases that need options a file cannot carry; every other rule's cases
// are files in its fixture directory (see TestRuleFixtures).
func ruleCases(t *testing.T) []ruleCase {
	raw := func(s string) []byte { return []byte(s) }
	return []ruleCase{
		{name: "too large", data: doc(t, nil), opts: Options{MaxBytes: 100}, want: []string{ruleTooLarge}},
		{name: "too deep for a lower limit", data: raw(strings.Repeat("[", 10) + strings.Repeat("]", 10)), opts: Options{MaxDepth: 5}, want: []string{ruleTooDeep}},
		{name: "version vs package.json", data: doc(t, nil), opts: Options{PackageJSONVersion: "1.2.4"}, want: []string{ruleVersionSync}},
		{name: "version equals package.json", data: doc(t, nil), opts: Options{PackageJSONVersion: "1.2.3"}, not: []string{ruleVersionSync}},
	}
}

func TestRules(t *testing.T) {
	for _, tc := range ruleCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			diags := Check(tc.data, tc.opts)
			got := rulesOf(diags)
			for _, w := range tc.want {
				assert.True(t, got[w], "want %s:%s", w, errorSummary(diags))
			}
			for _, n := range tc.not {
				assert.False(t, got[n], "must not report %s:%s", n, errorSummary(diags))
			}
			for _, d := range diags {
				assertWellFormed(t, tc.data, d)
			}
		})
	}
}

func assertWellFormed(t *testing.T, data []byte, d Diagnostic) {
	t.Helper()
	sev, known := severityByRule[d.Rule]
	require.True(t, known, "unknown rule %q", d.Rule)
	require.Equal(t, sev, d.Severity, d.Rule)
	require.NotEmpty(t, d.Message)
	require.NotContains(t, d.Message, "("+d.Rule+")", "the reporting layer appends the rule ID")
	require.GreaterOrEqual(t, d.Pos.Line, 1)
	require.GreaterOrEqual(t, d.Pos.Col, 1)
	require.LessOrEqual(t, d.Pos.Offset, len(data))
}

func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		require.False(t, seen[r.ID], "duplicate rule %s", r.ID)
		seen[r.ID] = true
		require.True(t, strings.HasPrefix(r.ID, "server-json-"), r.ID)
		require.Contains(t, []severity.Severity{severity.Error, severity.Warning, severity.Info}, r.Severity)
		require.NotEmpty(t, r.Title)
	}
	// mcp-ts-core's 40 rule IDs are all kept.
	tsCore := []string{"type", "name-required", "name-length", "name-format", "description-required", "description-length",
		"version-required", "version-length", "version-no-range", "version-semver", "version-sync", "repository-type",
		"repository-url", "repository-source", "packages-type", "package-type", "package-registry", "package-identifier",
		"package-transport", "package-no-latest", "package-version-sync", "package-args-type", "runtime-args-type",
		"env-vars-type", "remotes-type", "remote-type", "remote-transport-type", "remote-no-stdio", "transport-type",
		"transport-type-value", "transport-url-required", "transport-url-format", "argument-type", "argument-type-value",
		"argument-name", "argument-value", "input-format", "env-var-type", "env-var-name", "env-var-description"}
	require.Len(t, tsCore, 40)
	for _, a := range tsCore {
		require.True(t, seen["server-json-"+a], "mcp-ts-core rule server-json-%s missing", a)
	}
	// Rules returns a copy.
	rs := Rules()
	rs[0].ID = "changed"
	require.NotEqual(t, "changed", Rules()[0].ID)
}

func TestUnknownKeySuggestions(t *testing.T) {
	shape := serverShape()
	pkgShape := shape.arrays["packages"]
	envShape := pkgShape.arrays["environmentVariables"]
	cases := []struct {
		key   string
		shape *objectShape
		want  string
	}{
		{"required", envShape, "isRequired"},
		{"is_secret", envShape, "isSecret"},
		{"registry_base_url", pkgShape, "registryBaseUrl"},
		{"runtime_hint", pkgShape, "runtimeHint"},
		{"websiteURL", shape, "websiteUrl"},
		{"descripton", shape, "description"},
		{"icon", shape, "icons"},
		{"foo", shape, ""},
		{"status", envShape, ""},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, suggestKey(tc.key, tc.shape), tc.key)
	}
	diags := Check(doc(t, func(m map[string]any) {
		pkg0(m)["environmentVariables"] = []any{obj(`{"name": "A", "description": "a", "required": true}`)}
	}), Options{})
	var msg string
	for _, d := range diags {
		if d.Rule == ruleUnknownKey {
			msg = d.Message
			require.Equal(t, "/packages/0/environmentVariables/0/required", d.Pointer)
		}
	}
	require.Contains(t, msg, `Write "isRequired"`)
	require.Contains(t, msg, "optional")
}
