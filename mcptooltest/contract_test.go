package mcptooltest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/mcplint-go/mcplint/mcptooltest"
)

type searchIn struct {
	Query string `json:"query" jsonschema:"what to search for"`
}

type searchOut struct {
	Hits []string `json:"hits" jsonschema:"matching IDs"`
}

func searchTool() mcptool.Tool[searchIn, searchOut] {
	return mcptool.Tool[searchIn, searchOut]{
		Name: "search", Description: "Search items.",
		Errors: []mcptool.ErrorContract{
			{Reason: "empty_query", Code: mcperr.CodeValidationError, When: "The query is blank.", Recovery: "Pass a non-empty query string and call again."},
			{Reason: "index_busy", Code: mcperr.CodeServiceUnavailable, When: "The index is rebuilding.", Recovery: "Wait a minute, then retry the same search.", Retryable: true},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in searchIn) (searchOut, error) {
			switch in.Query {
			case "":
				return searchOut{}, call.Fail("empty_query", "query is empty", call.RecoveryFor("empty_query"))
			case "busy":
				return searchOut{}, call.Fail("index_busy", "")
			case "wrong-code":
				return searchOut{}, mcperr.NotFound("nothing", mcperr.WithReason("index_busy"))
			case "plain":
				return searchOut{}, errors.New("index rebuilding")
			}
			return searchOut{Hits: []string{in.Query}}, nil
		},
	}
}

func TestCheckErrorContractPasses(t *testing.T) {
	r := &recorder{}
	mcptooltest.CheckErrorContract(r, searchTool())
	assert.Empty(t, r.errors)
	mcptooltest.CheckErrorContract(t, searchTool())
}

func TestCheckErrorContractReportsBadContract(t *testing.T) {
	tool := searchTool()
	tool.Errors[1].Code = 7
	r := &recorder{}
	mcptooltest.CheckErrorContract(r, tool)
	require.Len(t, r.errors, 1)
	assert.Contains(t, r.errors[0], "(error-contract-code-unknown)")
}

func (strictLevel) EnumValues() []any { return []any{strictLevel("low"), strictLevel("high")} }

type strictLevel string

type strictIn2 struct {
	Level strictLevel `json:"level" jsonschema:"how strict"`
}

func TestCheckErrorContractWithInvalidZeroInput(t *testing.T) {
	tool := mcptool.Tool[strictIn2, searchOut]{
		Name: "strict", Description: "d",
		Errors:  searchTool().Errors,
		Handler: func(context.Context, *mcptool.Call, strictIn2) (searchOut, error) { return searchOut{}, nil },
	}
	r := &recorder{}
	mcptooltest.CheckErrorContract(r, tool)
	require.Len(t, r.errors, 2)
	assert.Contains(t, r.errors[0], "the arguments were rejected before the handler ran")

	r = &recorder{}
	mcptooltest.CheckErrorContractWith(r, tool, strictIn2{Level: "high"})
	assert.Empty(t, r.errors)
}

func TestCheckErrorCases(t *testing.T) {
	r := &recorder{}
	mcptooltest.CheckErrorCases(r, searchTool(), map[string]searchIn{
		"empty_query": {Query: ""},
		"index_busy":  {Query: "busy"},
	})
	assert.Empty(t, r.errors)
	assert.Empty(t, r.logs)

	r = &recorder{}
	mcptooltest.CheckErrorCases(r, searchTool(), map[string]searchIn{
		"index_busy": {Query: "wrong-code"},
		"nope":       {Query: "x"},
	})
	require.Len(t, r.errors, 2, "%v", r.errors)
	assert.Contains(t, r.errors[0], `reason "index_busy": code -32001 (NotFound), the contract declares -32000 (ServiceUnavailable)`)
	assert.Contains(t, r.errors[1], `case for reason "nope", which the contract does not declare`)
	require.Len(t, r.logs, 1)
	assert.Contains(t, r.logs[0], "no case for reason(s) empty_query")

	r = &recorder{}
	mcptooltest.CheckErrorCases(r, searchTool(), map[string]searchIn{"index_busy": {Query: "plain"}})
	require.Len(t, r.errors, 2, "%v", r.errors)
	assert.Contains(t, r.errors[0], "code -32603 (InternalError), the contract declares -32000 (ServiceUnavailable)")
	assert.Contains(t, r.errors[1], `data.reason is ""; the handler did not fail with this reason`)
	r = &recorder{}
	mcptooltest.CheckErrorCases(r, searchTool(), map[string]searchIn{"index_busy": {Query: "ok"}})
	require.Len(t, r.errors, 1)
	assert.Contains(t, r.errors[0], "the result is not an error")
}

// An entry whose code is retryable but which leaves Retryable unset is sent
// as retryable (the code's default); the check expects what is sent.
func TestCheckErrorContractUsesTheCodesRetryability(t *testing.T) {
	tool := searchTool()
	tool.Errors[1].Retryable = false
	r := &recorder{}
	mcptooltest.CheckErrorContract(r, tool)
	assert.Empty(t, r.errors)
}
