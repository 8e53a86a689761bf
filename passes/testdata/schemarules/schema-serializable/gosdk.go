// Package schemaserializable: types go-sdk's schema inference rejects make mcp.AddTool panic
// at start-up. RegisterX functions register one tool each; the panic test runs them.
package schemaserializable

import (
	"context"
	"encoding/json"
	"time"
	"unsafe"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type WithChan struct {
	Name   string   `json:"name" jsonschema:"the name"`
	Events chan int `json:"events"` // want `field Events \(input\.events\): type chan int has no JSON Schema, so mcp\.AddTool panics at start-up; tag it json:"-" or change its type`
}

type WithFunc struct {
	Callback func() error `json:"callback"` // want `field Callback \(input\.callback\): type func\(\) error has no JSON Schema, so mcp\.AddTool panics at start-up; tag it json:"-" or change its type`
}

type WithComplex struct {
	Z complex128 `json:"z"` // want `field Z \(input\.z\): type complex128 has no JSON Schema, so mcp\.AddTool panics at start-up; tag it json:"-" or change its type`
}

type WithUnsafe struct {
	P unsafe.Pointer `json:"p"` // want `field P \(input\.p\): type unsafe\.Pointer has no JSON Schema, so mcp\.AddTool panics at start-up; tag it json:"-" or change its type`
}

type WithIntKeys struct {
	Counts map[int]string `json:"counts"` // want `field Counts \(input\.counts\): map key type int is not a string or TextMarshaler, so mcp\.AddTool panics at start-up; use a string key type`
}

type Node struct {
	Name     string  `json:"name" jsonschema:"node name"`
	Children []*Node `json:"children"` // want `field Children \(output.root.children\[\]\): type Node contains itself`
}

type NodeOut struct {
	Root Node `json:"root" jsonschema:"the tree"`
}

type EmbedsTime struct {
	time.Time        // want `field Time \(input\): embedded time\.Time has a string schema that cannot merge into the object, so mcp\.AddTool panics at start-up; give the field a name`
	Note      string `json:"note" jsonschema:"a note"`
}

type Nested struct {
	Inner []Inner `json:"inner" jsonschema:"inner values"`
}

type Inner struct {
	Ch chan string `json:"ch"` // want `field Ch \(input.inner\[\].ch\): type chan string`
}

// Shared is used by two tools: its problem is reported once.
type Shared struct {
	Fn func() `json:"fn"` // want `field Fn \(input.fn\): type func\(\)`
}

type Out struct {
	N int `json:"n" jsonschema:"n"`
}

func handler[In, O any](ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, O, error) {
	var o O
	return nil, o, nil
}

func chanTool(ctx context.Context, req *mcp.CallToolRequest, in WithChan) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func RegisterChan(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "chan", Description: "d"}, chanTool)
}

func RegisterFunc(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "func", Description: "d"}, handler[WithFunc, Out])
}

func RegisterComplex(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "complex", Description: "d"}, handler[WithComplex, Out])
}

func RegisterUnsafe(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "unsafe", Description: "d"}, handler[WithUnsafe, Out])
}

func RegisterIntKeys(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "intkeys", Description: "d"}, handler[WithIntKeys, Out])
}

func RegisterCycle(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "cycle", Description: "d"}, handler[Out, NodeOut])
}

func RegisterEmbedsTime(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "embedstime", Description: "d"}, handler[EmbedsTime, Out])
}

func RegisterNested(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "nested", Description: "d"}, handler[Nested, Out])
}

func RegisterShared1(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "shared1", Description: "d"}, handler[Shared, Out])
}

func RegisterShared2(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "shared2", Description: "d"}, handler[Shared, Out])
}

// Near misses: none of these panic.

type Key struct{ A, B string }

func (k Key) MarshalText() ([]byte, error) { return []byte(k.A + k.B), nil }

type Label string

type Fine struct {
	ByKey    map[Key]int     `json:"by_key" jsonschema:"by key"`
	ByLabel  map[Label]int   `json:"by_label" jsonschema:"by label"`
	At       time.Time       `json:"at" jsonschema:"when"`
	Maybe    *time.Time      `json:"maybe,omitempty" jsonschema:"maybe when"`
	Raw      json.RawMessage `json:"raw" jsonschema:"raw JSON"`
	Any      any             `json:"any" jsonschema:"anything"`
	Err      error           `json:"err" jsonschema:"an error"`
	internal chan int
	Skipped  func() `json:"-"`
}

// SelfEmbed embeds a pointer to itself: reflect.VisibleFields stops there, no cycle.
type SelfEmbed struct {
	*SelfEmbed
	V int `json:"v" jsonschema:"v"`
}

// Linked is recursive, but the tool gives its own schema, so nothing is inferred.
type Linked struct {
	Next *Linked `json:"next"`
}

func RegisterFine(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "fine", Description: "d"}, handler[Fine, Out])
}

func RegisterSelfEmbed(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "selfembed", Description: "d"}, handler[SelfEmbed, Out])
}

func RegisterGivenSchema(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "given", Description: "d", InputSchema: &jsonschema.Schema{Type: "object"}, OutputSchema: &jsonschema.Schema{Type: "object"}}, handler[Linked, Linked])
}

func RegisterAnyOut(s *mcp.Server) {
	// Out = any: go-sdk infers no output schema.
	mcp.AddTool(s, &mcp.Tool{Name: "anyout", Description: "d"}, handler[Out, any])
}

// NeverRegistered has a channel but is no tool's input.
type NeverRegistered struct {
	Ch chan int `json:"ch"`
}
