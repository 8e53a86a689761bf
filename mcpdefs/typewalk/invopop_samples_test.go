package typewalk_test

// The types in this file are compiled into the test, so that invopop/jsonschema can reflect
// them, and type-checked from source, so that the mirror can read them through go/types.
// TestInvopopMatchesLibrary compares the two.

import (
	"encoding/json"
	"net"
	"net/url"
	"time"
)

type InvFilter struct {
	Status string `json:"status" jsonschema:"enum=open,enum=closed" jsonschema_description:"Status to match"`
	Owner  string `json:"owner,omitempty" jsonschema:"description=The owner,minLength=1,maxLength=39"`
}

type InvTags struct {
	Query   string   `json:"query" jsonschema:"required,title=Query,description=What to search for\\, in words,pattern=^[a-z]+$"`
	Limit   int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100,default=20,example=10"`
	Ratio   float64  `json:"ratio,omitzero" jsonschema:"exclusiveMinimum=0,multipleOf=0.5,enum=0.5,enum=1"`
	Exact   bool     `json:"exact" jsonschema:"default=true"`
	When    string   `json:"when" jsonschema:"format=date-time,readOnly=true"`
	Odd     string   `json:"odd" jsonschema:"format=semver"`
	Tags    []string `json:"tags" jsonschema:"minItems=1,maxItems=5,uniqueItems=true,enum=a,enum=b"`
	Counts  []int    `json:"counts" jsonschema:"minimum=0,default=3"`
	Maybe   *string  `json:"maybe" jsonschema:"nullable"`
	Skipped string   `json:"skipped" jsonschema:"-"`
	Hidden  string   `json:"-"`
	//lint:ignore SA5008 "-," names the property "-" for encoding/json, but invopop skips it: an edge case the mirror follows
	DashName string               `json:"-,"`
	Typed    string               `json:"typed" jsonschema:"type=integer,minimum=5"`
	Filter   InvFilter            `json:"filter" jsonschema:"description=One filter"`
	Filters  []InvFilter          `json:"filters"`
	ByName   map[string]InvFilter `json:"by_name,omitempty"`
	ByID     map[int]string       `json:"by_id"`
	Any      map[string]any       `json:"any"`
	Iface    any                  `json:"iface"`
	Raw      json.RawMessage      `json:"raw"`
	Bytes    []byte               `json:"bytes"`
	At       time.Time            `json:"at"`
	Link     url.URL              `json:"link"`
	Addr     net.IP               `json:"addr"`
	Pair     [2]int8              `json:"pair"`
	Big      uint64               `json:"big"`
	Quoted   int                  `json:"quoted,string"`
	//lint:ignore U1000 unexported fields are part of what the mirror must skip
	secret string
	NoTag  string
}

type InvBase struct {
	ID string `json:"id" jsonschema:"description=Identifier"`
}

type invHidden struct {
	Inner string `json:"inner"`
}

type InvLabel string

type InvEmbedding struct {
	InvBase
	*invHidden
	InvLabel
	Named InvBase `json:"named"`
	Name  string  `json:"name"`
	ID    int     `json:"id"`
}

type InvNamedEmbed struct {
	InvBase `json:"base"`
	X       int `json:"x"`
}

type InvLinked struct {
	Value int        `json:"value"`
	Next  *InvLinked `json:"next,omitempty"`
}

type InvList []InvFilter

type InvMap map[string]InvList

type InvCollections struct {
	List InvList `json:"list"`
	Map  InvMap  `json:"map"`
	Same InvList `json:"same"`
}

type InvInline struct {
	Base InvBase `json:"base,inline"`
	Own  string  `json:"own"`
}

type InvEmpty struct{}

// Not mirrored: each is refused with an error.

type InvCustom struct{ A string }

func (InvCustom) JSONSchema() any { return nil }

type InvHasCustom struct {
	C InvCustom `json:"c"`
}

type InvChan struct {
	C chan int `json:"c"`
}

type InvSelfEmbed struct {
	*InvSelfEmbed
	V int `json:"v"`
}

type InvGeneric[T any] struct {
	V T `json:"v"`
}

type InvOneOf struct {
	A string `json:"a" jsonschema:"oneof_required=one"`
}

type InvExtras struct {
	A string `json:"a" jsonschema_extras:"x-kind=secret"`
}

type InvNumberText struct {
	A int `json:"a" jsonschema:"default=Inf"`
}
