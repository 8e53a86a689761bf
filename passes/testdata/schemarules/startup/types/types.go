// Package types holds the Go types of the startup fixture in a package of their own, so that
// every finding about them is reported at the registration that uses them.
package types

import (
	"context"
	"net/netip"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	Q string `json:"q" jsonschema:"the query"`
}

type Out struct {
	N int `json:"n" jsonschema:"how many"`
}

type WithChan struct {
	Events chan int `json:"events"`
}

type WithFunc struct {
	Retry func() error `json:"retry"`
}

type WithIntKeys struct {
	Counts map[int]string `json:"counts"`
}

type Tree struct {
	Name string  `json:"name" jsonschema:"node name"`
	Kids []*Tree `json:"kids" jsonschema:"children"`
}

type TreeOut struct {
	Root Tree `json:"root" jsonschema:"the tree"`
}

type Invopop struct {
	Query string `json:"query" jsonschema:"required,description=The query"`
}

type EmptyTag struct {
	Query string `json:"query" jsonschema:""`
}

type Issue struct {
	Owner  string `uri:"owner"`
	Number int    `uri:"number"`
}

type Misspelled struct {
	Owner string `uri:"owner"`
	ID    int    `uri:"issue_id"`
}

type ByJSON struct {
	Owner  string `json:"owner"`
	Number int
	Extra  string `json:"extra,omitempty"`
}

type Unbindable struct {
	Owner string         `uri:"owner"`
	Opts  map[string]int `uri:"opts"`
}

type Bindable struct {
	Name  string        `uri:"name"`
	Tags  []string      `uri:"tags"`
	Page  *int          `uri:"page"`
	Ratio float64       `uri:"ratio"`
	On    bool          `uri:"on"`
	Since time.Time     `uri:"since"`
	Addr  netip.Addr    `uri:"addr"`
	Wait  time.Duration `uri:"wait"`
}

type Embedded struct {
	Issue
	Comment string `uri:"comment"`
}

type Brief struct {
	Topic    string    `json:"topic" jsonschema:"what to write about"`
	Words    *int      `json:"words,omitempty" jsonschema:"how long"`
	Keywords []string  `json:"keywords,omitempty" jsonschema:"terms to use"`
	Since    time.Time `json:"since,omitempty" jsonschema:"only news after this"`
}

type BadBrief struct {
	Topic string            `json:"topic" jsonschema:"what to write about"`
	Extra map[string]string `json:"extra" jsonschema:"more"`
}

func Run[In, Out any](ctx context.Context, call *mcptool.Call, in In) (Out, error) {
	var out Out
	return out, nil
}

func Read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func ReadParams[P any](ctx context.Context, req *mcp.ReadResourceRequest, p P) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

func Prompt[A any](ctx context.Context, req *mcp.GetPromptRequest, a A) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{}, nil
}
