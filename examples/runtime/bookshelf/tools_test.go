package bookshelf_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/examples/runtime/bookshelf"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/mcplint-go/mcplint/mcptooltest"
)

// fakeCovers answers cover requests without a network.
type fakeCovers func(*http.Request) *http.Response

func (f fakeCovers) RoundTrip(r *http.Request) (*http.Response, error) { return f(r), nil }

func respond(status int, body string, header http.Header) *http.Response {
	if header == nil {
		header = http.Header{}
	}
	return &http.Response{StatusCode: status, Header: header, Body: io.NopCloser(strings.NewReader(body))}
}

func coversFor(f fakeCovers) bookshelf.Covers {
	return bookshelf.Covers{BaseURL: "https://covers.test", Client: &http.Client{Transport: f}}
}

func TestDefinitionsAreClean(t *testing.T) {
	c := bookshelf.SampleCatalog()
	for _, fs := range [][]mcptool.Finding{
		mcptool.Check(bookshelf.SearchTool(c)),
		mcptool.Check(bookshelf.GetBookTool(c)),
		mcptool.Check(bookshelf.CoverTool(c, bookshelf.Covers{})),
		mcptool.CheckResourceTemplate(bookshelf.BookResource(c)),
		mcptool.CheckPrompt(bookshelf.SimilarPrompt(c)),
	} {
		assert.Empty(t, fs)
	}
}

func TestFormatParity(t *testing.T) {
	c := bookshelf.SampleCatalog()
	mcptooltest.CheckFormatParity(t, bookshelf.SearchTool(c))
	mcptooltest.CheckFormatParity(t, bookshelf.GetBookTool(c))
	mcptooltest.CheckFormatParity(t, bookshelf.CoverTool(c, bookshelf.Covers{}))
}

func TestErrorContracts(t *testing.T) {
	c := bookshelf.SampleCatalog()
	mcptooltest.CheckErrorContract(t, bookshelf.SearchTool(c))
	mcptooltest.CheckErrorContract(t, bookshelf.GetBookTool(c))
	mcptooltest.CheckErrorContract(t, bookshelf.CoverTool(c, bookshelf.Covers{}))

	// The real handlers produce each declared reason.
	mcptooltest.CheckErrorCases(t, bookshelf.SearchTool(c), map[string]bookshelf.SearchInput{
		"empty_query": {Query: "   "},
	})
	mcptooltest.CheckErrorCases(t, bookshelf.GetBookTool(c), map[string]bookshelf.BookInput{
		"no_such_book": {ID: "bk-404"},
	})
	mcptooltest.CheckErrorCases(t, bookshelf.CoverTool(c, bookshelf.Covers{}), map[string]bookshelf.BookInput{
		"no_such_book":          {ID: "bk-404"},
		"covers_not_configured": {ID: "bk-1"},
	})
	// covers_busy depends on the cover service's state, not the input.
	var busy atomic.Bool
	covers := coversFor(func(*http.Request) *http.Response {
		if busy.Load() {
			return respond(429, "", http.Header{"Retry-After": {"5"}})
		}
		return respond(200, `{"url":"https://img.test/x.jpg","width":1,"height":1}`, nil)
	})
	mcptooltest.CheckCases(t, bookshelf.CoverTool(c, covers), map[string]mcptooltest.Case[bookshelf.BookInput]{
		"no_such_book": {In: bookshelf.BookInput{ID: "bk-404"}},
		"covers_busy": {In: bookshelf.BookInput{ID: "bk-1"}, Setup: func() func() {
			busy.Store(true)
			return func() { busy.Store(false) }
		}},
	})
}

func connect(t *testing.T, covers bookshelf.Covers) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	logger := slog.New(slog.DiscardHandler)
	server := mcp.NewServer(&mcp.Implementation{Name: "bookshelf", Version: "v0.1.0"}, &mcp.ServerOptions{Logger: logger})
	bookshelf.Register(server, bookshelf.SampleCatalog(), covers, mcptool.WithLogger(logger))
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

func structured(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	return string(b)
}

func TestSearch(t *testing.T) {
	cs := connect(t, bookshelf.Covers{})
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_books", Arguments: map[string]any{"query": "go", "limit": 1}})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Contains(t, res.Content[0].(*mcp.TextContent).Text, "1 book(s) match \"go\"; showing 1.")

	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_books", Arguments: map[string]any{"query": "cooking"}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"cooking","total":0,"books":null}`, structured(t, res))
}

func TestCoverUpstreamRateLimit(t *testing.T) {
	var asked string
	cs := connect(t, coversFor(func(r *http.Request) *http.Response {
		asked = r.URL.String()
		return respond(429, `{"error":"slow down"}`, http.Header{"Retry-After": {"12"}})
	}))
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fetch_cover", Arguments: map[string]any{"id": "bk-2"}})
	require.NoError(t, err)
	assert.Equal(t, "https://covers.test/covers/9781449373320", asked)
	assert.True(t, res.IsError)
	assert.JSONEq(t, `{"error":{"code":-32003,"message":"the cover service responded 429 Too Many Requests","data":{"reason":"covers_busy","recovery":{"hint":"Wait for data.retryAfterSeconds (or a minute), then call the tool again unchanged."},"retryable":true,"retryAfter":"12","retryAfterSeconds":12,"service":"the cover service","status":429}}}`, structured(t, res))
	assert.Equal(t, "Error: the cover service responded 429 Too Many Requests\nRecovery: Wait for data.retryAfterSeconds (or a minute), then call the tool again unchanged.\nCode: RateLimited (-32003); Reason: covers_busy; Retryable: true\nData: {\"retryAfter\":\"12\",\"retryAfterSeconds\":12,\"service\":\"the cover service\",\"status\":429}", res.Content[0].(*mcp.TextContent).Text)
}

func TestCoverSuccessAndBadUpstreamJSON(t *testing.T) {
	body := `{"url":"https://img.test/9780134190440.jpg","width":600,"height":900}`
	cs := connect(t, coversFor(func(*http.Request) *http.Response { return respond(200, body, nil) }))
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fetch_cover", Arguments: map[string]any{"id": "bk-1"}})
	require.NoError(t, err)
	assert.Equal(t, "Cover of bk-1: https://img.test/9780134190440.jpg (600x900 px)", res.Content[0].(*mcp.TextContent).Text)

	body = `<html>`
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fetch_cover", Arguments: map[string]any{"id": "bk-1"}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"error":{"code":-32013,"message":"the cover service sent an unreadable response"}}`, structured(t, res))
}

func TestBookResourceAndPrompt(t *testing.T) {
	cs := connect(t, bookshelf.Covers{})
	ctx := context.Background()
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "books://bk-3"})
	require.NoError(t, err)
	assert.Contains(t, rr.Contents[0].Text, `"title":"The Mythical Man-Month"`)
	assert.Equal(t, "application/json", rr.Contents[0].MIMEType)

	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "books://bk-404"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Resource not found")

	pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "recommend_similar", Arguments: map[string]string{"id": "bk-1", "count": "2"}})
	require.NoError(t, err)
	assert.Contains(t, pr.Messages[0].Content.(*mcp.TextContent).Text, "Suggest 2 similar books")

	_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "recommend_similar", Arguments: map[string]string{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `requires argument "id"`)
}
