package bookshelf

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// SearchInput is the search_books arguments.
type SearchInput struct {
	Query string `json:"query" jsonschema:"words to look for in titles, authors and tags"`
	Limit int    `json:"limit,omitempty" jsonschema:"most books to return; 0 means all"`
}

// SearchOutput is the search_books result.
type SearchOutput struct {
	Query string `json:"query" jsonschema:"the query as received"`
	Total int    `json:"total" jsonschema:"how many books matched before the limit"`
	Books []Book `json:"books" jsonschema:"the matching books"`
}

// SearchTool finds books.
func SearchTool(c *Catalog) mcptool.Tool[SearchInput, SearchOutput] {
	return mcptool.Tool[SearchInput, SearchOutput]{
		Name:        "search_books",
		Title:       "Search books",
		Description: "Search the catalog by title, author or tag. Returns matching books with their availability; no match gives total 0.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		Errors: []mcptool.ErrorContract{
			{Reason: "empty_query", Code: mcperr.CodeValidationError, When: "The query is empty or only whitespace.",
				Recovery: "Pass at least one word from a title, an author or a tag."},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in SearchInput) (SearchOutput, error) {
			q := strings.TrimSpace(in.Query)
			if q == "" {
				return SearchOutput{}, call.Fail("empty_query", "the query is empty")
			}
			// No match is an answer, not a failure: the agent sees Total 0.
			books, total := c.Search(q, in.Limit)
			return SearchOutput{Query: q, Total: total, Books: books}, nil
		},
		Format: func(o SearchOutput) []mcp.Content {
			var b strings.Builder
			fmt.Fprintf(&b, "%d book(s) match %q; showing %d.\n", o.Total, o.Query, len(o.Books))
			for _, bk := range o.Books {
				b.WriteString(formatBook(bk))
			}
			return []mcp.Content{&mcp.TextContent{Text: b.String()}}
		},
	}
}

// BookInput names one book.
type BookInput struct {
	ID string `json:"id" jsonschema:"catalog ID, such as bk-1"`
}

// GetBookTool returns one book.
func GetBookTool(c *Catalog) mcptool.Tool[BookInput, Book] {
	return mcptool.Tool[BookInput, Book]{
		Name:        "get_book",
		Title:       "Get a book",
		Description: "Get one book by its catalog ID, with its availability.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		Errors: []mcptool.ErrorContract{
			{Reason: "no_such_book", Code: mcperr.CodeNotFound, When: "No book has the ID.",
				Recovery: "Call search_books to find the book's catalog ID."},
		},
		Handler: func(_ context.Context, call *mcptool.Call, in BookInput) (Book, error) {
			b, ok := c.Get(in.ID)
			if !ok {
				return Book{}, call.Fail("no_such_book", fmt.Sprintf("no book has ID %q", in.ID))
			}
			return b, nil
		},
		Format: func(b Book) []mcp.Content {
			return []mcp.Content{&mcp.TextContent{Text: formatBook(b)}}
		},
	}
}

func formatBook(b Book) string {
	s := fmt.Sprintf("- %s: %q by %s (%d), ISBN %s, %s", b.ID, b.Title, b.Author, b.Year, b.ISBN, b.Status)
	if len(b.Tags) > 0 {
		s += ", tags: " + strings.Join(b.Tags, ", ")
	}
	return s + "\n"
}

// Covers configures the upstream cover service.
type Covers struct {
	// BaseURL is the cover service's root; empty disables the cover tool's
	// upstream calls (it then reports a ConfigurationError).
	BaseURL string
	// Client makes the HTTP calls.
	Client *http.Client
}

// CoverOutput is the fetch_cover result.
type CoverOutput struct {
	ID     string `json:"id" jsonschema:"the book's catalog ID"`
	URL    string `json:"url" jsonschema:"where the cover image is"`
	Width  int    `json:"width" jsonschema:"image width in pixels"`
	Height int    `json:"height" jsonschema:"image height in pixels"`
}

// CoverTool looks up a book's cover image with the upstream cover service.
func CoverTool(c *Catalog, covers Covers) mcptool.Tool[BookInput, CoverOutput] {
	return mcptool.Tool[BookInput, CoverOutput]{
		Name:        "fetch_cover",
		Title:       "Fetch a cover",
		Description: "Find the cover image of a book by its catalog ID, using the cover service.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		Errors: []mcptool.ErrorContract{
			{Reason: "no_such_book", Code: mcperr.CodeNotFound, When: "No book has the ID.",
				Recovery: "Call search_books to find the book's catalog ID."},
			{Reason: "covers_not_configured", Code: mcperr.CodeConfigurationError, When: "The server has no cover service URL, or an invalid one.",
				Recovery: "Tell the user the server operator must set BOOKSHELF_COVERS_URL; do not retry."},
			{Reason: "covers_busy", Code: mcperr.CodeRateLimited, When: "The cover service is rate limiting this server.",
				Recovery: "Wait for data.retryAfterSeconds (or a minute), then call the tool again unchanged.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in BookInput) (CoverOutput, error) {
			b, ok := c.Get(in.ID)
			if !ok {
				return CoverOutput{}, call.Fail("no_such_book", fmt.Sprintf("no book has ID %q", in.ID))
			}
			if covers.BaseURL == "" {
				return CoverOutput{}, call.Fail("covers_not_configured", "")
			}
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(covers.BaseURL, "/")+"/covers/"+url.PathEscape(b.ISBN), nil)
			if err != nil {
				return CoverOutput{}, call.Fail("covers_not_configured", "the cover service URL is invalid", mcperr.WithCause(err))
			}
			resp, err := covers.Client.Do(req)
			if err != nil {
				return CoverOutput{}, mcperr.ServiceUnavailable("the cover service is unreachable", mcperr.WithCause(err), mcperr.WithRetryable(true))
			}
			switch {
			case resp.StatusCode == http.StatusTooManyRequests:
				// A declared failure: its code, recovery and retryability, plus
				// the status and Retry-After. The body is closed, not sent.
				return CoverOutput{}, call.FailHTTP("covers_busy", resp, mcperr.WithService("the cover service"))
			case resp.StatusCode != http.StatusOK:
				// Code from the status, Retry-After kept, body closed, not sent.
				return CoverOutput{}, mcperr.FromHTTPResponse(resp, mcperr.WithService("the cover service"))
			}
			defer resp.Body.Close()
			var body struct {
				URL    string `json:"url"`
				Width  int    `json:"width"`
				Height int    `json:"height"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				return CoverOutput{}, mcperr.SerializationError("the cover service sent an unreadable response", mcperr.WithCause(err))
			}
			return CoverOutput{ID: b.ID, URL: body.URL, Width: body.Width, Height: body.Height}, nil
		},
		Format: func(o CoverOutput) []mcp.Content {
			return []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Cover of %s: %s (%dx%d px)", o.ID, o.URL, o.Width, o.Height)}}
		},
	}
}

// BookParams are the variables of the book resource template.
type BookParams struct {
	ID string `uri:"id"`
}

// BookResource serves each book as JSON at books://{id}.
func BookResource(c *Catalog) mcptool.ResourceTemplate[BookParams] {
	return mcptool.ResourceTemplate[BookParams]{
		URITemplate: "books://{id}",
		Name:        "book",
		Title:       "Book",
		Description: "One catalog entry as JSON.",
		MIMEType:    "application/json",
		Handler: func(_ context.Context, req *mcp.ReadResourceRequest, p BookParams) (*mcp.ReadResourceResult, error) {
			b, ok := c.Get(p.ID)
			if !ok {
				return nil, mcperr.NotFound(fmt.Sprintf("no book has ID %q", p.ID))
			}
			data, err := json.Marshal(b)
			if err != nil {
				return nil, mcperr.SerializationError("the book could not be encoded", mcperr.WithCause(err))
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: string(data)}}}, nil
		},
	}
}

// SimilarArgs are the recommend_similar prompt's arguments.
type SimilarArgs struct {
	ID    string `json:"id" jsonschema:"catalog ID of the book the reader liked"`
	Count int    `json:"count,omitempty" jsonschema:"how many suggestions to ask for (default 3)"`
}

// SimilarPrompt asks the model for books like one in the catalog.
func SimilarPrompt(c *Catalog) mcptool.Prompt[SimilarArgs] {
	return mcptool.Prompt[SimilarArgs]{
		Name:        "recommend_similar",
		Title:       "Recommend similar books",
		Description: "Ask for books similar to one in the catalog.",
		Handler: func(_ context.Context, _ *mcp.GetPromptRequest, a SimilarArgs) (*mcp.GetPromptResult, error) {
			b, ok := c.Get(a.ID)
			if !ok {
				return nil, mcperr.NotFound(fmt.Sprintf("no book has ID %q", a.ID))
			}
			n := a.Count
			if n <= 0 {
				n = 3
			}
			text := fmt.Sprintf("I enjoyed %q by %s (%d). Suggest %d similar books and say in one sentence why each fits.", b.Title, b.Author, b.Year, n)
			return &mcp.GetPromptResult{
				Description: "Books similar to " + b.Title,
				Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}},
			}, nil
		},
	}
}

// Register adds every tool, the resource template and the prompt to s.
func Register(s *mcp.Server, c *Catalog, covers Covers, opts ...mcptool.Option) {
	mcptool.Add(s, SearchTool(c), opts...)
	mcptool.Add(s, GetBookTool(c), opts...)
	mcptool.Add(s, CoverTool(c, covers), opts...)
	mcptool.AddResourceTemplate(s, BookResource(c), opts...)
	mcptool.AddPrompt(s, SimilarPrompt(c), opts...)
}
