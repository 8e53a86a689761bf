package mcpdefs

// HintOmittedWhenFalse reports whether a tool of sdk sends hint (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint) not at all when it is false, under the
// go-sdk version the module builds with (Versions). go-sdk (and mcptool) declares readOnlyHint and idempotentHint as plain bools: before v1.7.0 with omitempty, since then
// without. The other hints are *bool everywhere, and mark3labs declares all four as *bool.
func (res *Result) HintOmittedWhenFalse(sdk SDK, hint string) bool {
	if sdk == MarkLabs || (hint != "readOnlyHint" && hint != "idempotentHint") {
		return false
	}
	return before(res.Versions.GoSDK, "v1.7.0")
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
