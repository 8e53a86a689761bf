package mcptool_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

func okHandler[In, Out any](context.Context, *mcptool.Call, In) (Out, error) {
	var o Out
	return o, nil
}

func goodTool() mcptool.Tool[lookupIn, lookupOut] {
	return mcptool.Tool[lookupIn, lookupOut]{
		Name: "good", Description: "A good tool.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_match", Code: mcperr.CodeNotFound, When: "Nothing matched.", Recovery: "Search first, then use a returned ID."},
		},
		Handler: okHandler[lookupIn, lookupOut],
	}
}

func rules(fs []mcptool.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Severity.String()+":"+f.Rule)
	}
	return out
}

func TestCheckContract(t *testing.T) {
	entry := func(mod func(*mcptool.ErrorContract)) []mcptool.ErrorContract {
		e := goodTool().Errors[0]
		mod(&e)
		return []mcptool.ErrorContract{e}
	}
	cases := []struct {
		name   string
		errors []mcptool.ErrorContract
		want   []string
	}{
		{"clean", goodTool().Errors, nil},
		{"nil contract is fine", nil, nil},
		{"empty", []mcptool.ErrorContract{}, []string{"warning:error-contract-empty"}},
		{"reason required", entry(func(e *mcptool.ErrorContract) { e.Reason = "" }), []string{"error:error-contract-reason-required"}},
		{"reason format", entry(func(e *mcptool.ErrorContract) { e.Reason = "NoMatch" }), []string{"warning:error-contract-reason-format"}},
		{"reason unique", append(goodTool().Errors, goodTool().Errors[0]), []string{"error:error-contract-reason-unique"}},
		{"when required", entry(func(e *mcptool.ErrorContract) { e.When = " " }), []string{"error:error-contract-when-required"}},
		{"recovery required", entry(func(e *mcptool.ErrorContract) { e.Recovery = "" }), []string{"error:error-contract-recovery-required"}},
		{"recovery empty", entry(func(e *mcptool.ErrorContract) { e.Recovery = " \t " }), []string{"error:error-contract-recovery-empty"}},
		{"recovery min words", entry(func(e *mcptool.ErrorContract) { e.Recovery = "Try again." }), []string{"warning:error-contract-recovery-min-words"}},
		{"recovery five words is enough", entry(func(e *mcptool.ErrorContract) { e.Recovery = "Wait a minute, then retry." }), nil},
		{"code unknown", entry(func(e *mcptool.ErrorContract) { e.Code = -32050 }), []string{"error:error-contract-code-unknown"}},
		{"code zero", entry(func(e *mcptool.ErrorContract) { e.Code = 0 }), []string{"error:error-contract-code-unknown"}},
		{"code unknown error", entry(func(e *mcptool.ErrorContract) { e.Code = mcperr.CodeUnknownError }), []string{"warning:error-contract-code-unknown-error"}},
		{"retryable on a code that is not", entry(func(e *mcptool.ErrorContract) { e.Retryable = true }), []string{"warning:error-contract-retryable-mismatch"}},
		{"retryable code without Retryable", entry(func(e *mcptool.ErrorContract) { e.Code = mcperr.CodeServiceUnavailable }), []string{"warning:error-contract-retryable-mismatch"}},
		{"retryable code, Retryable", entry(func(e *mcptool.ErrorContract) { e.Code = mcperr.CodeRateLimited; e.Retryable = true }), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tool := goodTool()
			tool.Errors = tc.errors
			assert.Equal(t, tc.want, rules(mcptool.Check(tool)))
		})
	}
}

func TestCheckDefinition(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*mcptool.Tool[lookupIn, lookupOut])
		want []string
	}{
		{"name required", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Name = "" }, []string{"error:name-required"}},
		{"name format", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Name = "get item!" }, []string{"error:name-format"}},
		{"name too long", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Name = strings.Repeat("a", 129) }, []string{"error:name-format"}},
		{"handler required", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Handler = nil }, []string{"error:handler-required"}},
		{"description required", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Description = "  " }, []string{"warning:description-required"}},
		{"blank name", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Name = " " }, []string{"error:name-required"}},
		{"blank scope", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Scopes = []string{"read", " "} }, []string{"error:auth-scope-format"}},
		{"scope with space", func(t *mcptool.Tool[lookupIn, lookupOut]) { t.Scopes = []string{"read write"} }, []string{"error:auth-scope-format"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tool := goodTool()
			tc.mod(&tool)
			assert.Equal(t, tc.want, rules(mcptool.Check(tool)))
		})
	}
}

type withChan struct {
	C chan int `json:"c"`
}

type badTag struct {
	Q string `json:"q" jsonschema:"required,description=The query"`
}

type intKeys struct {
	M map[int]string `json:"m"`
}

func TestCheckSchemas(t *testing.T) {
	assert.Equal(t, []string{"error:schema-is-object"},
		rules(mcptool.Check(mcptool.Tool[string, lookupOut]{Name: "a", Description: "d", Handler: okHandler[string, lookupOut]})))
	assert.Equal(t, []string{"error:schema-is-object"},
		rules(mcptool.Check(mcptool.Tool[lookupIn, []lookupOut]{Name: "a", Description: "d", Handler: okHandler[lookupIn, []lookupOut]})))
	assert.Equal(t, []string{"error:schema-is-object"},
		rules(mcptool.Check(mcptool.Tool[lookupIn, map[string]any]{Name: "a", Description: "d", Handler: okHandler[lookupIn, map[string]any]})))
	assert.Equal(t, []string{"error:schema-serializable"},
		rules(mcptool.Check(mcptool.Tool[withChan, lookupOut]{Name: "a", Description: "d", Handler: okHandler[withChan, lookupOut]})))
	assert.Equal(t, []string{"error:schema-serializable"},
		rules(mcptool.Check(mcptool.Tool[intKeys, lookupOut]{Name: "a", Description: "d", Handler: okHandler[intKeys, lookupOut]})))
	assert.Equal(t, []string{"error:schema-tag-syntax"},
		rules(mcptool.Check(mcptool.Tool[badTag, lookupOut]{Name: "a", Description: "d", Handler: okHandler[badTag, lookupOut]})))
	assert.Equal(t, []string{"error:schema-tag-syntax"},
		rules(mcptool.Check(mcptool.Tool[lookupIn, badTag]{Name: "a", Description: "d", Handler: okHandler[lookupIn, badTag]})))
	// Accepted shapes: any input, map input, pointer input and output.
	assert.Empty(t, mcptool.Check(mcptool.Tool[any, lookupOut]{Name: "a", Description: "d", Handler: okHandler[any, lookupOut]}))
	assert.Empty(t, mcptool.Check(mcptool.Tool[map[string]any, lookupOut]{Name: "a", Description: "d", Handler: okHandler[map[string]any, lookupOut]}))
	assert.Empty(t, mcptool.Check(mcptool.Tool[*lookupIn, *lookupOut]{Name: "a", Description: "d", Handler: okHandler[*lookupIn, *lookupOut]}))
}

func TestAddPanicsNamingToolAndRules(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	tool := goodTool()
	tool.Name = "dup"
	tool.Errors = append(tool.Errors, tool.Errors[0])
	tool.Errors[0].Code = 12
	defer func() {
		r := recover()
		require.NotNil(t, r)
		err, ok := r.(*mcptool.DefinitionError)
		require.True(t, ok, "panics with a *DefinitionError, got %T", r)
		assert.Equal(t, `mcptool.Add: tool "dup": Errors[0] (reason "no_match"): code 12 is not a known mcperr code, so clients cannot interpret it; use an mcperr.Code constant (error-contract-code-unknown); Errors[1] (reason "no_match") is declared twice (also Errors[0]): Fail("no_match") cannot tell them apart; rename one (error-contract-reason-unique)`, err.Error())
		assert.Len(t, err.Findings, 2)
	}()
	mcptool.Add(s, tool, mcptool.WithLogger(slog.New(slog.DiscardHandler)))
}

func TestAddLogsWarnings(t *testing.T) {
	var buf bytes.Buffer
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	tool := goodTool()
	tool.Description = ""
	tool.Errors[0].Recovery = "Retry."
	mcptool.Add(s, tool, mcptool.WithLogger(slog.New(slog.NewTextHandler(&buf, nil))))
	out := buf.String()
	assert.Contains(t, out, `mcptool.Add: tool \"good\": Description is empty`)
	assert.Contains(t, out, "(description-required)")
	assert.Contains(t, out, "(error-contract-recovery-min-words)")
	assert.Contains(t, out, "level=WARN")
}
