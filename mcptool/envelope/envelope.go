// Package envelope is the error envelope of tools built with mcptool: the failure modes a tool
// declares (ErrorContract) and the JSON Schema of structuredContent on an error result. It
// imports no MCP SDK, so mcplint's surface can show what mcptool.Add advertises without
// linking one; mcptool re-exports its names.
package envelope

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcplint-go/mcplint/mcperr"
)

// ErrorContract declares one failure mode of a tool: the public failure
// surface clients and agents can plan around.
type ErrorContract struct {
	// Reason is the stable snake_case identifier sent as data.reason.
	Reason string
	// Code is the JSON-RPC code the failure carries.
	Code mcperr.Code
	// When says in what situation the failure happens.
	When string
	// Recovery tells the agent what to do next (at least five words). Fail
	// and FailHTTP send it as data.recovery.hint.
	Recovery string
	// Retryable says whether an unchanged retry may succeed. Fail and
	// FailHTTP send EffectiveRetryable as data.retryable: true when set,
	// otherwise what the code implies (Code.Retryable). An entry that
	// disagrees with its code is reported at start-up
	// (error-contract-retryable-mismatch); narrow a single call with
	// mcperr.WithRetryable(false).
	Retryable bool
}

// EffectiveRetryable is the retryability Fail sends for the entry: true
// when Retryable is set, otherwise the code's default.
func (c ErrorContract) EffectiveRetryable() bool {
	return c.Retryable || c.Code.Retryable()
}

// Schema is the schema of structuredContent on an error result:
// {"error": {"code", "message", "data"}}. Only what this tool declares is
// listed (its codes in code's description, its reasons and when each applies
// in data.reason's): the schema is sent on every tools/list and read by the
// model, so every byte is paid per tool, per session. mcplint's surface uses it
// to show what mcptool.Add advertises.
func Schema(contract []ErrorContract) *jsonschema.Schema {
	falseSchema := &jsonschema.Schema{Not: &jsonschema.Schema{}}

	codeDesc := "JSON-RPC error code."
	var codes []string
	seen := map[mcperr.Code]bool{}
	for _, c := range contract {
		if !seen[c.Code] {
			seen[c.Code] = true
			codes = append(codes, strconv.Itoa(int(c.Code))+" "+c.Code.String())
		}
	}
	if len(codes) > 0 {
		codeDesc += " Declared: " + strings.Join(codes, ", ") + "."
	}
	reason := &jsonschema.Schema{
		Type:        "string",
		Description: "Stable identifier of the failure mode; switch on it, not on the message.",
	}
	for _, c := range contract {
		retry := ""
		if c.EffectiveRetryable() {
			retry = ", retryable"
		}
		reason.Description += fmt.Sprintf(" %s (%s%s): %s", c.Reason, c.Code.String(), retry, sentence(c.When))
	}
	data := &jsonschema.Schema{
		Type:        "object",
		Description: "Structured context for recovery. Other keys (retryAfter, status, ...) may appear.",
		Properties: map[string]*jsonschema.Schema{
			mcperr.DataKeyReason: reason,
			mcperr.DataKeyRecovery: {
				Type:       "object",
				Properties: map[string]*jsonschema.Schema{"hint": {Type: "string", Description: "What to do next."}},
			},
			mcperr.DataKeyRetryable: {Type: "boolean", Description: "Whether retrying the same call unchanged may succeed."},
		},
		PropertyOrder: []string{mcperr.DataKeyReason, mcperr.DataKeyRecovery, mcperr.DataKeyRetryable},
	}
	errObj := &jsonschema.Schema{
		Type:        "object",
		Description: "The tool failed; content[] carries the same error as text.",
		Properties: map[string]*jsonschema.Schema{
			"code":    {Type: "integer", Description: codeDesc},
			"message": {Type: "string"},
			"data":    data,
		},
		PropertyOrder:        []string{"code", "message", "data"},
		Required:             []string{"code", "message"},
		AdditionalProperties: falseSchema,
	}
	return &jsonschema.Schema{
		Type:                 "object",
		Properties:           map[string]*jsonschema.Schema{"error": errObj},
		Required:             []string{"error"},
		AdditionalProperties: falseSchema,
	}
}

// sentence trims s and ends it with a full stop unless it already ends
// with terminal punctuation.
func sentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// AdvertisedOutputDescription describes the output schema mcptool.Add advertises:
// {"type": "object", "description": this, "anyOf": [output, error envelope]}.
const AdvertisedOutputDescription = "The tool's output; when isError is true, an object with a single key \"error\" instead."
