package mcpmodel

import (
	"strconv"

	"golang.org/x/mod/semver"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/wiretable"
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

// OldestGoSDK is the go-sdk version recognition reads the API of from on: the pre-release v0
// API (mcp.NewServerTool, ToolHandlerFor over a *ServerSession and *CallToolParamsFor) is
// another, and its tools are not found. mcp-go's older versions are read (mcp-nutanix builds
// with v0.17.1, and every one of its 39 tools is found).
const OldestGoSDK = "v1.0.0"

// Unsupported names the SDK versions of v that recognition does not read, for the SDKs in
// uses ("go-sdk v0.1.0 (before v1.0.0)").
func (v Versions) Unsupported(uses func(sdkapi.SDK) bool) []string {
	if before(v.GoSDK, OldestGoSDK) && uses(sdkapi.GoSDK) {
		return []string{"go-sdk " + v.GoSDK + " (before " + OldestGoSDK + ")"}
	}
	return nil
}

// before reports whether version is known and older than limit.
func before(version, limit string) bool {
	return version != "" && semver.IsValid(version) && semver.Compare(version, limit) < 0
}

// inRange reports whether version is known and within [from, to).
func inRange(version, from, to string) bool {
	return version != "" && semver.IsValid(version) && semver.Compare(version, from) >= 0 && semver.Compare(version, to) < 0
}

// HasSetError reports whether the go-sdk version handler h builds with has
// (*CallToolResult).SetError: v1.3.0 on (checked in the module proxy's v1.2.0 and v1.3.1
// sources), and the newest when the version is unknown.
func (h *Handler) HasSetError() bool {
	return h.SDK == sdkapi.GoSDK && !before(h.Version, "v1.3.0")
}

// NilResultOutcome says what the client gets when tool handler h returns (nil, nil), as
// measured on the SDK version the module pins (mcpdefs/wiretable), or "" when (nil, nil) is
// fine for its flavour.
func (h *Handler) NilResultOutcome() string {
	switch h.Flavour {
	case GoSDKTool:
		return stdioClause(sdkapi.GoSDK, h.Version, "lowlevel-nil-nil")
	case MarkLabsTool, MarkLabsTypedTool:
		return stdioClause(sdkapi.MarkLabs, h.Version, "tool-nil-nil")
	}
	return ""
}

// ResourceNotFoundCode is the JSON-RPC code of go-sdk's ResourceNotFoundError for handler h,
// as measured on the module's go-sdk version (-32002 before v1.7.0, -32602 since): the code
// the newest revision the version speaks gets.
func (h *Handler) ResourceNotFoundCode() int {
	facts := wiretable.Facts(sdkName(sdkapi.GoSDK), h.Version, "resource-not-found")
	if len(facts) == 0 {
		return -32602
	}
	code, _ := wiretable.Code(facts[len(facts)-1].Answer)
	n, err := strconv.Atoi(code)
	if err != nil {
		return -32602
	}
	return n
}

// InvopopTags reports whether the module's mark3labs version builds struct schemas
// (WithInputSchema/WithOutputSchema) with invopop/jsonschema, whose `jsonschema` tags are
// comma-separated key=value options (`required,description=...`) where `required` does make
// a property required: mcp-go v0.36 to v0.45.
func (v Versions) InvopopTags() bool {
	return inRange(v.MarkLabs, "v0.36.0", "v0.46.0")
}

// HeaderAnnotationsChecked reports whether the module's SDK validates the x-mcp-header
// annotations of a tool's input schema when the tool is registered, and exits the process at
// start-up on a bad one (SEP-2243, revision 2026-07-28), as measured: go-sdk from v1.7.0 and
// mcp-go from v1.0.0. Before those versions the server ignores the annotation and only clients
// of the revision judge it.
func (v Versions) HeaderAnnotationsChecked(sdk sdkapi.SDK) bool {
	if sdk == sdkapi.MCPTool {
		sdk = sdkapi.GoSDK
	}
	name := sdkName(sdk)
	if name == "" {
		return false
	}
	for _, f := range wiretable.Facts(name, v.Of(sdk), "x-mcp-header-invalid") {
		if wiretable.Exits(f.Answer) {
			return true
		}
	}
	return false
}

// WireErrorCode says how a non-nil error returned by protocol-error handler h goes out, as
// measured on the module's SDK version: mcp-go answers -32603, go-sdk's low-level handlers
// send code 0 with the error's text.
func (h *Handler) WireErrorCode() string {
	if h.SDK == sdkapi.MarkLabs {
		return wireClause(sdkapi.MarkLabs, h.Version, "tool-error")
	}
	return wireClause(sdkapi.GoSDK, h.Version, "lowlevel-error")
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

// Revisions returns the protocol revisions the module's version of sdk answers the handshake
// with, oldest first, as measured (the newest SDK's when the version is unknown). mcptool runs
// on go-sdk.
func (v Versions) Revisions(sdk sdkapi.SDK) []string {
	if sdk == sdkapi.MCPTool {
		sdk = sdkapi.GoSDK
	}
	name := sdkName(sdk)
	if name == "" {
		return nil
	}
	return wiretable.Revisions(name, v.Of(sdk))
}

// Recovery is what recognition knows of a server's panic recovery.
type Recovery int

const (
	// RecoveryUnknown: the handler's package builds no server of its SDK, so its options are
	// not in sight.
	RecoveryUnknown Recovery = iota
	// RecoveryOff: the package builds the server and installs no recovery.
	RecoveryOff
	// RecoveryOn: mark3labs WithRecovery(), or a go-sdk receiving middleware that recovers.
	RecoveryOn
)

// PanicOutcome says what the client gets when tool handler h panics, as measured on the SDK
// version the module pins, under recovery. Where the process crashes over stdio but not over
// Streamable HTTP (mcp-go: net/http recovers the request's goroutine), it says "crashes a
// stdio server"; where recovery is unknown and the SDK would crash, it adds "without
// recovery". "" for flavours the table does not measure.
func (h *Handler) PanicOutcome(recovery Recovery) string {
	var sdk sdkapi.SDK
	var outcome string
	switch h.Flavour {
	case GoSDKTool:
		sdk, outcome = sdkapi.GoSDK, "lowlevel-panic"
	case GoSDKTypedTool:
		sdk, outcome = sdkapi.GoSDK, "typed-panic"
	case MarkLabsTool, MarkLabsTypedTool:
		sdk, outcome = sdkapi.MarkLabs, "tool-panic"
	case AdaptedTool:
		// A function an adapter of the module calls from an SDK handler: the panic reaches
		// that handler's SDK unless the adapter recovers (then "without recovery" says so).
		switch h.SDK {
		case sdkapi.GoSDK:
			sdk, outcome = sdkapi.GoSDK, "lowlevel-panic"
		case sdkapi.MarkLabs:
			sdk, outcome = sdkapi.MarkLabs, "tool-panic"
		default:
			return ""
		}
		if recovery == RecoveryOff {
			recovery = RecoveryUnknown
		}
	default:
		return ""
	}
	if recovery == RecoveryOn {
		return wireClause(sdk, h.Version, outcome+"-recovered")
	}
	clause := stdioClause(sdk, h.Version, outcome)
	stdioAny := false
	for _, f := range wiretable.Facts(sdkName(sdk), h.Version, outcome) {
		stdioAny = stdioAny || wiretable.Exits(f.Answer)
	}
	if recovery == RecoveryUnknown && stdioAny {
		clause += " without recovery"
	}
	return clause
}

// ValidatesArguments reports whether go-sdk, at the module's version, rejects a call whose
// arguments fail the tool's input schema, as measured: typed tools (mcp.AddTool) are
// validated, low-level ones ((*Server).AddTool) are not.
func (v Versions) ValidatesArguments(typed bool) bool {
	outcome := "lowlevel-args-invalid"
	if typed {
		outcome = "typed-args-invalid"
	}
	facts := wiretable.Facts("go-sdk", v.GoSDK, outcome)
	for _, f := range facts {
		if _, isErr := wiretable.Code(f.Answer); !isErr && !wiretable.ToolError(f.Answer) {
			return false
		}
	}
	return len(facts) > 0
}
