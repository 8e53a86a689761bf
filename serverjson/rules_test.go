package serverjson

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
func remote0(m map[string]any) map[string]any {
	return m["remotes"].([]any)[0].(map[string]any)
}
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

func ruleCases(t *testing.T) []ruleCase {
	raw := func(s string) []byte { return []byte(s) }
	return []ruleCase{
		// input
		{name: "syntax: trailing comma", data: raw(`{"name": "a/b",}`), want: []string{ruleSyntax}},
		{name: "syntax: trailing garbage", data: raw(`{"name": "a/b"} x`), want: []string{ruleSyntax}},
		{name: "syntax: empty", data: raw(" \n"), want: []string{ruleSyntax}},
		{name: "encoding: invalid utf-8", data: raw("{\"name\": \"a\xff\"}"), want: []string{ruleEncoding}},
		{name: "encoding: BOM", data: append([]byte{0xEF, 0xBB, 0xBF}, doc(t, nil)...), want: []string{ruleEncoding}, not: []string{ruleSyntax}},
		{name: "encoding: lone surrogate", data: raw(`{"description": "x\ud800y"}`), want: []string{ruleEncoding}},
		{name: "too large", data: doc(t, nil), opts: Options{MaxBytes: 100}, want: []string{ruleTooLarge}},
		{name: "too deep", data: raw(strings.Repeat("[", 10) + strings.Repeat("]", 10)), opts: Options{MaxDepth: 5}, want: []string{ruleTooDeep}},
		{name: "duplicate key", data: raw(`{"name": "io.github.a/b", "name": "io.github.a/c"}`), want: []string{ruleDuplicateKey}},
		{name: "type: array root", data: raw(`[]`), want: []string{ruleType}, not: []string{ruleSchemaMissing}},

		// $schema
		{name: "schema missing", data: doc(t, func(m map[string]any) { delete(m, "$schema") }), want: []string{ruleSchemaMissing}},
		{name: "schema unknown URL", data: doc(t, func(m map[string]any) { m["$schema"] = "https://example.com/my-schema.json" }), want: []string{ruleSchemaUnknown}},
		{name: "schema unknown version", data: doc(t, func(m map[string]any) {
			m["$schema"] = "https://static.modelcontextprotocol.io/schemas/2030-01-01/server.schema.json"
		}), want: []string{ruleSchemaUnknown}},
		{name: "schema outdated", data: doc(t, func(m map[string]any) { m["$schema"] = SchemaURL("2025-10-17") }), want: []string{ruleSchemaOutdated}, not: []string{ruleSchemaUnknown}},
		{name: "schema violation", data: doc(t, func(m map[string]any) { m["title"] = strings.Repeat("t", 101) }), want: []string{ruleSchema}},

		// name
		{name: "name missing", data: doc(t, func(m map[string]any) { delete(m, "name") }), want: []string{ruleNameRequired}, not: []string{ruleSchema}},
		{name: "name too short", data: doc(t, func(m map[string]any) { m["name"] = "a/" }), want: []string{ruleNameLength, ruleNameFormat}},
		{name: "name two slashes", data: doc(t, func(m map[string]any) { m["name"] = "io.github.a/b/c" }), want: []string{ruleNameFormat}},
		{name: "name namespace ends with dot", data: doc(t, func(m map[string]any) { m["name"] = "io.github./weather" }), want: []string{ruleNameFormat}},
		{name: "name with underscore part ok", data: doc(t, func(m map[string]any) { m["name"] = "com.example/my_server.v2" }), not: []string{ruleNameFormat}},

		// description, title
		{name: "description missing", data: doc(t, func(m map[string]any) { delete(m, "description") }), want: []string{ruleDescriptionRequired}},
		{name: "description 101", data: doc(t, func(m map[string]any) { m["description"] = strings.Repeat("d", 101) }), want: []string{ruleDescriptionLength}, not: []string{ruleSchema}},
		{name: "description 100 ok", data: doc(t, func(m map[string]any) { m["description"] = strings.Repeat("é", 100) }), not: []string{ruleDescriptionLength, ruleSchema}},
		{name: "title whitespace", data: doc(t, func(m map[string]any) { m["title"] = "   " }), want: []string{ruleTitle}},

		// version
		{name: "version missing", data: doc(t, func(m map[string]any) { delete(m, "version") }), want: []string{ruleVersionRequired}},
		{name: "version too long", data: doc(t, func(m map[string]any) { m["version"] = "1." + strings.Repeat("0", 300) }), want: []string{ruleVersionLength}},
		{name: "version caret range", data: doc(t, func(m map[string]any) { m["version"] = "^1.2.3" }), want: []string{ruleVersionNoRange}},
		{name: "version wildcard", data: doc(t, func(m map[string]any) { m["version"] = "1.x" }), want: []string{ruleVersionNoRange}},
		{name: "version latest", data: doc(t, func(m map[string]any) { m["version"] = "latest" }), want: []string{ruleVersionNoRange}},
		{name: "version prerelease is not a range", data: doc(t, func(m map[string]any) { m["version"] = "1.0.0-beta.2"; pkg0(m)["version"] = "1.0.0-beta.2" }), not: []string{ruleVersionNoRange, ruleVersionSemver, ruleVersionMisreadAsRange}},
		{name: "version 1.0.0-next is not a range but the registry misreads it", data: doc(t, func(m map[string]any) { m["version"] = "1.0.0-next"; pkg0(m)["version"] = "1.0.0-next" }),
			want: []string{ruleVersionMisreadAsRange}, not: []string{ruleVersionNoRange, ruleVersionSemver}},
		{name: "version not semver", data: doc(t, func(m map[string]any) { m["version"] = "2024.1"; pkg0(m)["version"] = "2024.1" }), want: []string{ruleVersionSemver}, not: []string{ruleVersionNoRange}},
		{name: "version vs package.json", data: doc(t, nil), opts: Options{PackageJSONVersion: "1.2.4"}, want: []string{ruleVersionSync}},
		{name: "version equals package.json", data: doc(t, nil), opts: Options{PackageJSONVersion: "1.2.3"}, not: []string{ruleVersionSync}},

		// repository
		{name: "repository not object", data: doc(t, func(m map[string]any) { m["repository"] = "https://github.com/a/b" }), want: []string{ruleRepositoryType}},
		{name: "repository without url", data: doc(t, func(m map[string]any) { m["repository"] = obj(`{"source": "github"}`) }), want: []string{ruleRepositoryURL}},
		{name: "repository without source", data: doc(t, func(m map[string]any) { m["repository"] = obj(`{"url": "https://github.com/a/b"}`) }), want: []string{ruleRepositorySource}},
		{name: "repository bitbucket", data: doc(t, func(m map[string]any) {
			m["repository"] = obj(`{"url": "https://bitbucket.org/a/b", "source": "bitbucket"}`)
		}), want: []string{ruleRepositoryURLInvalid}},
		{name: "repository gitlab nested ok", data: doc(t, func(m map[string]any) {
			m["repository"] = obj(`{"url": "https://gitlab.com/group/sub/project", "source": "gitlab", "subfolder": "servers/weather"}`)
		}), not: []string{ruleRepositoryURLInvalid, ruleRepositorySubfolder}},
		{name: "repository subfolder dotdot", data: doc(t, func(m map[string]any) {
			m["repository"] = obj(`{"url": "https://github.com/a/b", "source": "github", "subfolder": "../x"}`)
		}), want: []string{ruleRepositorySubfolder}},

		// websiteUrl, icons
		{name: "websiteUrl http", data: doc(t, func(m map[string]any) { m["websiteUrl"] = "http://example.com" }), want: []string{ruleWebsiteURL}},
		{name: "websiteUrl with quote", data: doc(t, func(m map[string]any) { m["websiteUrl"] = `https://example.com/"x"` }), want: []string{ruleWebsiteURL}},
		{name: "icon http", data: doc(t, func(m map[string]any) { m["icons"] = []any{obj(`{"src": "http://example.com/i.png"}`)} }), want: []string{ruleIconSrc}},

		// packages
		{name: "packages object", data: doc(t, func(m map[string]any) { m["packages"] = obj(`{}`) }), want: []string{rulePackagesType}},
		{name: "package string", data: doc(t, func(m map[string]any) { m["packages"] = []any{"npm"} }), want: []string{rulePackageType}},
		{name: "package without registryType", data: doc(t, func(m map[string]any) { delete(pkg0(m), "registryType") }), want: []string{rulePackageRegistry}},
		{name: "package unknown registryType", data: doc(t, func(m map[string]any) { pkg0(m)["registryType"] = "maven" }), want: []string{ruleRegistryTypeValue}},
		{name: "package without identifier", data: doc(t, func(m map[string]any) { delete(pkg0(m), "identifier") }), want: []string{rulePackageIdentifier}},
		{name: "package identifier with space", data: doc(t, func(m map[string]any) { pkg0(m)["identifier"] = "my package" }), want: []string{ruleIdentifierSpaces}},
		{name: "package without transport", data: doc(t, func(m map[string]any) { delete(pkg0(m), "transport") }), want: []string{rulePackageTransport}},
		{name: "package version latest", data: doc(t, func(m map[string]any) { pkg0(m)["version"] = "latest" }), want: []string{rulePackageNoLatest}},
		{name: "package version range", data: doc(t, func(m map[string]any) { pkg0(m)["version"] = ">=1.0.0" }), want: []string{ruleVersionNoRange}},
		{name: "package version differs", data: doc(t, func(m map[string]any) { pkg0(m)["version"] = "1.2.2" }), want: []string{rulePackageVersionSync}},
		{name: "package args object", data: doc(t, func(m map[string]any) { pkg0(m)["packageArguments"] = obj(`{}`) }), want: []string{rulePackageArgsType}},
		{name: "runtime args string", data: doc(t, func(m map[string]any) { pkg0(m)["runtimeArguments"] = "--rm"; pkg0(m)["runtimeHint"] = "npx" }), want: []string{ruleRuntimeArgsType}},
		{name: "env vars object", data: doc(t, func(m map[string]any) { pkg0(m)["environmentVariables"] = obj(`{"A": "b"}`) }), want: []string{ruleEnvVarsType}},
		{name: "npm without version", data: doc(t, func(m map[string]any) { delete(pkg0(m), "version") }), want: []string{rulePackageVersionReq}},
		{name: "npm wrong base url", data: doc(t, func(m map[string]any) { pkg0(m)["registryBaseUrl"] = "https://npm.example.com" }), want: []string{rulePackageBaseURL}},
		{name: "npm right base url", data: doc(t, func(m map[string]any) { pkg0(m)["registryBaseUrl"] = "https://registry.npmjs.org" }), not: []string{rulePackageBaseURL}},
		{name: "npm with fileSha256", data: doc(t, func(m map[string]any) { pkg0(m)["fileSha256"] = strings.Repeat("a", 64) }), want: []string{rulePackageFileSha256}},
		{name: "runtimeArguments without hint", data: doc(t, func(m map[string]any) {
			pkg0(m)["runtimeArguments"] = []any{obj(`{"type": "named", "name": "--yes"}`)}
		}), want: []string{ruleRuntimeHint}},

		// OCI
		{name: "oci with version and base url", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "registryBaseUrl": "https://docker.io", "identifier": "docker.io/example/weather:1.2.3", "version": "1.2.3", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleOCIVersion, rulePackageBaseURL}, not: []string{rulePackageVersionSync}},
		{name: "oci unparseable", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "docker.io/Example/Weather:1.2.3", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleOCIReference}},
		{name: "oci unsupported registry", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "registry.example.com/weather:1.2.3", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleOCIRegistry}},
		{name: "oci latest", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "ghcr.io/example/weather:latest", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleOCILatest}},
		{name: "oci untagged", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "example/weather", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleOCILatest}, not: []string{ruleOCIRegistry, ruleOCIReference}},
		{name: "oci digest ok", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "quay.io/example/weather@sha256:` + strings.Repeat("ab", 32) + `", "transport": {"type": "stdio"}}`)}
		}), not: []string{ruleOCILatest, ruleOCIReference, ruleOCIRegistry}},
		{name: "oci template tag", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "oci", "identifier": "ghcr.io/example/weather:${VERSION}", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleReleasePlaceholder}, not: []string{ruleOCIReference}},

		// MCPB
		{name: "mcpb without sha", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "mcpb", "identifier": "https://github.com/example/weather-mcp/releases/download/v1.2.3/weather.mcpb", "transport": {"type": "stdio"}}`)}
		}), want: []string{rulePackageFileSha256}},
		{name: "mcpb on own host", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "mcpb", "identifier": "https://downloads.example.com/weather-mcp.mcpb", "fileSha256": "` + strings.Repeat("a", 64) + `", "transport": {"type": "stdio"}}`)}
		}), want: []string{ruleMCPBURL}},
		{name: "mcpb placeholder sha", data: doc(t, func(m map[string]any) {
			m["packages"] = []any{obj(`{"registryType": "mcpb", "identifier": "https://github.com/example/weather-mcp/releases/download/v1.2.3/weather.mcpb", "fileSha256": "{{MCPB_FILE_SHA256}}", "transport": {"type": "stdio"}}`)}
		}), want: []string{rulePlaceholderRejected, ruleReleasePlaceholder}, not: []string{ruleSchema, ruleMCPBURL}},

		// transports
		{name: "transport string", data: doc(t, func(m map[string]any) { pkg0(m)["transport"] = "stdio" }), want: []string{ruleTransportType}},
		{name: "transport type unknown", data: doc(t, func(m map[string]any) { pkg0(m)["transport"] = obj(`{"type": "websocket"}`) }), want: []string{ruleTransportTypeValue}},
		{name: "stdio with url", data: doc(t, func(m map[string]any) {
			pkg0(m)["transport"] = obj(`{"type": "stdio", "url": "http://localhost:3000"}`)
		}), want: []string{ruleStdioURL}},
		{name: "http transport without url", data: doc(t, func(m map[string]any) { pkg0(m)["transport"] = obj(`{"type": "streamable-http"}`) }), want: []string{ruleTransportURLReq}},
		{name: "http transport ftp url", data: doc(t, func(m map[string]any) { pkg0(m)["transport"] = obj(`{"type": "sse", "url": "ftp://localhost/sse"}`) }), want: []string{ruleTransportURLFormat}},
		{name: "package transport localhost with defined var ok", data: doc(t, func(m map[string]any) {
			pkg0(m)["transport"] = obj(`{"type": "streamable-http", "url": "http://localhost:{--units}/mcp"}`)
		}), not: []string{ruleURLTemplate, ruleTransportURLFormat, ruleRemoteURL}},
		{name: "package transport undefined var", data: doc(t, func(m map[string]any) {
			pkg0(m)["transport"] = obj(`{"type": "streamable-http", "url": "http://localhost:{port_number}/mcp"}`)
		}), want: []string{ruleURLTemplate}},

		// remotes
		{name: "remotes object", data: doc(t, func(m map[string]any) { m["remotes"] = obj(`{}`) }), want: []string{ruleRemotesType}},
		{name: "remote string", data: doc(t, func(m map[string]any) { m["remotes"] = []any{"https://x"} }), want: []string{ruleRemoteType}},
		{name: "remote without type", data: doc(t, func(m map[string]any) { delete(remote0(m), "type") }), want: []string{ruleRemoteTransportType}},
		{name: "remote stdio", data: doc(t, func(m map[string]any) { remote0(m)["type"] = "stdio" }), want: []string{ruleRemoteNoStdio}},
		{name: "remote without url", data: doc(t, func(m map[string]any) { delete(remote0(m), "url") }), want: []string{ruleTransportURLReq}},
		{name: "remote http", data: doc(t, func(m map[string]any) { remote0(m)["url"] = "http://weather.example.com/mcp" }), want: []string{ruleRemoteURL}},
		{name: "remote loopback", data: doc(t, func(m map[string]any) { remote0(m)["url"] = "https://127.0.0.1:8443/mcp" }), want: []string{ruleRemoteURL}},
		{name: "remote templated ok", data: doc(t, func(m map[string]any) {
			remote0(m)["url"] = "https://{tenant}.example.com/mcp"
			remote0(m)["variables"] = obj(`{"tenant": {"description": "Tenant", "isRequired": true}}`)
		}), not: []string{ruleURLTemplate, ruleRemoteURL}},
		{name: "remote templated undefined", data: doc(t, func(m map[string]any) { remote0(m)["url"] = "https://{tenant}.example.com/mcp" }), want: []string{ruleURLTemplate}},

		// arguments and inputs
		{name: "argument string", data: doc(t, func(m map[string]any) { pkg0(m)["packageArguments"] = []any{"--units"} }), want: []string{ruleArgumentType}},
		{name: "argument bad type", data: doc(t, func(m map[string]any) { pkg0(m)["packageArguments"] = []any{obj(`{"type": "flag", "name": "--x"}`)} }), want: []string{ruleArgumentTypeValue}},
		{name: "named without name", data: doc(t, func(m map[string]any) { pkg0(m)["packageArguments"] = []any{obj(`{"type": "named", "value": "x"}`)} }), want: []string{ruleArgumentName}},
		{name: "named name with value", data: doc(t, func(m map[string]any) {
			pkg0(m)["packageArguments"] = []any{obj(`{"type": "named", "name": "--dir <path>"}`)}
		}), want: []string{ruleArgumentNameFormat}},
		{name: "named value repeats name", data: doc(t, func(m map[string]any) {
			pkg0(m)["packageArguments"] = []any{obj(`{"type": "named", "name": "--port", "value": "--port=8080"}`)}
		}), want: []string{ruleArgumentValueName}},
		{name: "positional empty value ok", data: doc(t, func(m map[string]any) {
			pkg0(m)["packageArguments"] = []any{obj(`{"type": "positional", "value": ""}`)}
		}), not: []string{ruleArgumentValue}},
		{name: "positional without value", data: doc(t, func(m map[string]any) {
			pkg0(m)["packageArguments"] = []any{obj(`{"type": "positional", "description": "x"}`)}
		}), want: []string{ruleArgumentValue}, not: []string{ruleSchema}},
		{name: "input format unknown", data: doc(t, func(m map[string]any) {
			pkg0(m)["environmentVariables"] = []any{obj(`{"name": "A", "description": "a", "format": "url"}`)}
		}), want: []string{ruleInputFormat}},
		{name: "env var string", data: doc(t, func(m map[string]any) { pkg0(m)["environmentVariables"] = []any{"A=b"} }), want: []string{ruleEnvVarType}},
		{name: "env var without name", data: doc(t, func(m map[string]any) { pkg0(m)["environmentVariables"] = []any{obj(`{"description": "a"}`)} }), want: []string{ruleEnvVarName}},
		{name: "env var without description", data: doc(t, func(m map[string]any) { pkg0(m)["environmentVariables"] = []any{obj(`{"name": "A"}`)} }), want: []string{ruleEnvVarDescription}},

		// unknown keys and placeholders
		{name: "required instead of isRequired", data: doc(t, func(m map[string]any) {
			pkg0(m)["environmentVariables"] = []any{obj(`{"name": "A", "description": "a", "required": true}`)}
		}), want: []string{ruleUnknownKey}},
		{name: "status at root", data: doc(t, func(m map[string]any) { m["status"] = "active" }), want: []string{ruleUnknownKey}},
		{name: "private _meta key", data: doc(t, func(m map[string]any) { m["_meta"] = obj(`{"com.example/build": {"sha": "abc"}}`) }), want: []string{ruleUnknownKey}},
		{name: "publisher-provided _meta ok", data: doc(t, func(m map[string]any) {
			m["_meta"] = obj(`{"` + publisherProvidedKey + `": {"anything": {"goes": 1}}}`)
		}), not: []string{ruleUnknownKey, ruleMetaSize}},
		{name: "publisher-provided _meta too big", data: doc(t, func(m map[string]any) {
			m["_meta"] = map[string]any{publisherProvidedKey: map[string]any{"blob": strings.Repeat("x", 5000)}}
		}), want: []string{ruleMetaSize}},
		{name: "placeholder version", data: doc(t, func(m map[string]any) { m["version"] = "${VERSION}"; pkg0(m)["version"] = "$VERSION" }), want: []string{ruleReleasePlaceholder},
			not: []string{ruleVersionSemver, rulePackageVersionSync, ruleSchema}},
		{name: "zero version placeholder", data: doc(t, func(m map[string]any) { m["version"] = "0.0.0"; pkg0(m)["version"] = "0.0.0" }), want: []string{ruleReleasePlaceholder}},
	}
}

func TestRules(t *testing.T) {
	fired := map[string]bool{}
	for _, tc := range ruleCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			diags := Check(tc.data, tc.opts)
			got := rulesOf(diags)
			for r := range got {
				fired[r] = true
			}
			for _, w := range tc.want {
				assert.True(t, got[w], "want %s:%s", w, errorSummary(diags))
			}
			for _, n := range tc.not {
				assert.False(t, got[n], "must not report %s:%s", n, errorSummary(diags))
			}
		})
	}
	// Every manifest rule has at least one case that makes it fire.
	codeRules := map[string]bool{ruleCodeVersionSync: true, ruleCodeNameSync: true, ruleEmbeddedVersionSync: true, ruleEnvVarMissing: true, ruleEnvVarUnused: true}
	for _, r := range Rules() {
		if !codeRules[r.ID] {
			assert.True(t, fired[r.ID], "no test case fires %s", r.ID)
		}
	}
}

func TestDiagnosticsAreWellFormed(t *testing.T) {
	for _, tc := range ruleCases(t) {
		for _, d := range Check(tc.data, tc.opts) {
			assertWellFormed(t, tc.data, d)
		}
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
		require.Contains(t, []Severity{SeverityError, SeverityWarning, SeverityInfo}, r.Severity)
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
	require.Contains(t, msg, `Did you mean "isRequired"?`)
	require.Contains(t, msg, "optional")
}
