package mcptool_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type reviewArgs struct {
	File  string  `json:"file" jsonschema:"the file to review"`
	Depth int     `json:"depth,omitempty" jsonschema:"how deep"`
	Focus *string `json:"focus" jsonschema:"what to focus on"`
}

func reviewPrompt() mcptool.Prompt[reviewArgs] {
	return mcptool.Prompt[reviewArgs]{
		Name: "review", Description: "Review a file.",
		Handler: func(_ context.Context, _ *mcp.GetPromptRequest, a reviewArgs) (*mcp.GetPromptResult, error) {
			if a.File == "missing.go" {
				return nil, mcperr.NotFound("no file missing.go", mcperr.WithReason("no_file"))
			}
			focus := "<none>"
			if a.Focus != nil {
				focus = *a.Focus
			}
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user",
				Content: &mcp.TextContent{Text: fmt.Sprintf("review %s depth=%d focus=%s", a.File, a.Depth, focus)}}}}, nil
		},
	}
}

func TestPromptArgumentsAndErrors(t *testing.T) {
	h := newHarness(t)
	mcptool.AddPrompt(h.server, reviewPrompt(), mcptool.WithLogger(h.logger))
	h.connect()

	list, err := h.session.ListPrompts(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, list.Prompts, 1)
	assert.Equal(t, []*mcp.PromptArgument{
		{Name: "file", Description: "the file to review", Required: true},
		{Name: "depth", Description: "how deep"},
		{Name: "focus", Description: "what to focus on"},
	}, list.Prompts[0].Arguments)

	res, rpcErr := h.getPrompt("review", map[string]string{"file": "a.go", "depth": "2", "focus": "errors"})
	require.Nil(t, rpcErr)
	assert.Contains(t, string(res), `"text":"review a.go depth=2 focus=errors"`)

	res, rpcErr = h.getPrompt("review", map[string]string{"file": "a.go"})
	require.Nil(t, rpcErr)
	assert.Contains(t, string(res), `"text":"review a.go depth=0 focus=\u003cnone\u003e"`)

	_, rpcErr = h.getPrompt("review", map[string]string{"depth": "2"})
	assert.JSONEq(t, `{"code":-32602,"message":"prompt \"review\" requires argument \"file\"","data":{"argument":"file"}}`, string(rpcErr))

	_, rpcErr = h.getPrompt("review", map[string]string{"file": "a.go", "depth": "deep"})
	assert.JSONEq(t, `{"code":-32602,"message":"prompt \"review\" argument \"depth\": \"deep\" is not an integer in range","data":{"argument":"depth"}}`, string(rpcErr))

	_, rpcErr = h.getPrompt("review", map[string]string{"file": "missing.go"})
	assert.JSONEq(t, `{"code":-32001,"message":"no file missing.go","data":{"reason":"no_file"}}`, string(rpcErr))
}

func TestCheckPrompt(t *testing.T) {
	assert.Empty(t, mcptool.CheckPrompt(reviewPrompt()))
	assert.Equal(t, []string{"error:name-required", "warning:description-required", "error:prompt-handler-required"},
		rules(mcptool.CheckPrompt(mcptool.Prompt[reviewArgs]{})))
	assert.Equal(t, []string{"error:schema-is-object"},
		rules(mcptool.CheckPrompt(mcptool.Prompt[string]{Name: "p", Description: "d",
			Handler: func(context.Context, *mcp.GetPromptRequest, string) (*mcp.GetPromptResult, error) { return nil, nil }})))
	assert.Equal(t, []string{"error:schema-serializable"},
		rules(mcptool.CheckPrompt(mcptool.Prompt[chanParams]{Name: "p", Description: "d",
			Handler: func(context.Context, *mcp.GetPromptRequest, chanParams) (*mcp.GetPromptResult, error) {
				return nil, nil
			}})))
}
