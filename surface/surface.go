// Package surface adds up what recognition knows about a program into its MCP surface: what
// tools/list, resources/list, resources/templates/list and prompts/list will return, each
// entry with MCP's own field names as the SDK in use would send them, plus mcplint's own
// knowledge (source position, handler, how its errors reach the client, what could not be
// known) under the key "x-mcplint". It reads mcpdefs' results only; SDK knowledge stays there.
package surface

import (
	"cmp"
	"encoding/json"
	"slices"

	"github.com/mcplint-go/mcplint/internal/ojson"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

// Surface is a program's surface: the four lists an MCP client can ask for.
type Surface struct {
	Tools             []*Entry `json:"tools"`
	Resources         []*Entry `json:"resources"`
	ResourceTemplates []*Entry `json:"resourceTemplates"`
	Prompts           []*Entry `json:"prompts"`
	// Unregistered are tool definitions a run over the whole module linked to no
	// registration: not on the list a client gets (SetAsideUnregistered).
	Unregistered []*Entry `json:"unregistered,omitempty"`

	// handlers are the positions of the declarations recognised as handlers in the packages
	// merged so far, and analysed those packages' paths: a tool whose handler is declared in
	// another package is checked when that package recognised it (settle).
	handlers, analysed map[string]bool
	// foreignConditions are the conditions under which this package registers what a
	// function of another package builds, by that function's position: [text, position].
	foreignConditions map[string][2]string
}

// Entry is one tool, resource, resource template or prompt. The MCP fields hold what the
// server will send; a field recognition cannot know is absent and named in X.Unknown.
type Entry struct {
	Name         string     `json:"name,omitempty"`
	Title        string     `json:"title,omitempty"`
	Description  string     `json:"description,omitempty"`
	URI          string     `json:"uri,omitempty"`
	URITemplate  string     `json:"uriTemplate,omitempty"`
	MIMEType     string     `json:"mimeType,omitempty"`
	InputSchema  any        `json:"inputSchema,omitempty"`
	OutputSchema any        `json:"outputSchema,omitempty"`
	Annotations  any        `json:"annotations,omitempty"`
	Arguments    []Argument `json:"arguments,omitempty"`
	Meta         any        `json:"_meta,omitempty"`
	X            Info       `json:"x-mcplint"`
}

// Argument is a prompt argument.
type Argument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// Info is mcplint's own knowledge of an entry.
type Info struct {
	// Position is file:line:col of the definition.
	Position string       `json:"position,omitempty"`
	Package  string       `json:"package,omitempty"`
	SDK      string       `json:"sdk,omitempty"`
	Handler  *HandlerInfo `json:"handler,omitempty"`
	// HandlerChecked (tools only) says whether the rules checked the tool's handler, and
	// HandlerReason why not.
	HandlerChecked *bool  `json:"handlerChecked,omitempty"`
	HandlerReason  string `json:"handlerReason,omitempty"`
	// declared is where the handler is declared when in another package, and declaredIn that
	// package's path and declaredName its name, until settled; site is the layer site the
	// reason is about ("file:line:col"), which a run's module graph may resolve (Resolve).
	declared, declaredIn, declaredName, site string
	// madeIn is where the function the definition is made in is declared, when no
	// registration is linked to it: another package may register its result under a
	// condition (Surface.foreignConditions).
	madeIn string
	// returnedThrough are where the exported functions whose results may hold the definition
	// are declared: another package may register what they return under a condition too.
	returnedThrough []string
	// convertedBy is the key of the own definition type a converter in another package
	// registers the entry as (AddConverted).
	convertedBy string
	// Schemas says where inputSchema and outputSchema come from: inferred (from a Go type),
	// hand-built, properties (mark3labs options), default (an SDK substitute), absent, unknown.
	InputFrom  string `json:"inputFrom,omitempty"`
	OutputFrom string `json:"outputFrom,omitempty"`
	// InputType and OutputType are the Go types an inferred schema comes from.
	InputType  string `json:"inputType,omitempty"`
	OutputType string `json:"outputType,omitempty"`
	// Condition is the source text of the condition the registration is under, when it is a
	// constant or a simple comparison; Conditional is true whenever the registration is under
	// one (including conditions too complex to show, and loops).
	Conditional bool   `json:"conditional,omitempty"`
	Condition   string `json:"condition,omitempty"`
	// ConditionAt is file:line:col of the outermost condition.
	ConditionAt string `json:"conditionAt,omitempty"`
	// Unknown lists the MCP fields (or JSON pointers inside them) whose value cannot be known
	// statically, each with why.
	Unknown []Unknown `json:"unknown,omitempty"`
	// Tokens is the estimated context cost of the entry as a client sends it to the model.
	Tokens int `json:"tokens,omitempty"`
}

// HandlerInfo is the recognised handler.
type HandlerInfo struct {
	Name     string `json:"name,omitempty"`
	Position string `json:"position,omitempty"`
	Flavour  string `json:"flavour,omitempty"`
	// Errors is how a non-nil error the handler returns reaches the client: tool-error
	// (an isError result the model reads), protocol-error (a JSON-RPC error), or unknown.
	Errors string `json:"errors,omitempty"`
	// Declared is where the function a handler expression names is declared (the name in its
	// declaration), when the handler was not recognised at the registration: it is declared
	// in another package (h.HandleCopyFile of a handler type elsewhere).
	Declared string `json:"declared,omitempty"`
}

// Unknown is a field whose value is not known statically.
type Unknown struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

// Known reports whether field (an MCP field name, or a JSON pointer below one) is fully
// known: neither it nor anything inside it is marked unknown.
func (e *Entry) Known(field string) bool {
	for _, u := range e.X.Unknown {
		if u.Field == field || len(u.Field) > len(field) && u.Field[:len(field)] == field && u.Field[len(field)] == '/' {
			return false
		}
	}
	return true
}

func (e *Entry) unknown(field, reason string) {
	e.X.Unknown = append(e.X.Unknown, Unknown{Field: field, Reason: reason})
}

// Key identifies an entry within its list: its name (tools, prompts), its URI (resources),
// its URI template (templates); "" when that is unknown.
func (e *Entry) Key(list string) string {
	switch list {
	case "resources":
		return e.URI
	case "resourceTemplates":
		return e.URITemplate
	}
	return e.Name
}

// Lists returns the four lists with their JSON names, in a fixed order.
func (s *Surface) Lists() []List {
	return []List{
		{"tools", &s.Tools},
		{"resources", &s.Resources},
		{"resourceTemplates", &s.ResourceTemplates},
		{"prompts", &s.Prompts},
	}
}

// List is one of a surface's lists.
type List struct {
	Name    string
	Entries *[]*Entry
}

// Sort orders every list by key, then position, so output is stable.
func (s *Surface) Sort() {
	for _, l := range s.Lists() {
		slices.SortStableFunc(*l.Entries, func(a, b *Entry) int {
			return cmp.Or(cmp.Compare(a.Key(l.Name), b.Key(l.Name)), cmp.Compare(a.X.Position, b.X.Position))
		})
	}
}

// Merge adds other's entries to s.
func (s *Surface) Merge(other *Surface) {
	for _, m := range []struct{ dst, src *map[string]bool }{{&s.handlers, &other.handlers}, {&s.analysed, &other.analysed}} {
		if *m.dst == nil {
			*m.dst = map[string]bool{}
		}
		for k := range *m.src {
			(*m.dst)[k] = true
		}
	}
	for k, v := range other.foreignConditions {
		if s.foreignConditions == nil {
			s.foreignConditions = map[string][2]string{}
		}
		s.foreignConditions[k] = v
	}
	s.Tools = append(s.Tools, other.Tools...)
	s.Resources = append(s.Resources, other.Resources...)
	s.ResourceTemplates = append(s.ResourceTemplates, other.ResourceTemplates...)
	s.Prompts = append(s.Prompts, other.Prompts...)
}

// Resolve marks checked the tools whose handlers sit behind a layer site that a run's module
// graph resolved (sites holds those sites' positions): a run checks the functions behind them.
func (s *Surface) Resolve(sites map[string]bool) {
	for _, e := range s.Tools {
		if e.X.site != "" && sites[e.X.site] {
			checked := true
			e.X.HandlerChecked, e.X.HandlerReason = &checked, ""
		}
	}
}

// AddConverted adds the tools of other that are literals of a type a converter in another
// package registers (a table of the server's own tool type), each with the verdict on that
// converter's handler, by the type's key; a type with no verdict adds nothing.
func (s *Surface) AddConverted(other *Surface, verdicts map[string]Verdict) {
	for _, e := range other.Tools {
		v, ok := verdicts[e.X.convertedBy]
		if e.X.convertedBy == "" || !ok {
			continue
		}
		checked := v.Checked
		e.X.HandlerChecked, e.X.HandlerReason, e.X.convertedBy = &checked, v.Reason, ""
		s.Tools = append(s.Tools, e)
	}
	s.Sort()
}

// Settle gives each tool the verdict a run over the whole module reached on its handler, by
// the position of its definition (tools registered through an interface, or in another
// package, which no package settles alone).
func (s *Surface) Settle(verdicts map[string]Verdict) {
	for _, e := range s.Tools {
		if v, ok := verdicts[e.X.Position]; ok {
			checked := v.Checked
			e.X.HandlerChecked, e.X.HandlerReason = &checked, v.Reason
		}
	}
}

// SetAsideUnregistered moves the tools whose settled verdict says no registration is linked
// to them, or that they are built in a function nothing calls, from Tools to Unregistered: a definition that is built and never registered (an
// unused constructor, a copy kept for tests) is not what the server lists.
func (s *Surface) SetAsideUnregistered() {
	s.Tools = slices.DeleteFunc(s.Tools, func(e *Entry) bool {
		if e.X.HandlerReason == mcpdefs.NoRegistration || e.X.HandlerReason == mcpdefs.Unused {
			s.Unregistered = append(s.Unregistered, e)
			return true
		}
		return false
	})
}

// Verdict is whether a tool's handler was checked, and why not.
type Verdict struct {
	Checked bool
	Reason  string
}

// settle decides, for each tool whose handler is declared in another package, whether that
// package recognised it.
func (s *Surface) settle() {
	for _, e := range s.Tools {
		for _, made := range append([]string{e.X.madeIn}, e.X.returnedThrough...) {
			if c, ok := s.foreignConditions[made]; ok && !e.X.Conditional {
				// Built by a function another package calls under a condition to register it.
				e.X.Conditional, e.X.Condition, e.X.ConditionAt = true, c[0], c[1]
			}
		}
		if e.X.declared == "" {
			continue
		}
		checked := s.handlers[e.X.declared]
		e.X.HandlerChecked = &checked
		if !checked {
			e.X.HandlerReason = mcpmodel.DeclaredReason(e.X.declaredName, e.X.declaredIn, s.analysed[e.X.declaredIn])
		}
		e.X.declared = ""
	}
}

// dropUnregisteredCopies drops from each list an entry with no handler whose key a
// registered entry of the list has too: a server lists a name once, and a copy that is built
// and never registered (a builder's list kept in a map, as kube-mcp keeps one) is not what the
// list returns. An unregistered entry whose key no registered entry has stays: it may be
// registered by code recognition cannot follow.
func (s *Surface) dropUnregisteredCopies() {
	for _, l := range s.Lists() {
		registered := map[string]bool{}
		for _, e := range *l.Entries {
			if k := e.Key(l.Name); k != "" && e.X.Handler != nil {
				registered[k] = true
			}
		}
		*l.Entries = slices.DeleteFunc(*l.Entries, func(e *Entry) bool {
			return e.X.Handler == nil && registered[e.Key(l.Name)]
		})
	}
}

// Read decodes a surface written by mcplint surface -json, or the raw result of an MCP
// server's lists ({"tools": [...]} and so on): any missing list is empty.
func Read(data []byte) (*Surface, error) {
	var s Surface
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	for _, l := range s.Lists() {
		*l.Entries = slices.DeleteFunc(*l.Entries, func(e *Entry) bool { return e == nil })
	}
	return &s, nil
}

// UnmarshalJSON keeps the key order of the JSON values (schemas, annotations, _meta).
func (e *Entry) UnmarshalJSON(data []byte) error {
	type plain Entry
	var raw struct {
		plain
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  json.RawMessage `json:"annotations"`
		Meta         json.RawMessage `json:"_meta"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*e = Entry(raw.plain)
	for _, f := range []struct {
		raw json.RawMessage
		dst *any
	}{{raw.InputSchema, &e.InputSchema}, {raw.OutputSchema, &e.OutputSchema}, {raw.Annotations, &e.Annotations}, {raw.Meta, &e.Meta}} {
		if len(f.raw) == 0 || string(f.raw) == "null" {
			continue
		}
		v, err := ojson.Parse(f.raw)
		if err != nil {
			return err
		}
		*f.dst = v
	}
	return nil
}
