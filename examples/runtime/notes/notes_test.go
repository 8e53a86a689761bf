package notes_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
	"github.com/mcplint-go/mcplint/mcptooltest"
)

// ---- The server: a tool, a resource, a resource template and a prompt. ----

// Store is the dependency the definitions share; tests pass a fake.
type Store interface {
	Get(ctx context.Context, id string) (Note, error)
	List(ctx context.Context) ([]Note, error)
}

// ErrNoNote is what Store.Get returns for an unknown ID.
var ErrNoNote = errors.New("no such note")

type Note struct {
	ID   string `json:"id" jsonschema:"the note's ID"`
	Text string `json:"text" jsonschema:"the note's text"`
}

type NoteInput struct {
	ID string `json:"id" jsonschema:"the note's ID, such as n-1"`
}

// GetNoteTool declares its failures; call.Fail sends the declared code,
// recovery hint and retryability.
func GetNoteTool(store Store) mcptool.Tool[NoteInput, Note] {
	return mcptool.Tool[NoteInput, Note]{
		Name:        "get_note",
		Description: "Get one note by its ID.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_such_note", Code: mcperr.CodeNotFound, When: "No note has the ID.",
				Recovery: "Read notes://index to find the note's ID."},
			{Reason: "store_down", Code: mcperr.CodeServiceUnavailable, When: "The note store is unreachable.",
				Recovery: "Wait a minute, then call the tool again unchanged.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in NoteInput) (Note, error) {
			note, err := store.Get(ctx, in.ID)
			switch {
			case errors.Is(err, ErrNoNote):
				return Note{}, call.Fail("no_such_note", fmt.Sprintf("no note has ID %q", in.ID))
			case err != nil:
				return Note{}, call.Fail("store_down", "", mcperr.WithCause(err)) // the cause stays in the log
			}
			return note, nil
		},
		Format: func(n Note) []mcp.Content {
			return []mcp.Content{&mcp.TextContent{Text: n.ID + ": " + n.Text}}
		},
	}
}

// IndexResource is a resource with a fixed URI.
func IndexResource(store Store) mcptool.Resource {
	return mcptool.Resource{
		URI:         "notes://index",
		Name:        "note index",
		Description: "The ID of every note, one per line.",
		MIMEType:    "text/plain",
		Handler: func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			notes, err := store.List(ctx)
			if err != nil {
				return nil, mcperr.ServiceUnavailable("the note store is unreachable", mcperr.WithCause(err), mcperr.WithReason("store_down"))
			}
			var ids []string
			for _, n := range notes {
				ids = append(ids, n.ID)
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: strings.Join(ids, "\n")}}}, nil
		},
	}
}

// NoteParams receives the template's variables, typed.
type NoteParams struct {
	ID string `uri:"id"`
}

// NoteResource serves each note at notes://{id}. A NotFound reaches the
// client as go-sdk's resource-not-found error.
func NoteResource(store Store) mcptool.ResourceTemplate[NoteParams] {
	return mcptool.ResourceTemplate[NoteParams]{
		URITemplate: "notes://{id}",
		Name:        "note",
		Description: "One note's text.",
		MIMEType:    "text/plain",
		Handler: func(ctx context.Context, req *mcp.ReadResourceRequest, p NoteParams) (*mcp.ReadResourceResult, error) {
			note, err := store.Get(ctx, p.ID)
			switch {
			case errors.Is(err, ErrNoNote):
				return nil, mcperr.NotFound(fmt.Sprintf("no note has ID %q", p.ID))
			case err != nil:
				return nil, mcperr.ServiceUnavailable("the note store is unreachable", mcperr.WithCause(err), mcperr.WithReason("store_down"))
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: note.Text}}}, nil
		},
	}
}

// SummariseArgs are the prompt's arguments: required unless omitempty.
type SummariseArgs struct {
	ID    string `json:"id" jsonschema:"the note to summarise"`
	Style string `json:"style,omitempty" jsonschema:"how to summarise, such as one sentence"`
}

func SummarisePrompt(store Store) mcptool.Prompt[SummariseArgs] {
	return mcptool.Prompt[SummariseArgs]{
		Name:        "summarise_note",
		Description: "Ask for a summary of one note.",
		Handler: func(ctx context.Context, _ *mcp.GetPromptRequest, a SummariseArgs) (*mcp.GetPromptResult, error) {
			note, err := store.Get(ctx, a.ID)
			switch {
			case errors.Is(err, ErrNoNote):
				return nil, mcperr.NotFound(fmt.Sprintf("no note has ID %q", a.ID))
			case err != nil:
				return nil, mcperr.ServiceUnavailable("the note store is unreachable", mcperr.WithCause(err), mcperr.WithReason("store_down"))
			}
			style := a.Style
			if style == "" {
				style = "three bullet points"
			}
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user",
				Content: &mcp.TextContent{Text: "Summarise this note in " + style + ":\n\n" + note.Text}}}}, nil
		},
	}
}

// Register adds everything to s (mcptool.WithLogger(logger) in opts sends
// start-up warnings to your logger).
func Register(s *mcp.Server, store Store, opts ...mcptool.Option) {
	mcptool.Add(s, GetNoteTool(store), opts...)
	mcptool.AddResource(s, IndexResource(store), opts...)
	mcptool.AddResourceTemplate(s, NoteResource(store), opts...)
	mcptool.AddPrompt(s, SummarisePrompt(store), opts...)
}

// ---- The tests: a fake store whose state each case sets. ----

type fakeStore struct {
	notes map[string]Note
	down  atomic.Bool
}

func newFakeStore() *fakeStore {
	return &fakeStore{notes: map[string]Note{"n-1": {ID: "n-1", Text: "Buy milk."}}}
}

// goDown makes the store unreachable until the returned function runs.
func (s *fakeStore) goDown() (restore func()) {
	s.down.Store(true)
	return func() { s.down.Store(false) }
}

func (s *fakeStore) Get(_ context.Context, id string) (Note, error) {
	if s.down.Load() {
		return Note{}, errors.New("dial tcp 10.0.0.7:5432: connection refused")
	}
	n, ok := s.notes[id]
	if !ok {
		return Note{}, ErrNoNote
	}
	return n, nil
}

func (s *fakeStore) List(ctx context.Context) ([]Note, error) {
	n, err := s.Get(ctx, "n-1")
	return []Note{n}, err
}

func TestGetNoteTool(t *testing.T) {
	store := newFakeStore()
	mcptooltest.CheckFormatParity(t, GetNoteTool(store))  // Format shows every field of Note
	mcptooltest.CheckErrorContract(t, GetNoteTool(store)) // each reason reaches the client as declared
	// The real handler produces each reason: one by input, one by state.
	mcptooltest.CheckCases(t, GetNoteTool(store), map[string]mcptooltest.Case[NoteInput]{
		"no_such_note": {In: NoteInput{ID: "n-404"}},
		"store_down":   {In: NoteInput{ID: "n-1"}, Setup: store.goDown},
	})
}

func TestNoteResources(t *testing.T) {
	store := newFakeStore()
	res, err := mcptooltest.ReadResourceTemplate(t, NoteResource(store), "notes://n-1")
	if err != nil || res.Contents[0].Text != "Buy milk." {
		t.Fatalf("notes://n-1: %v, %v", res, err)
	}
	_, err = mcptooltest.ReadResourceTemplate(t, NoteResource(store), "notes://n-404")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeNotFound, "")

	restore := store.goDown()
	_, err = mcptooltest.ReadResourceTemplate(t, NoteResource(store), "notes://n-1")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeServiceUnavailable, "store_down")
	if err != nil && strings.Contains(string(err.Data)+err.Message, "10.0.0.7") {
		t.Errorf("the cause reached the client: %s %s", err.Message, err.Data)
	}
	_, err = mcptooltest.ReadResource(t, IndexResource(store), "notes://index")
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeServiceUnavailable, "store_down")
	restore()

	res, err = mcptooltest.ReadResource(t, IndexResource(store), "notes://index")
	if err != nil || res.Contents[0].Text != "n-1" {
		t.Fatalf("notes://index: %v, %v", res, err)
	}
}

func TestSummarisePrompt(t *testing.T) {
	store := newFakeStore()
	res, err := mcptooltest.GetPrompt(t, SummarisePrompt(store), map[string]string{"id": "n-1"})
	if err != nil || !strings.Contains(res.Messages[0].Content.(*mcp.TextContent).Text, "Buy milk.") {
		t.Fatalf("summarise_note: %v, %v", res, err)
	}
	_, err = mcptooltest.GetPrompt(t, SummarisePrompt(store), map[string]string{}) // id is required
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeInvalidParams, "")
	_, err = mcptooltest.GetPrompt(t, SummarisePrompt(store), map[string]string{"id": "n-404"})
	mcptooltest.CheckProtocolError(t, err, mcperr.CodeNotFound, "")
}

// The whole server, as a client lists it.
func TestRegister(t *testing.T) {
	cs := mcptooltest.Connect(t, func(s *mcp.Server) { Register(s, newFakeStore()) })
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 1 {
		t.Fatalf("tools: %v, %v", tools, err)
	}
	resources, err := cs.ListResources(ctx, nil)
	if err != nil || len(resources.Resources) != 1 {
		t.Fatalf("resources: %v, %v", resources, err)
	}
	templates, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(templates.ResourceTemplates) != 1 {
		t.Fatalf("templates: %v, %v", templates, err)
	}
	prompts, err := cs.ListPrompts(ctx, nil)
	if err != nil || len(prompts.Prompts) != 1 || len(prompts.Prompts[0].Arguments) != 2 {
		t.Fatalf("prompts: %v, %v", prompts, err)
	}
}
