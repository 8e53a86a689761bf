package handlerrules

// HonoursErrorConversion reports whether rule leaves alone the handlers whose errors
// something between them and the client turns into tool results (Handler.ErrorsConverted):
// its findings in such a handler are wrong, wherever the conversion was seen.
func HonoursErrorConversion(rule string) bool {
	return rule == rules{}.ToolErrorAsProtocolError().Rule().ID || rule == rules{}.UpstreamErrorAsProtocolError().Rule().ID
}
