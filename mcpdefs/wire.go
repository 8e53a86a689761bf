package mcpdefs

// HintOmittedWhenFalse reports whether the SDK's tool annotation type leaves hint out of the
// wire when it is false: go-sdk (and mcptool, which uses its types) declares readOnlyHint and
// idempotentHint as plain bools with omitempty, the other hints as *bool; mark3labs declares
// all four as *bool.
func (s SDK) HintOmittedWhenFalse(hint string) bool {
	if s == MarkLabs {
		return false
	}
	return hint == "readOnlyHint" || hint == "idempotentHint"
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
