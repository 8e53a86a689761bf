package serverjson

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func goPos(line int) token.Position {
	return token.Position{Filename: "main.go", Line: line, Column: 2}
}

func TestCodeVersionSync(t *testing.T) {
	data := doc(t, nil)
	cases := []struct {
		name string
		v    CodeValue
		want bool
	}{
		{"differs", CodeValue{Value: "1.2.4", Static: true, Pos: goPos(10)}, true},
		{"same", CodeValue{Value: "1.2.3", Static: true}, false},
		{"v prefix is the same version", CodeValue{Value: "v1.2.3", Static: true}, false},
		{"ldflags-injected is skipped", CodeValue{Value: "dev", Static: false}, false},
		{"empty is skipped", CodeValue{Static: true}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			diags := CheckCode(data, CodeFacts{ServerVersion: tc.v}, Options{})
			require.Equal(t, tc.want, rulesOf(diags)[ruleCodeVersionSync], errorSummary(diags))
			for _, d := range diags {
				assertWellFormed(t, data, d)
				require.Equal(t, "/version", d.Pointer)
				require.Contains(t, d.Message, "main.go:10:2")
			}
		})
	}
	placeholder := doc(t, func(m map[string]any) { m["version"] = "${VERSION}" })
	require.Empty(t, CheckCode(placeholder, CodeFacts{ServerVersion: CodeValue{Value: "1.2.4", Static: true}}, Options{}))
}

func TestEmbeddedVersionSync(t *testing.T) {
	data := doc(t, nil)
	same := CheckCode(data, CodeFacts{EmbeddedVersion: CodeValue{Value: "1.2.3\n", Pos: token.Position{Filename: "version/VERSION"}}}, Options{})
	require.Empty(t, same)
	diff := CheckCode(data, CodeFacts{EmbeddedVersion: CodeValue{Value: "1.3.0\n", Pos: token.Position{Filename: "version/VERSION"}}}, Options{})
	require.True(t, rulesOf(diff)[ruleEmbeddedVersionSync], errorSummary(diff))
	require.Contains(t, diff[0].Message, "version/VERSION")
}

func TestCodeNameSync(t *testing.T) {
	data := doc(t, nil) // io.github.example/weather
	for _, ok := range []string{"weather", "Weather", "io.github.example/weather"} {
		require.Empty(t, CheckCode(data, CodeFacts{ServerName: CodeValue{Value: ok, Static: true}}, Options{}), ok)
	}
	diags := CheckCode(data, CodeFacts{ServerName: CodeValue{Value: "forecast-bot", Static: true, Pos: goPos(3)}}, Options{})
	require.True(t, rulesOf(diags)[ruleCodeNameSync], errorSummary(diags))
	require.Empty(t, CheckCode(data, CodeFacts{ServerName: CodeValue{Value: "forecast-bot", Static: false}}, Options{}))
}

func TestEnvVarsAgainstCode(t *testing.T) {
	data := doc(t, nil) // declares WEATHER_API_KEY
	facts := CodeFacts{EnvReads: []EnvRead{
		{Name: "WEATHER_API_KEY", Pos: goPos(5)},
		{Name: "WEATHER_REGION", Pos: goPos(6), Required: true},
		{Name: "WEATHER_REGION", Pos: goPos(9)},
		{Name: "WEATHER_CACHE_TTL", Pos: goPos(8)}, // an optional knob: not worth a prompt
		{Name: "HOME", Pos: goPos(7)},
		{Name: "UPSTREAM_TOKEN", Pos: goPos(10)}, // a credential, required or not
	}}
	diags := CheckCode(data, facts, Options{})
	require.Len(t, diags, 2, errorSummary(diags))
	require.Equal(t, ruleEnvVarMissing, diags[0].Rule)
	require.Contains(t, diags[0].Message, "UPSTREAM_TOKEN")
	require.Contains(t, diags[1].Message, "WEATHER_REGION")
	require.Contains(t, diags[1].Message, "main.go:6:2", "the first read is named")
	require.Equal(t, "/packages/0/environmentVariables", diags[1].Pointer)

	// Unused only when every read was resolved.
	facts = CodeFacts{EnvReads: []EnvRead{{Name: "OTHER"}}, EnvReadsComplete: false}
	require.False(t, rulesOf(CheckCode(data, facts, Options{}))[ruleEnvVarUnused])
	facts.EnvReadsComplete = true
	diags = CheckCode(data, facts, Options{})
	require.True(t, rulesOf(diags)[ruleEnvVarUnused], errorSummary(diags))
	for _, d := range diags {
		if d.Rule == ruleEnvVarUnused {
			require.Equal(t, "/packages/0/environmentVariables/0/name", d.Pointer)
		}
	}
}

func TestEnvVarsPassedAsDockerArguments(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "hashicorp__terraform-mcp-server.json"))
	require.NoError(t, err)
	facts := CodeFacts{EnvReads: []EnvRead{{Name: "TFE_ADDRESS"}, {Name: "TFE_TOKEN"}}}
	diags := CheckCode(data, facts, Options{})
	require.Empty(t, diags, "-e NAME=... runtime arguments declare the variable:%s", errorSummary(diags))
}

func TestEnvVarsSkippedForRemoteOnlyServers(t *testing.T) {
	data := doc(t, func(m map[string]any) { delete(m, "packages") })
	facts := CodeFacts{EnvReads: []EnvRead{{Name: "DATABASE_URL"}}, EnvReadsComplete: true}
	require.Empty(t, CheckCode(data, facts, Options{}))
}

func TestCheckCodeIgnoresBrokenInput(t *testing.T) {
	facts := CodeFacts{ServerVersion: CodeValue{Value: "9.9.9", Static: true}}
	require.Empty(t, CheckCode([]byte("{"), facts, Options{}))
	require.Empty(t, CheckCode([]byte("[]"), facts, Options{}))
	require.Empty(t, CheckCode(doc(t, nil), facts, Options{MaxBytes: 10}))
}

// TestEnvVarsOnlyWhatTheServerNeeds: a tested-and-tolerated credential, a fallback for a
// declared variable and a variable a library reads are not findings; a missing variable is
// reported once however often it is read, saying what was found.
func TestEnvVarsOnlyWhatTheServerNeeds(t *testing.T) {
	data := doc(t, nil) // declares WEATHER_API_KEY
	facts := CodeFacts{EnvReads: []EnvRead{
		{Name: "OPTIONAL_TOKEN", Pos: goPos(5), Optional: true},
		{Name: "WEATHER_LEGACY_KEY", Pos: goPos(6), FallbackFor: "WEATHER_API_KEY"},
		{Name: "REGION", Pos: goPos(7), Required: true},
		{Name: "REGION", Pos: goPos(8)},
		{Name: "REGION_OLD", Pos: goPos(9), FallbackFor: "REGION"},
	}}
	diags := CheckCode(data, facts, Options{})
	require.Len(t, diags, 1, errorSummary(diags))
	require.Equal(t, ruleEnvVarMissing, diags[0].Rule)
	require.Contains(t, diags[0].Message, "stdio transport requires REGION or deprecated fallback REGION_OLD (main.go:7:2)")

	// KUBECONFIG is read by client-go, not by the server's code.
	kube := doc(t, func(m map[string]any) {
		pkg0(m)["environmentVariables"] = []any{obj(`{"name": "KUBECONFIG", "description": "cluster config"}`), obj(`{"name": "AWS_REGION", "description": "region"}`)}
	})
	facts = CodeFacts{EnvReadsComplete: true, DependencyEnv: []string{"AWS_", "KUBECONFIG"}}
	require.Empty(t, CheckCode(kube, facts, Options{}))
	facts.DependencyEnv = nil
	require.Len(t, CheckCode(kube, facts, Options{}), 2, "without the libraries both are unused")
}

// TestEnvVarsOnTheDeclaredTransport: a variable is demanded only when it is needed on a
// transport the packages declare. Remotes are configured by their host and decide nothing.
func TestEnvVarsOnTheDeclaredTransport(t *testing.T) {
	stdio := doc(t, func(m map[string]any) {
		m["remotes"] = []any{obj(`{"type": "streamable-http", "url": "https://mcp.example.com/mcp"}`)}
	})
	http := doc(t, func(m map[string]any) {
		pkg0(m)["transport"] = obj(`{"type": "streamable-http", "url": "http://localhost:8080/mcp"}`)
	})
	cases := []struct {
		name     string
		manifest []byte
		reads    []EnvRead
		want     string // the message's start, "" when silent
	}{
		{"HTTP-only variable, stdio package", stdio, []EnvRead{{Name: "TLS_CERT_FILE", Required: true, Transports: []string{"http"}}}, ""},
		{"stdio-only variable, HTTP package", http, []EnvRead{{Name: "STDIO_TOKEN", Transports: []string{"stdio"}}}, ""},
		{"required on HTTP, defaulted where both run", stdio, []EnvRead{
			{Name: "REGION", Optional: true},
			{Name: "REGION", Required: true, Transports: []string{"http"}},
		}, ""},
		{"HTTP-only variable, HTTP package", http, []EnvRead{{Name: "TLS_CERT_FILE", Required: true, Transports: []string{"http"}}}, "HTTP transport requires TLS_CERT_FILE"},
		{"stdio-only credential, stdio package", stdio, []EnvRead{{Name: "STDIO_TOKEN", Transports: []string{"stdio"}}}, "stdio transport uses credential STDIO_TOKEN unchecked"},
		{"on every path", http, []EnvRead{{Name: "REGION", Required: true}}, "HTTP transport requires REGION"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			diags := CheckCode(tc.manifest, CodeFacts{EnvReads: tc.reads}, Options{})
			if tc.want == "" {
				require.Empty(t, diags, errorSummary(diags))
				return
			}
			require.Len(t, diags, 1, errorSummary(diags))
			require.Equal(t, ruleEnvVarMissing, diags[0].Rule)
			require.True(t, strings.HasPrefix(diags[0].Message, tc.want), diags[0].Message)
		})
	}
}
