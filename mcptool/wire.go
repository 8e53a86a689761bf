package mcptool

import (
	"encoding/json"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
)

// WireError is structuredContent.error of an error result.
type WireError struct {
	Code    mcperr.Code     `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// ErrorResult returns the tool result a client receives for err, with
// error-path parity: isError, a text content of
//
//	Error: <message>
//	Recovery: <hint>                              (when set)
//	Code: <Name> (<code>); Reason: <r>; Retryable: <bool>   (reason, retryable when set)
//	Data: <other data as JSON>                    (when any)
//
// and structuredContent {"error": {"code", "message", "data"}}. An
// *mcperr.Error anywhere in err's chain supplies code, message and data;
// any other error is classified and contributes only its code and message.
// Add uses it for every failure; low-level go-sdk handlers may call it too.
//
// Its text goes through mcperr.Redact, as Add's does by default.
func ErrorResult(err error) *mcp.CallToolResult {
	return options{}.errorResult(err)
}

func (o options) errorResult(err error) *mcp.CallToolResult {
	e := toolError(err)
	data := o.redactData(wireData(e, o.logger))
	we := WireError{Code: e.Code(), Message: o.redact(e.Message()), Data: data}
	sc, merr := json.Marshal(map[string]WireError{"error": we})
	if merr != nil {
		// Unreachable: data was marshalled key by key above.
		we.Data = nil
		sc, _ = json.Marshal(map[string]WireError{"error": we})
	}
	res := &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: o.redact(errorText(e, data))}},
		StructuredContent: json.RawMessage(sc),
		IsError:           true,
	}
	res.SetError(err) // for go-sdk middleware (GetError); not sent
	return res
}

// toolError picks what the client may see of err: an *mcperr.Error as
// built, a wrapped *jsonrpc.Error's code and message, or the classifier's
// code and the error text, never data or causes of unclassified errors.
func toolError(err error) *mcperr.Error {
	if err == nil {
		return mcperr.InternalError("tool failed without an error")
	}
	if e, ok := mcperr.As(err); ok {
		return e
	}
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire != nil {
		code := mcperr.Code(wire.Code)
		if !code.Known() {
			code = mcperr.CodeInternalError
		}
		return mcperr.New(code, wire.Message)
	}
	c := mcperr.Classify(err)
	return mcperr.New(c.Code(), c.Message())
}

// wireData marshals e's data key by key, dropping (and logging) any value
// that does not marshal rather than losing the whole error.
func wireData(e *mcperr.Error, logger *slog.Logger) json.RawMessage {
	data := e.Data()
	if len(data) == 0 {
		return nil
	}
	clean := make(map[string]json.RawMessage, len(data))
	for _, k := range slices.Sorted(maps.Keys(data)) {
		b, err := json.Marshal(data[k])
		if err != nil {
			if logger != nil {
				logger.Warn("mcptool: error data value does not marshal to JSON; dropped", "key", k, "error", err)
			}
			continue
		}
		clean[k] = b
	}
	if len(clean) == 0 {
		return nil
	}
	b, err := json.Marshal(clean)
	if err != nil {
		return nil
	}
	return b
}

// errorText renders the text surface from the same values as the
// structured one, so the two cannot disagree.
func errorText(e *mcperr.Error, data json.RawMessage) string {
	var b strings.Builder
	b.WriteString("Error: ")
	b.WriteString(e.Message())
	if hint := e.Recovery(); hint != "" {
		b.WriteString("\nRecovery: ")
		b.WriteString(hint)
	}
	b.WriteString("\nCode: ")
	b.WriteString(e.Code().String())
	b.WriteString(" (")
	b.WriteString(strconv.Itoa(int(e.Code())))
	b.WriteString(")")
	if r := e.Reason(); r != "" {
		b.WriteString("; Reason: ")
		b.WriteString(r)
	}
	if r, ok := e.RetryableSet(); ok {
		b.WriteString("; Retryable: ")
		b.WriteString(strconv.FormatBool(r))
	}
	if rest := otherData(data); rest != "" {
		b.WriteString("\nData: ")
		b.WriteString(rest)
	}
	return b.String()
}

// otherData is the data minus the keys already rendered on their own lines.
func otherData(data json.RawMessage) string {
	if len(data) == 0 {
		return ""
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	delete(m, mcperr.DataKeyReason)
	delete(m, mcperr.DataKeyRetryable)
	if r, ok := m[mcperr.DataKeyRecovery]; ok {
		var hint struct {
			Hint string `json:"hint"`
		}
		// Rendered as "Recovery:" when it is exactly {"hint": "..."}.
		if json.Unmarshal(r, &hint) == nil && hint.Hint != "" {
			var keys map[string]json.RawMessage
			if json.Unmarshal(r, &keys) == nil && len(keys) == 1 {
				delete(m, mcperr.DataKeyRecovery)
			}
		}
	}
	if len(m) == 0 {
		return ""
	}
	b, err := json.Marshal(m)
	if err != nil {
		return ""
	}
	return string(b)
}

// protocolError converts a resource or prompt handler's error to the
// JSON-RPC error go-sdk sends: the mcperr code and message, data only for an
// *mcperr.Error, and not-found as go-sdk's mcp.ResourceNotFoundError when
// notFoundURI is set.
func (o options) protocolError(err error, notFoundURI string) error {
	if wire, ok := err.(*jsonrpc.Error); ok {
		return o.redactWire(wire)
	}
	e := toolError(err)
	if notFoundURI != "" && e.Code() == mcperr.CodeNotFound {
		return mcp.ResourceNotFoundError(notFoundURI)
	}
	return &jsonrpc.Error{Code: int64(e.Code()), Message: o.redact(e.Message()), Data: o.redactData(wireData(e, nil))}
}

// redact is mcperr.Redact unless the options keep secrets.
func (o options) redact(s string) string {
	if o.keepSecrets {
		return s
	}
	return mcperr.Redact(s)
}

// redactData redacts the JSON text of error data; data that redaction would leave invalid
// JSON is dropped rather than sent unredacted.
func (o options) redactData(data json.RawMessage) json.RawMessage {
	if o.keepSecrets || len(data) == 0 {
		return data
	}
	r := json.RawMessage(mcperr.Redact(string(data)))
	if !json.Valid(r) {
		return nil
	}
	return r
}

// redactWire returns a handler's own *jsonrpc.Error with its message and data redacted: a
// copy, so the handler's value is left as it was.
func (o options) redactWire(w *jsonrpc.Error) *jsonrpc.Error {
	if o.keepSecrets || w == nil {
		return w
	}
	c := *w
	c.Message = o.redact(c.Message)
	c.Data = o.redactData(c.Data)
	return &c
}
