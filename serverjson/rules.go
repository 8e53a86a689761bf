package serverjson

import (
	"fmt"

	"github.com/mcplint-go/mcplint/internal/rule/severity"
)

// Rule is one row of the catalog.
type Rule struct {
	ID string
	// Severity is on the scale every mcplint finding is rated on: errors are what the
	// registry or mcp-publisher rejects (or what leaves the published entry unusable);
	// warnings are published but wrong or silently altered; info is for release-time
	// placeholders.
	Severity severity.Severity
	Title    string
}

// Diagnostic is one finding in a server.json. Pointer is the RFC 6901 pointer
// of the offending value (for a missing key, the pointer it would have); Pos
// is the offending key (or, for array elements and the root, the value; for
// a missing key, the key of the object that lacks it).
type Diagnostic struct {
	Rule     string
	Severity severity.Severity
	Message  string
	Pointer  string
	Pos      Pos
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s (%s)", d.Pos, d.Severity, d.Message, d.Rule)
}

// Rule IDs. mcp-ts-core's 40 server-json-* IDs keep their meaning; the rest
// are the registry's and mcp-publisher's checks mcp-ts-core lacks, and the
// cross-checks against Go code.
const (
	// Input and encoding.
	ruleSyntax       = "server-json-syntax"
	ruleEncoding     = "server-json-encoding"
	ruleTooLarge     = "server-json-too-large"
	ruleTooDeep      = "server-json-too-deep"
	ruleDuplicateKey = "server-json-duplicate-key"

	// $schema and JSON Schema.
	ruleSchemaMissing  = "server-json-schema-missing"
	ruleSchemaUnknown  = "server-json-schema-unknown"
	ruleSchemaOutdated = "server-json-schema-outdated"
	ruleSchema         = "server-json-schema"

	// mcp-ts-core's rules.
	ruleType                = "server-json-type"
	ruleNameRequired        = "server-json-name-required"
	ruleNameLength          = "server-json-name-length"
	ruleNameFormat          = "server-json-name-format"
	ruleDescriptionRequired = "server-json-description-required"
	ruleDescriptionLength   = "server-json-description-length"
	ruleVersionRequired     = "server-json-version-required"
	ruleVersionLength       = "server-json-version-length"
	ruleVersionNoRange      = "server-json-version-no-range"
	ruleVersionSemver       = "server-json-version-semver"
	ruleVersionSync         = "server-json-version-sync"
	ruleRepositoryType      = "server-json-repository-type"
	ruleRepositoryURL       = "server-json-repository-url"
	ruleRepositorySource    = "server-json-repository-source"
	rulePackagesType        = "server-json-packages-type"
	rulePackageType         = "server-json-package-type"
	rulePackageRegistry     = "server-json-package-registry"
	rulePackageIdentifier   = "server-json-package-identifier"
	rulePackageTransport    = "server-json-package-transport"
	rulePackageNoLatest     = "server-json-package-no-latest"
	rulePackageVersionSync  = "server-json-package-version-sync"
	rulePackageArgsType     = "server-json-package-args-type"
	ruleRuntimeArgsType     = "server-json-runtime-args-type"
	ruleEnvVarsType         = "server-json-env-vars-type"
	ruleRemotesType         = "server-json-remotes-type"
	ruleRemoteType          = "server-json-remote-type"
	ruleRemoteTransportType = "server-json-remote-transport-type"
	ruleRemoteNoStdio       = "server-json-remote-no-stdio"
	ruleTransportType       = "server-json-transport-type"
	ruleTransportTypeValue  = "server-json-transport-type-value"
	ruleTransportURLReq     = "server-json-transport-url-required"
	ruleTransportURLFormat  = "server-json-transport-url-format"
	ruleArgumentType        = "server-json-argument-type"
	ruleArgumentTypeValue   = "server-json-argument-type-value"
	ruleArgumentName        = "server-json-argument-name"
	ruleArgumentValue       = "server-json-argument-value"
	ruleInputFormat         = "server-json-input-format"
	ruleEnvVarType          = "server-json-env-var-type"
	ruleEnvVarName          = "server-json-env-var-name"
	ruleEnvVarDescription   = "server-json-env-var-description"

	// Registry and mcp-publisher parity beyond mcp-ts-core.
	ruleUnknownKey            = "server-json-unknown-key"
	ruleReleasePlaceholder    = "server-json-release-placeholder"
	ruleTitle                 = "server-json-title"
	ruleWebsiteURL            = "server-json-website-url"
	ruleIconSrc               = "server-json-icon-src"
	ruleRepositoryURLInvalid  = "server-json-repository-url-invalid"
	ruleRepositorySubfolder   = "server-json-repository-subfolder"
	ruleRegistryTypeValue     = "server-json-package-registry-type-value"
	ruleIdentifierSpaces      = "server-json-package-identifier-spaces"
	rulePackageVersionReq     = "server-json-package-version-required"
	rulePackageBaseURL        = "server-json-package-registry-base-url"
	rulePackageFileSha256     = "server-json-package-file-sha256"
	ruleOCIVersion            = "server-json-oci-version"
	ruleOCIReference          = "server-json-oci-reference"
	ruleOCIRegistry           = "server-json-oci-registry"
	ruleOCILatest             = "server-json-oci-latest"
	ruleMCPBURL               = "server-json-mcpb-url"
	ruleRuntimeHint           = "server-json-runtime-hint"
	ruleArgumentNameFormat    = "server-json-argument-name-format"
	ruleArgumentValueName     = "server-json-argument-value-repeats-name"
	ruleStdioURL              = "server-json-stdio-url"
	ruleURLTemplate           = "server-json-url-template"
	ruleRemoteURL             = "server-json-remote-url"
	ruleMetaSize              = "server-json-meta-size"
	ruleVersionMisreadAsRange = "server-json-version-misread-as-range"

	// Cross-checks against the Go code.
	ruleCodeVersionSync     = "server-json-code-version-sync"
	ruleCodeNameSync        = "server-json-code-name-sync"
	ruleEmbeddedVersionSync = "server-json-embedded-version-sync"
	ruleEnvVarMissing       = "server-json-env-var-missing"
	ruleEnvVarUnused        = "server-json-env-var-unused"
)

var catalog = []Rule{
	{ruleSyntax, severity.Error, "server.json must be one well-formed JSON document"},
	{ruleEncoding, severity.Error, "server.json must be UTF-8 without BOM and without unpaired surrogate escapes"},
	{ruleTooLarge, severity.Error, "server.json must fit the registry's 1 MiB request body limit"},
	{ruleTooDeep, severity.Error, "server.json must not be nested absurdly deep"},
	{ruleDuplicateKey, severity.Warning, "an object key must not repeat: only the last value survives"},

	{ruleSchemaMissing, severity.Error, "$schema must be present: the registry rejects a server.json without it"},
	{ruleSchemaUnknown, severity.Error, "$schema must name a server.json schema version the registry knows"},
	{ruleSchemaOutdated, severity.Warning, "$schema should be the current schema version"},
	{ruleSchema, severity.Error, "server.json must satisfy the JSON Schema of its declared version"},

	{ruleType, severity.Error, "server.json must be a JSON object, not an array or primitive"},
	{ruleNameRequired, severity.Error, "name must be present and non-empty"},
	{ruleNameLength, severity.Error, "name length must be 3–200 characters"},
	{ruleNameFormat, severity.Error, "name must be namespace/name in the registry's reverse-DNS format"},
	{ruleDescriptionRequired, severity.Error, "description must be present and non-empty"},
	{ruleDescriptionLength, severity.Error, "description must be at most 100 characters: the registry rejects longer ones"},
	{ruleVersionRequired, severity.Error, "version must be present"},
	{ruleVersionLength, severity.Error, "version length must be at most 255"},
	{ruleVersionNoRange, severity.Error, "version must be a specific version, not a range (^, ~, >=, 1.x, ...)"},
	{ruleVersionSemver, severity.Warning, "version should be valid semver (major.minor.patch)"},
	{ruleVersionSync, severity.Warning, "server.json version should match package.json version"},
	{ruleRepositoryType, severity.Error, "repository must be an object"},
	{ruleRepositoryURL, severity.Error, "repository.url is required when repository is present"},
	{ruleRepositorySource, severity.Error, "repository.source is required when repository is present"},
	{rulePackagesType, severity.Error, "packages must be an array"},
	{rulePackageType, severity.Error, "each packages[i] must be an object"},
	{rulePackageRegistry, severity.Error, "packages[i].registryType is required"},
	{rulePackageIdentifier, severity.Error, "packages[i].identifier is required"},
	{rulePackageTransport, severity.Error, "packages[i].transport is required"},
	{rulePackageNoLatest, severity.Error, "packages[i].version must not be \"latest\": pin a specific version"},
	{rulePackageVersionSync, severity.Warning, "packages[i].version should match the root version"},
	{rulePackageArgsType, severity.Error, "packages[i].packageArguments must be an array"},
	{ruleRuntimeArgsType, severity.Error, "packages[i].runtimeArguments must be an array"},
	{ruleEnvVarsType, severity.Error, "packages[i].environmentVariables must be an array"},
	{ruleRemotesType, severity.Error, "remotes must be an array"},
	{ruleRemoteType, severity.Error, "each remotes[i] must be an object"},
	{ruleRemoteTransportType, severity.Error, "remotes[i].type is required"},
	{ruleRemoteNoStdio, severity.Error, "remotes[i].type must be streamable-http or sse: stdio is not valid for remotes"},
	{ruleTransportType, severity.Error, "transport must be an object"},
	{ruleTransportTypeValue, severity.Error, "transport.type must be one of stdio, streamable-http, sse"},
	{ruleTransportURLReq, severity.Error, "url is required for streamable-http and sse transports"},
	{ruleTransportURLFormat, severity.Error, "a package transport url must be an http:// or https:// URL with a host"},
	{ruleArgumentType, severity.Error, "each argument must be an object"},
	{ruleArgumentTypeValue, severity.Error, "argument.type must be positional or named"},
	{ruleArgumentName, severity.Error, "named arguments require name"},
	{ruleArgumentValue, severity.Error, "positional arguments require value or valueHint"},
	{ruleInputFormat, severity.Error, "format must be string, number, boolean, or filepath: the registry rejects others"},
	{ruleEnvVarType, severity.Error, "each environment variable must be an object"},
	{ruleEnvVarName, severity.Error, "environment variable name is required"},
	{ruleEnvVarDescription, severity.Warning, "environment variables should have a description"},

	{ruleUnknownKey, severity.Warning, "a key mcp-publisher does not know is silently dropped"},
	{ruleReleasePlaceholder, severity.Info, "a release placeholder must be filled in by the release step before publishing"},
	{ruleTitle, severity.Error, "title must not be only whitespace"},
	{ruleWebsiteURL, severity.Error, "websiteUrl must be an absolute https URL without quotes, brackets or spaces"},
	{ruleIconSrc, severity.Error, "icons[i].src must be an absolute https URL"},
	{ruleRepositoryURLInvalid, severity.Error, "repository.url must be a github or gitlab repository URL matching repository.source"},
	{ruleRepositorySubfolder, severity.Error, "repository.subfolder must be a clean relative path"},
	{ruleRegistryTypeValue, severity.Error, "registryType must be one the registry supports: npm, pypi, nuget, oci, mcpb, cargo"},
	{ruleIdentifierSpaces, severity.Error, "package identifier must not contain spaces"},
	{rulePackageVersionReq, severity.Error, "npm, pypi, nuget and cargo packages need a version"},
	{rulePackageBaseURL, severity.Error, "registryBaseUrl must be the registry's own URL for its type, and absent for oci and mcpb"},
	{rulePackageFileSha256, severity.Error, "mcpb packages need fileSha256; other package types must not have it"},
	{ruleOCIVersion, severity.Error, "oci packages must not have version: the tag belongs in the identifier"},
	{ruleOCIReference, severity.Error, "an oci identifier must be a parseable image reference"},
	{ruleOCIRegistry, severity.Error, "an oci image must live on a registry the MCP registry accepts"},
	{ruleOCILatest, severity.Warning, "an oci identifier should pin a tag or digest other than latest"},
	{ruleMCPBURL, severity.Error, "an mcpb identifier must be an https GitHub or GitLab release asset URL containing \"mcp\""},
	{ruleRuntimeHint, severity.Warning, "packages with runtimeArguments should say runtimeHint"},
	{ruleArgumentNameFormat, severity.Error, "a named argument's name must be the bare flag: no spaces, <, > or $"},
	{ruleArgumentValueName, severity.Error, "a named argument's value and default must not start with the argument name"},
	{ruleStdioURL, severity.Error, "stdio transports must not have a url"},
	{ruleURLTemplate, severity.Error, "every {variable} in a transport url must be defined"},
	{ruleRemoteURL, severity.Error, "a remote url must be a public https URL, not loopback"},
	{ruleVersionMisreadAsRange, severity.Error, "a prerelease containing x, X or * is rejected by the registry as if it were a range"},
	{ruleMetaSize, severity.Error, "_meta publisher-provided data must be at most 4 KB"},

	{ruleCodeVersionSync, severity.Warning, "server.json version should match the version the Go server reports"},
	{ruleCodeNameSync, severity.Warning, "server.json name should match the name the Go server reports"},
	{ruleEmbeddedVersionSync, severity.Warning, "server.json version should match the embedded VERSION file"},
	{ruleEnvVarMissing, severity.Warning, "an environment variable the Go code reads should be declared in environmentVariables"},
	{ruleEnvVarUnused, severity.Warning, "a declared environment variable should be read by the Go code"},
}

var severityByRule = func() map[string]severity.Severity {
	m := make(map[string]severity.Severity, len(catalog))
	for _, r := range catalog {
		m[r.ID] = r.Severity
	}
	return m
}()

func severityOf(rule string) severity.Severity {
	if s, ok := severityByRule[rule]; ok {
		return s
	}
	return severity.Error
}

// Rules returns the catalog of every rule this package can report, in a
// stable order. The slice is a fresh copy.
func Rules() []Rule {
	out := make([]Rule, len(catalog))
	copy(out, catalog)
	return out
}
