package mcptool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcptool"
)

type echoIn struct {
	Text string `json:"text" jsonschema:"text to echo"`
}

type echoOut struct {
	Text  string `json:"text" jsonschema:"the text"`
	Count int    `json:"count,omitempty" jsonschema:"how many"`
}

func echoTool(format func(echoOut) []mcp.Content) mcptool.Tool[echoIn, echoOut] {
	return mcptool.Tool[echoIn, echoOut]{
		Name: "echo", Description: "Echo text back.",
		Handler: func(_ context.Context, _ *mcptool.Call, in echoIn) (echoOut, error) {
			return echoOut{Text: in.Text, Count: len(in.Text)}, nil
		},
		Format: format,
	}
}

func register[In, Out any](t *testing.T, tool mcptool.Tool[In, Out]) *harness {
	h := newHarness(t)
	mcptool.Add(h.server, tool, mcptool.WithLogger(h.logger))
	h.connect()
	return h
}

func TestFormatIsTheTextSurface(t *testing.T) {
	h := register(t, echoTool(func(o echoOut) []mcp.Content {
		return []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%s (%d chars)", o.Text, o.Count)}}
	}))
	res, _ := h.callTool("echo", map[string]any{"text": "hi"})
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"hi (2 chars)"}],"structuredContent":{"text":"hi","count":2},"resultType":"complete"}`, string(res))
}

func TestNilFormatRendersJSON(t *testing.T) {
	h := register(t, echoTool(nil))
	res, _ := h.callTool("echo", map[string]any{"text": "hi"})
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"{\"text\":\"hi\",\"count\":2}"}],"structuredContent":{"text":"hi","count":2},"resultType":"complete"}`, string(res))
}

func TestEmptyFormatFallsBackToJSON(t *testing.T) {
	h := register(t, echoTool(func(echoOut) []mcp.Content { return nil }))
	res, _ := h.callTool("echo", map[string]any{"text": "hi"})
	assert.Contains(t, string(res), `"content":[{"type":"text","text":"{\"text\":\"hi\",\"count\":2}"}]`)
}

func TestFormatPanicIsAnInternalError(t *testing.T) {
	h := register(t, echoTool(func(o echoOut) []mcp.Content {
		var p *echoOut
		return []mcp.Content{&mcp.TextContent{Text: p.Text}}
	}))
	res, rpcErr := h.callTool("echo", map[string]any{"text": "hi"})
	require.Nil(t, rpcErr)
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"Error: tool \"echo\" could not render its output; the server logged the details\nCode: InternalError (-32603)"}],"structuredContent":{"error":{"code":-32603,"message":"tool \"echo\" could not render its output; the server logged the details"}},"isError":true,"resultType":"complete"}`, string(res))
}

type ptrOut struct {
	N int `json:"n" jsonschema:"a number"`
}

func TestNilPointerOutputIsTheZeroValue(t *testing.T) {
	var formatted *ptrOut
	h := register(t, mcptool.Tool[echoIn, *ptrOut]{
		Name: "nilout", Description: "Returns nothing.",
		Handler: func(context.Context, *mcptool.Call, echoIn) (*ptrOut, error) { return nil, nil },
		Format: func(o *ptrOut) []mcp.Content {
			formatted = o
			return []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(o.N)}}
		},
	})
	res, _ := h.callTool("nilout", map[string]any{"text": "x"})
	assert.JSONEq(t, `{`+meta+`,"content":[{"type":"text","text":"0"}],"structuredContent":{"n":0},"resultType":"complete"}`, string(res))
	require.NotNil(t, formatted, "Format never sees a nil pointer")
}

// badJSON marshals to a shape its inferred schema rejects.
type badJSON struct {
	N int `json:"n" jsonschema:"a number"`
}

func (badJSON) MarshalJSON() ([]byte, error) { return []byte(`{"n":"not a number"}`), nil }

func TestOutputThatBreaksItsSchemaIsAnInternalError(t *testing.T) {
	h := register(t, mcptool.Tool[echoIn, badJSON]{
		Name: "bad", Description: "Returns a broken value.",
		Handler: func(context.Context, *mcptool.Call, echoIn) (badJSON, error) { return badJSON{}, nil },
	})
	res, _ := h.callTool("bad", map[string]any{"text": "x"})
	assert.Contains(t, string(res), `"structuredContent":{"error":{"code":-32603,"message":"tool \"bad\" produced output that does not match its output schema; the server logged the details"}}`)
	assert.Contains(t, h.logs.String(), "does not match its output schema")
}

type unmarshalable struct {
	F float64 `json:"f" jsonschema:"a float"`
}

func TestOutputThatCannotMarshalIsASerializationError(t *testing.T) {
	h := register(t, mcptool.Tool[echoIn, unmarshalable]{
		Name: "nan", Description: "Returns NaN.",
		Handler: func(context.Context, *mcptool.Call, echoIn) (unmarshalable, error) {
			zero := 0.0
			return unmarshalable{F: zero / zero}, nil
		},
	})
	res, _ := h.callTool("nan", map[string]any{"text": "x"})
	assert.Contains(t, string(res), `"code":-32013`)
}

type status string

const (
	statusOpen   status = "open"
	statusClosed status = "closed"
)

func (status) EnumValues() []any { return []any{statusOpen, statusClosed} }

type filterIn struct {
	Status status  `json:"status" jsonschema:"which items"`
	Prev   *status `json:"prev,omitempty" jsonschema:"previous status"`
	Limit  int     `json:"limit,omitempty" jsonschema:"max items"`
}

func TestEnumsReachTheSchemaAndAreEnforced(t *testing.T) {
	h := register(t, mcptool.Tool[filterIn, echoOut]{
		Name: "filter", Description: "Filter items.",
		Handler: func(_ context.Context, _ *mcptool.Call, in filterIn) (echoOut, error) {
			return echoOut{Text: string(in.Status)}, nil
		},
	})
	list, err := h.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	b, _ := json.Marshal(list.Tools[0].InputSchema)
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(b, &schema))
	assert.JSONEq(t, `{"type":"string","enum":["open","closed"],"description":"which items"}`, string(schema.Properties["status"]))
	assert.JSONEq(t, `{"type":["null","string"],"enum":["open","closed",null],"description":"previous status"}`, string(schema.Properties["prev"]))

	res, _ := h.callTool("filter", map[string]any{"status": "closed", "prev": nil})
	assert.Contains(t, string(res), `"structuredContent":{"text":"closed"}`)
	res, _ = h.callTool("filter", map[string]any{"status": "archived"})
	assert.Contains(t, string(res), `"isError":true`)
	assert.Contains(t, string(res), `"code":-32602`)
}

func TestErrorResultForLowLevelHandlers(t *testing.T) {
	r := mcptool.ErrorResult(fmt.Errorf("wrapped: %w", fmt.Errorf("user not found")))
	assert.True(t, r.IsError)
	assert.Equal(t, "Error: wrapped: user not found\nCode: NotFound (-32001)", r.Content[0].(*mcp.TextContent).Text)
	assert.JSONEq(t, `{"error":{"code":-32001,"message":"wrapped: user not found"}}`, string(r.StructuredContent.(json.RawMessage)))
	assert.Error(t, r.GetError())
}
