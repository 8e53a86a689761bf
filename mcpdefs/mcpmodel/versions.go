package mcpmodel

import (
	"golang.org/x/mod/semver"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// This file knows how the SDKs' behaviour differs by version, so that every claim a rule makes
// about the wire holds for the SDK the server really uses (reference/go-mcp-sdk-semantics.md,
// "Version notes"; docs/versions.md). Which versions the module builds with, recognition reads
// from its go.mod (mcpdefs' versions.go).

// Versions are the SDK versions the analysed module builds with, from its go.mod (requires,
// with replacements applied). An empty version means the module does not say (no go.mod in
// reach, a directory replacement, or the SDK's own module): the newest behaviour is assumed.
type Versions struct {
	GoSDK, MarkLabs string
	// JSONSchemaGo and Invopop are the schema libraries' versions, for schemas the module
	// builds itself with them (mcpdefs/schemalib).
	JSONSchemaGo, Invopop string
}

// Of returns the version of sdk ("" for mcptool and unknown SDKs: mcptool runs on go-sdk,
// whose version is GoSDK).
func (v Versions) Of(sdk sdkapi.SDK) string {
	switch sdk {
	case sdkapi.GoSDK, sdkapi.MCPTool:
		return v.GoSDK
	case sdkapi.MarkLabs:
		return v.MarkLabs
	}
	return ""
}

// before reports whether version is known and older than limit.
func before(version, limit string) bool {
	return version != "" && semver.IsValid(version) && semver.Compare(version, limit) < 0
}

// inRange reports whether version is known and within [from, to).
func inRange(version, from, to string) bool {
	return version != "" && semver.IsValid(version) && semver.Compare(version, from) >= 0 && semver.Compare(version, to) < 0
}

// NilResultOutcome says what the client gets when tool handler h returns (nil, nil), or ""
// when (nil, nil) is fine for its flavour.
func (h *Handler) NilResultOutcome() string {
	switch h.Flavour {
	case GoSDKTool:
		if before(h.Version, "v1.7.0") {
			return "go-sdk " + h.Version + " sends a null result"
		}
		return "go-sdk panics"
	case MarkLabsTool, MarkLabsTypedTool:
		if before(h.Version, "v1.2.0") {
			return "mark3labs " + h.Version + " panics"
		}
		return "mark3labs answers -32603"
	}
	return ""
}

// ResourceNotFoundCode is the JSON-RPC code of go-sdk's ResourceNotFoundError for handler h:
// -32002 before v1.7.0, -32602 (invalid params) since.
func (h *Handler) ResourceNotFoundCode() int {
	if before(h.Version, "v1.7.0") {
		return -32002
	}
	return -32602
}

// InvopopTags reports whether the module's mark3labs version builds struct schemas
// (WithInputSchema/WithOutputSchema) with invopop/jsonschema, whose `jsonschema` tags are
// comma-separated key=value options (`required,description=...`) where `required` does make
// a property required: mcp-go v0.36 to v0.45.
func (v Versions) InvopopTags() bool {
	return inRange(v.MarkLabs, "v0.36.0", "v0.46.0")
}

// HeaderAnnotationsChecked reports whether the module's SDK validates the x-mcp-header
// annotations of a tool's input schema when the tool is registered, and panics on a bad one
// (SEP-2243, revision 2026-07-28): go-sdk from v1.7.0, the first release that speaks that
// revision, and mcp-go from v1.0.0 (v0.58.0 does not validate them; v1.2.1 does). Before
// those versions the server ignores the annotation and only clients of the revision judge it.
func (v Versions) HeaderAnnotationsChecked(sdk sdkapi.SDK) bool {
	switch sdk {
	case sdkapi.GoSDK, sdkapi.MCPTool:
		return !before(v.GoSDK, "v1.7.0")
	case sdkapi.MarkLabs:
		return !before(v.MarkLabs, "v1.0.0")
	}
	return false
}

// WireErrorCode says how a non-nil error returned by protocol-error handler h goes out:
// mark3labs answers -32603 (Internal error), every version from v0.25 to v1.2; go-sdk's
// low-level handlers send code 0 with the error's text (jsonrpc2's toWireError keeps the
// code of a wrapped *jsonrpc.Error only), v1.1 to v1.8.
func (h *Handler) WireErrorCode() string {
	v := h.Version
	if v != "" {
		v = " " + v
	}
	if h.SDK == sdkapi.MarkLabs {
		return "mcp-go" + v + " sends JSON-RPC -32603"
	}
	return "go-sdk" + v + " sends JSON-RPC code 0"
}

// HintOmittedWhenFalse reports whether a tool of sdk sends hint (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint) not at all when it is false, under the
// go-sdk version v holds. go-sdk (and mcptool) declares readOnlyHint and idempotentHint as
// plain bools: before v1.7.0 with omitempty, since then without. The other hints are *bool
// everywhere, and mark3labs declares all four as *bool.
func (v Versions) HintOmittedWhenFalse(sdk sdkapi.SDK, hint string) bool {
	if sdk == sdkapi.MarkLabs || (hint != "readOnlyHint" && hint != "idempotentHint") {
		return false
	}
	return before(v.GoSDK, "v1.7.0")
}

// Revision20260728 is the stateless protocol revision.
const Revision20260728 = "2026-07-28"

// revisionsByVersion lists, per SDK, the first version that speaks each protocol revision
// (go-sdk: supportedProtocolVersions at each tag; mcp-go: ValidProtocolVersions in the
// versions in the module cache, the first one seen).
var revisionsByVersion = map[sdkapi.SDK][]struct{ revision, from string }{
	sdkapi.GoSDK: {
		{"2024-11-05", "v0.0.0"}, {"2025-03-26", "v0.0.0"}, {"2025-06-18", "v0.0.0"},
		{"2025-11-25", "v1.2.0"}, {Revision20260728, "v1.7.0"},
	},
	sdkapi.MarkLabs: {
		{"2024-11-05", "v0.0.0"}, {"2025-03-26", "v0.31.0"}, {"2025-06-18", "v0.36.0"},
		{"2025-11-25", "v0.44.0"}, {Revision20260728, "v1.0.0"},
	},
}

// Revisions returns the protocol revisions the module's version of sdk speaks, oldest first
// (the newest SDK's when the version is unknown). mcptool runs on go-sdk.
func (v Versions) Revisions(sdk sdkapi.SDK) []string {
	if sdk == sdkapi.MCPTool {
		sdk = sdkapi.GoSDK
	}
	var out []string
	for _, r := range revisionsByVersion[sdk] {
		if !before(v.Of(sdk), r.from) {
			out = append(out, r.revision)
		}
	}
	return out
}
