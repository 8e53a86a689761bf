package mcpdefs

import (
	"go/types"
	"regexp"

	"golang.org/x/mod/semver"
)

// HintOmittedWhenFalse reports whether a tool of sdk sends hint (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint) not at all when it is false, under the SDK
// version the package is built with. go-sdk (and mcptool, which uses its types) declares
// readOnlyHint and idempotentHint as plain bools: before v1.7.0 with omitempty, since then
// without. The other hints are *bool everywhere, and mark3labs declares all four as *bool.
func (res *Result) HintOmittedWhenFalse(sdk SDK, hint string) bool {
	if sdk == MarkLabs || (hint != "readOnlyHint" && hint != "idempotentHint") {
		return false
	}
	v := res.GoSDKVersion()
	return v != "" && semver.Compare(v, "v1.7.0") < 0
}

var moduleVersion = regexp.MustCompile(`@(v[0-9]+\.[0-9]+\.[0-9]+[^/\\]*)[/\\]`)

// GoSDKVersion is the version of go-sdk the package is built with, read from where the
// module cache holds its sources; "" when it cannot be told (a replaced or vendored SDK, or
// none in reach).
func (res *Result) GoSDKVersion() string {
	if res.r == nil {
		return ""
	}
	p := res.r.sdk.pkgs[goSDKMCP]
	if p == nil {
		return ""
	}
	obj, ok := p.Scope().Lookup("ToolAnnotations").(*types.TypeName)
	if !ok || !obj.Pos().IsValid() {
		return ""
	}
	m := moduleVersion.FindStringSubmatch(res.r.pass.Fset.PositionFor(obj.Pos(), false).Filename)
	if m == nil || !semver.IsValid(m[1]) {
		return ""
	}
	return m[1]
}

// ErrorsReach says in a few words how a non-nil error returned by h reaches the client.
func (h *Handler) ErrorsReach() string {
	switch h.Errors {
	case ToolError:
		return "tool-error"
	case ProtocolError:
		return "protocol-error"
	}
	return "unknown"
}
