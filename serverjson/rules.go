package serverjson

import "fmt"

// Severity of a rule. Errors are what the registry or mcp-publisher rejects
// (or what leaves the published entry unusable); warnings are published but
// wrong or silently altered; info is for release-time placeholders.
type Severity string

// Severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Rule is one row of the catalog.
type Rule struct {
	ID       string
	Severity Severity
	Title    string
}

// Diagnostic is one finding in a server.json. Pointer is the RFC 6901 pointer
// of the offending value (for a missing key, the pointer it would have); Pos
// is the offending key (or, for array elements and the root, the value; for
// a missing key, the key of the object that lacks it).
type Diagnostic struct {
	Rule     string
	Severity Severity
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
	{ruleSyntax, SeverityError, "server.json must be one well-formed JSON document"},
	{ruleEncoding, SeverityError, "server.json must be UTF-8 without BOM and without unpaired surrogate escapes"},
	{ruleTooLarge, SeverityError, "server.json must fit the registry's 1 MiB request body limit"},
	{ruleTooDeep, SeverityError, "server.json must not be nested absurdly deep"},
	{ruleDuplicateKey, SeverityWarning, "an object key must not repeat: only the last value survives"},

	{ruleSchemaMissing, SeverityError, "$schema must be present: the registry rejects a server.json without it"},
	{ruleSchemaUnknown, SeverityError, "$schema must name a server.json schema version the registry knows"},
	{ruleSchemaOutdated, SeverityWarning, "$schema should be the current schema version"},
	{ruleSchema, SeverityError, "server.json must satisfy the JSON Schema of its declared version"},

	{ruleType, SeverityError, "server.json must be a JSON object, not an array or primitive"},
	{ruleNameRequired, SeverityError, "name must be present and non-empty"},
	{ruleNameLength, SeverityError, "name length must be 3–200 characters"},
	{ruleNameFormat, SeverityError, "name must be namespace/name in the registry's reverse-DNS format"},
	{ruleDescriptionRequired, SeverityError, "description must be present and non-empty"},
	{ruleDescriptionLength, SeverityError, "description must be at most 100 characters: the registry rejects longer ones"},
	{ruleVersionRequired, SeverityError, "version must be present"},
	{ruleVersionLength, SeverityError, "version length must be at most 255"},
	{ruleVersionNoRange, SeverityError, "version must be a specific version, not a range (^, ~, >=, 1.x, ...)"},
	{ruleVersionSemver, SeverityWarning, "version should be valid semver (major.minor.patch)"},
	{ruleVersionSync, SeverityWarning, "server.json version should match package.json version"},
	{ruleRepositoryType, SeverityError, "repository must be an object"},
	{ruleRepositoryURL, SeverityError, "repository.url is required when repository is present"},
	{ruleRepositorySource, SeverityError, "repository.source is required when repository is present"},
	{rulePackagesType, SeverityError, "packages must be an array"},
	{rulePackageType, SeverityError, "each packages[i] must be an object"},
	{rulePackageRegistry, SeverityError, "packages[i].registryType is required"},
	{rulePackageIdentifier, SeverityError, "packages[i].identifier is required"},
	{rulePackageTransport, SeverityError, "packages[i].transport is required"},
	{rulePackageNoLatest, SeverityError, "packages[i].version must not be \"latest\": pin a specific version"},
	{rulePackageVersionSync, SeverityWarning, "packages[i].version should match the root version"},
	{rulePackageArgsType, SeverityError, "packages[i].packageArguments must be an array"},
	{ruleRuntimeArgsType, SeverityError, "packages[i].runtimeArguments must be an array"},
	{ruleEnvVarsType, SeverityError, "packages[i].environmentVariables must be an array"},
	{ruleRemotesType, SeverityError, "remotes must be an array"},
	{ruleRemoteType, SeverityError, "each remotes[i] must be an object"},
	{ruleRemoteTransportType, SeverityError, "remotes[i].type is required"},
	{ruleRemoteNoStdio, SeverityError, "remotes[i].type must be streamable-http or sse: stdio is not valid for remotes"},
	{ruleTransportType, SeverityError, "transport must be an object"},
	{ruleTransportTypeValue, SeverityError, "transport.type must be one of stdio, streamable-http, sse"},
	{ruleTransportURLReq, SeverityError, "url is required for streamable-http and sse transports"},
	{ruleTransportURLFormat, SeverityError, "a package transport url must be an http:// or https:// URL with a host"},
	{ruleArgumentType, SeverityError, "each argument must be an object"},
	{ruleArgumentTypeValue, SeverityError, "argument.type must be positional or named"},
	{ruleArgumentName, SeverityError, "named arguments require name"},
	{ruleArgumentValue, SeverityError, "positional arguments require value or valueHint"},
	{ruleInputFormat, SeverityError, "format must be string, number, boolean, or filepath: the registry rejects others"},
	{ruleEnvVarType, SeverityError, "each environment variable must be an object"},
	{ruleEnvVarName, SeverityError, "environment variable name is required"},
	{ruleEnvVarDescription, SeverityWarning, "environment variables should have a description"},

	{ruleUnknownKey, SeverityWarning, "a key mcp-publisher does not know is silently dropped"},
	{ruleReleasePlaceholder, SeverityInfo, "a release placeholder must be filled in by the release step before publishing"},
	{ruleTitle, SeverityError, "title must not be only whitespace"},
	{ruleWebsiteURL, SeverityError, "websiteUrl must be an absolute https URL without quotes, brackets or spaces"},
	{ruleIconSrc, SeverityError, "icons[i].src must be an absolute https URL"},
	{ruleRepositoryURLInvalid, SeverityError, "repository.url must be a github or gitlab repository URL matching repository.source"},
	{ruleRepositorySubfolder, SeverityError, "repository.subfolder must be a clean relative path"},
	{ruleRegistryTypeValue, SeverityError, "registryType must be one the registry supports: npm, pypi, nuget, oci, mcpb, cargo"},
	{ruleIdentifierSpaces, SeverityError, "package identifier must not contain spaces"},
	{rulePackageVersionReq, SeverityError, "npm, pypi, nuget and cargo packages need a version"},
	{rulePackageBaseURL, SeverityError, "registryBaseUrl must be the registry's own URL for its type, and absent for oci and mcpb"},
	{rulePackageFileSha256, SeverityError, "mcpb packages need fileSha256; other package types must not have it"},
	{ruleOCIVersion, SeverityError, "oci packages must not have version: the tag belongs in the identifier"},
	{ruleOCIReference, SeverityError, "an oci identifier must be a parseable image reference"},
	{ruleOCIRegistry, SeverityError, "an oci image must live on a registry the MCP registry accepts"},
	{ruleOCILatest, SeverityWarning, "an oci identifier should pin a tag or digest other than latest"},
	{ruleMCPBURL, SeverityError, "an mcpb identifier must be an https GitHub or GitLab release asset URL containing \"mcp\""},
	{ruleRuntimeHint, SeverityWarning, "packages with runtimeArguments should say runtimeHint"},
	{ruleArgumentNameFormat, SeverityError, "a named argument's name must be the bare flag: no spaces, <, > or $"},
	{ruleArgumentValueName, SeverityError, "a named argument's value and default must not start with the argument name"},
	{ruleStdioURL, SeverityError, "stdio transports must not have a url"},
	{ruleURLTemplate, SeverityError, "every {variable} in a transport url must be defined"},
	{ruleRemoteURL, SeverityError, "a remote url must be a public https URL, not loopback"},
	{ruleVersionMisreadAsRange, SeverityError, "a prerelease containing x, X or * is rejected by the registry as if it were a range"},
	{ruleMetaSize, SeverityError, "_meta publisher-provided data must be at most 4 KB"},

	{ruleCodeVersionSync, SeverityWarning, "server.json version should match the version the Go server reports"},
	{ruleCodeNameSync, SeverityWarning, "server.json name should match the name the Go server reports"},
	{ruleEmbeddedVersionSync, SeverityWarning, "server.json version should match the embedded VERSION file"},
	{ruleEnvVarMissing, SeverityWarning, "an environment variable the Go code reads should be declared in environmentVariables"},
	{ruleEnvVarUnused, SeverityWarning, "a declared environment variable should be read by the Go code"},
}

var severityByRule = func() map[string]Severity {
	m := make(map[string]Severity, len(catalog))
	for _, r := range catalog {
		m[r.ID] = r.Severity
	}
	return m
}()

func severityOf(rule string) Severity {
	if s, ok := severityByRule[rule]; ok {
		return s
	}
	return SeverityError
}

// Rules returns the catalog of every rule this package can report, in a
// stable order. The slice is a fresh copy.
func Rules() []Rule {
	out := make([]Rule, len(catalog))
	copy(out, catalog)
	return out
}
