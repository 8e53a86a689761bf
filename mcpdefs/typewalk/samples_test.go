package typewalk_test

// The types in this file are both compiled into the test (so the real schema libraries can
// infer from them by reflection) and type-checked from source by the test (so the walk can see
// them through go/types). The tests compare the two.

import (
	"encoding/json"
	"log/slog"
	"math/big"
	"time"
	"unsafe"
)

type Plain struct {
	Query string  `json:"query" jsonschema:"the query"`
	Limit int     `json:"limit,omitempty"`
	Exact bool    `json:"exact,omitzero"`
	Score float64 `json:"score"`
	Small int8    `json:"small"`
	Big   uint64  `json:"big"`
	//lint:ignore U1000 unexported fields are part of what the walk must skip
	hide string
	Skip string `json:"-"`
	//lint:ignore SA5008 "-," names the property "-", an edge case the walk mirrors
	Dash  string `json:"-,"`
	NoTag string
}

type Filter struct {
	Status string `json:"status" jsonschema:"status to match"`
	Owner  string `json:"owner"`
}

type Nested struct {
	Filters []Filter          `json:"filters" jsonschema:"filters"`
	ByName  map[string]Filter `json:"by_name,omitempty"`
	Pair    [2]Filter         `json:"pair"`
	Ptr     *Filter           `json:"ptr"`
	PtrPtr  **Filter          `json:"ptr_ptr"`
}

type Base struct {
	ID      string `json:"id" jsonschema:"identifier"`
	Created time.Time
}

type base struct {
	Hidden string `json:"hidden"`
}

type Embedding struct {
	Base
	*base
	Name string `json:"name"`
}

type Named struct {
	Base `json:"base"`
	X    int `json:"x"`
}

// Conflict: two embedded structs with the same field name at the same depth cancel out; a
// shallower field wins over a deeper one.
type left struct {
	Same string
	Deep string
}
type right struct{ Same string }
type Conflict struct {
	left
	right
	Deep int
}

// SameJSON has two fields with the JSON name Dup; the later one wins.
type SameJSON struct {
	Dup string `jsonschema:"first"`
	B   string `json:"Dup" jsonschema:"second"`
}

type Label string

type Key struct{ A, B string }

func (k Key) MarshalText() ([]byte, error) { return []byte(k.A + "/" + k.B), nil }

type PtrKey struct{ A string }

func (k *PtrKey) MarshalText() ([]byte, error) { return []byte(k.A), nil }

type Maps struct {
	ByLabel map[Label]int               `json:"by_label"`
	ByKey   map[Key]int                 `json:"by_key"`
	Any     map[string]any              `json:"any"`
	Nested  map[string][]Filter         `json:"nested"`
	Values  map[string]*float64         `json:"values"`
	Deep    map[string]map[Label]string `json:"deep"`
}

type IntKey struct {
	Name  string         `json:"name"`
	Count map[int]string `json:"count"`
}

type PtrKeyMap struct {
	M map[PtrKey]string `json:"m"`
}

type Page[T any] struct {
	Items []T  `json:"items" jsonschema:"the page"`
	Next  *int `json:"next,omitempty"`
}

type Generic struct {
	Filters Page[Filter] `json:"filters"`
	Names   Page[string] `json:"names"`
}

type Times struct {
	At     time.Time       `json:"at"`
	Maybe  *time.Time      `json:"maybe,omitempty"`
	Level  slog.Level      `json:"level"`
	Amount *big.Int        `json:"amount"`
	Ratio  big.Rat         `json:"ratio"`
	Raw    json.RawMessage `json:"raw"`
	Bytes  []byte          `json:"bytes"`
}

type EmbedsTime struct {
	time.Time
	Note string `json:"note"`
}

type EmbedsTimePtr struct {
	*time.Time
	Note string `json:"note"`
}

type Shape interface{ Area() float64 }

type Interfaces struct {
	Any   any   `json:"any"`
	Err   error `json:"err"`
	Shape Shape `json:"shape"`
	List  []any `json:"list"`
}

type Node struct {
	Name     string `json:"name"`
	Children []Node `json:"children"`
}

type Linked struct {
	Value int     `json:"value"`
	Next  *Linked `json:"next,omitempty"`
}

type Tree map[string]Tree

type HoldsTree struct {
	T Tree `json:"t"`
}

// SelfEmbed embeds a pointer to itself: reflect.VisibleFields stops, and there is no cycle.
type SelfEmbed struct {
	*SelfEmbed
	V int `json:"v"`
}

type MutualA struct {
	B *MutualB `json:"b"`
}
type MutualB struct {
	A []MutualA `json:"a"`
}

// Twice uses one type in two places: no cycle.
type Twice struct {
	First  Filter `json:"first"`
	Second Filter `json:"second"`
}

type Unsupported struct {
	Name string         `json:"name"`
	Ch   chan int       `json:"ch"`
	Fn   func()         `json:"fn"`
	C    complex128     `json:"c"`
	P    unsafe.Pointer `json:"p"`
	Chs  []chan int     `json:"chs"`
}

type HiddenUnsupported struct {
	Name string `json:"name"`
	//lint:ignore U1000 unexported: never inferred, which is the point
	ch chan int
	Fn func() `json:"-"`
}

type Tags struct {
	Empty string `json:"empty" jsonschema:""`
	Fine  string `json:"fine" jsonschema:"Fine, with a comma and x=1 later"`
}

type Invopop struct {
	Query string `json:"query" jsonschema:"required,description=The query"`
	Other string `json:"other" jsonschema:"other text"`
}

type EnumTag struct {
	Mode string `json:"mode" jsonschema:"the mode,enum=fast,enum=slow"`
}

type EnumOnly struct {
	Mode string `json:"mode" jsonschema:"enum=fast,enum=slow"`
}

type EnumAndInvopop struct {
	Mode  string `json:"mode" jsonschema:"enum=fast,enum=slow"`
	Query string `json:"query" jsonschema:"description=q"`
}

type RequiredWord struct {
	A string `json:"a" jsonschema:"required"`
	B string `json:"b,omitempty" jsonschema:"The b,required"`
}

type MarkLabsDesc struct {
	A string `json:"a" jsonschema_description:"described the mark3labs way"`
	B string `json:"b" jsonschema:"tag text" jsonschema_description:"wins"`
}

type NestedTagProblem struct {
	Inner []Tags `json:"inner"`
}

type WithInvalidAndTag struct {
	Ch  chan int `json:"ch" jsonschema:""`
	Txt string   `json:"txt"`
}

type Empty struct{}

type Filters []Filter

type PlainPtr = *Plain

// SkippedCycle loops only through a field invopop skips (middleware-labs' WidgetFilter).
type SkippedCycle struct {
	Kids []SkippedCycle `json:"kids,omitempty" jsonschema:"-"`
	Name string         `json:"name"`
}
