package manifest_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

var envVar = regexp.MustCompile(`WEATHER_[A-Z_]+`)

type quiet struct{ *testing.T }

func (quiet) Errorf(string, ...any) {} // server.json cannot carry want comments

// TestCodeCrossChecks runs the adapter on a module whose server.json disagrees with its
// code: the version differs, one variable the code reads is undeclared, one declared
// variable is never read, and HOME (ambient) is ignored. The reads happen in another
// package than the one that builds the server, so they arrive through facts.
func TestCodeCrossChecks(t *testing.T) {
	got := crossChecks(t, "codecheck", envVar)
	assert.Equal(t, []string{
		"server.json:11 server-json-env-var-missing WEATHER_REGION",         // required, read in package config
		"server.json:11 server-json-env-var-missing WEATHER_UPSTREAM_TOKEN", // a credential
		"server.json:13 server-json-env-var-unused WEATHER_UNITS",
		"server.json:5 server-json-code-version-sync ", // 1.3.0 vs the code's 1.2.0
		// Silent: WEATHER_CACHE_TTL (an optional knob), HOME (ambient), TEST_ONLY_SETTING and
		// the test server (tests are not the published server).
	}, got)
}

// TestShippedProgramOnly runs the adapter on a module that holds, beside the shipped server,
// an example that serves a server of another version and a documentation generator that
// builds a server without serving it: only the shipped program is compared.
func TestShippedProgramOnly(t *testing.T) {
	got := crossChecks(t, "shipped", regexp.MustCompile(`[A-Z]+_[A-Z_]+|"[0-9.]+"|"dev"`))
	assert.Equal(t, []string{
		// The one true finding: required, undeclared, read by the shipped server.
		"server.json:11 server-json-env-var-missing SHIPPED_REGION",
		// Silent: the version "dev" (an -ldflags placeholder, not 2.0.0); SHIPPED_LEGACY_TOKEN
		// (a fallback for the declared SHIPPED_TOKEN); SHIPPED_OPTIONAL_TOKEN (tested and
		// tolerated); SHIPPED_TLS_KEY (required only by the --port HTTP listener, and the
		// package runs over stdio); the example's version 9.9.9 and DEMO_API_KEY; the generator's 0.0.1 and
		// GENDOCS_OUTPUT_TOKEN.
	}, got)
}

// TestEnvVarsOnTheDeclaredTransport runs the adapter on a module with two commands that each
// serve stdio and HTTP: cmd/local declares a stdio package (and a hosted remote), cmd/hosted a
// package run over streamable HTTP. Each is told only the variable its declared transport
// needs, with that transport named.
func TestEnvVarsOnTheDeclaredTransport(t *testing.T) {
	got := crossChecks(t, "server-json-env-var-missing", regexp.MustCompile(`^(stdio|HTTP) transport \w+ [A-Z_]+`))
	assert.Equal(t, []string{
		// Required in the function that serves streamable HTTP (cmd/hosted).
		"server.json:11 server-json-env-var-missing HTTP transport requires HOSTED_SIGNING_KEY",
		// Required in the stdio case of the --transport switch (cmd/local).
		"server.json:11 server-json-env-var-missing stdio transport requires LOCAL_REGION",
		// Silent: TRANSPORT_TLS_CERT (required, read in another package only from runHTTP);
		// LOCAL_GATEWAY_SECRET (required, read only by serveGateway, which serves through an
		// http.Handler type whose ServeHTTP builds the MCP handler);
		// LOCAL_ALLOWED_ORIGINS (required inside `if *transport == "sse" || ... "http"`);
		// TRANSPORT_BASE_URL (required on HTTP, defaulted where both transports run);
		// HOSTED_STDIO_TOKEN (a credential read only when HOSTED_TRANSPORT is "stdio");
		// HOSTED_TLS (optional); the remote of cmd/local (configured by its host);
		// BUNDLE_API_TOKEN (cmd/bundle ships only as an MCP bundle, configured by its manifest).
	}, got)
}

// crossChecks runs the serverjson analyzer on the fixture module serverjson/name and
// returns its findings as "file:line rule what", what being the match of quote in the
// message.
func crossChecks(t *testing.T, name string, quote *regexp.Regexp) []string {
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"all"}
	cfg.Enable = []string{"serverjson"}
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	var a *analysis.Analyzer
	for _, x := range as {
		if x.Name == "serverjson" {
			a = x
		}
	}
	require.NotNil(t, a)
	dir := filepath.Join(fixtures.Dir(), "serverjson", name)
	results := analysistest.Run(quiet{t}, dir, a, "./...")
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(pos.Filename) != "server.json" {
				continue
			}
			got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.Base(pos.Filename), pos.Line, d.Category, quote.FindString(d.Message)))
		}
	}
	// analysistest checks the package and its test variant; the driver and go vet check one.
	sort.Strings(got)
	return slices.Compact(got)
}
