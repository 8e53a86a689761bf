// Package mcptoolserial: mcptool.Add infers schemas from In and Out with go-sdk's schema
// library and panics at start-up on a type it rejects.
package mcptoolserial

import (
	"context"
	"encoding/json"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type WatchIn struct {
	Topic  string      `json:"topic" jsonschema:"what to watch"`
	Notify chan string `json:"notify"` // want `field Notify \(input\.notify\): type chan string has no JSON Schema, so mcptool\.Add panics at start-up; tag it json:"-" or change its type`
}

type Status struct {
	Topic string `json:"topic" jsonschema:"what is watched"`
}

type StatusOut struct {
	Status  Status              `json:"status" jsonschema:"current status"`
	Retry   func() error        `json:"retry"`  // want `field Retry \(output\.retry\): type func\(\) error has no JSON Schema, so mcptool\.Add panics at start-up; tag it json:"-" or change its type`
	ByShard map[complex64]int64 `json:"shards"` // want `field ByShard \(output\.shards\): map key type complex64 is not a string or TextMarshaler, so mcptool\.Add panics at start-up; use a string key type`
}

type Tree struct {
	Name string  `json:"name" jsonschema:"node name"`
	Kids []*Tree `json:"kids"` // want `field Kids \(output.root.kids\[\]\): type Tree contains itself`
}

type TreeOut struct {
	Root Tree `json:"root" jsonschema:"the tree"`
}

type Args struct {
	Q string `json:"q" jsonschema:"query"`
}

func h[In, Out any](ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	var out Out
	return out, nil
}

// Near misses: fields left out of the schema, types with a string schema, raw JSON and
// TextMarshaler map keys all infer fine.
type Key struct{ A, B string }

func (k Key) MarshalText() ([]byte, error) { return []byte(k.A + "/" + k.B), nil }

type FineOut struct {
	When    time.Time       `json:"when" jsonschema:"when it happened"`
	Raw     json.RawMessage `json:"raw" jsonschema:"upstream payload"`
	ByKey   map[Key]int     `json:"by_key" jsonschema:"counts per key"`
	Done    chan struct{}   `json:"-"`
	private func()
}

// Prompt arguments arrive as strings, so each field must hold one.
type Brief struct {
	Topic    string            `json:"topic" jsonschema:"what to write about"`
	Words    *int              `json:"words,omitempty" jsonschema:"how long"`
	Keywords []string          `json:"keywords,omitempty" jsonschema:"terms to use"`
	Since    time.Time         `json:"since,omitempty" jsonschema:"only news after this"`
	Extra    map[string]string `json:"extra"` // want `field Extra has type map\[string\]string, which cannot hold a prompt argument, so mcptool\.AddPrompt panics at start-up`
	Inner    Status            `json:"inner"` // want `field Inner has type Status, which cannot hold a prompt argument`
	internal chan int
}

func brief(ctx context.Context, req *mcp.GetPromptRequest, b Brief) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}

func Register(s *mcp.Server) {
	mcptool.AddPrompt(s, mcptool.Prompt[Brief]{Name: "brief", Description: "d", Handler: brief})
	mcptool.Add(s, mcptool.Tool[WatchIn, Status]{Name: "watch", Description: "d", Handler: h[WatchIn, Status]})
	mcptool.Add(s, mcptool.Tool[Args, StatusOut]{Name: "status", Description: "d", Handler: h[Args, StatusOut]})
	mcptool.Add(s, mcptool.Tool[Args, *TreeOut]{Name: "tree", Description: "d", Handler: h[Args, *TreeOut]})
	mcptool.Add(s, mcptool.Tool[Args, FineOut]{Name: "fine", Description: "d", Handler: h[Args, FineOut]})
}
