package surface

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/mcplint-go/mcplint/internal/ojson"
)

// Restriction is one limit a client documents for tool definitions. Source is where the
// client says so (docs/surface.md quotes it).
type Restriction struct {
	ID     string
	Client string
	What   string
	Source string
	// tool checks one tool and returns what breaks ("" when nothing); nil for restrictions
	// on the whole list.
	tool func(e *Entry) []string
	// list checks the whole tool list.
	list func(tools []*Entry) string
}

// VSCodeMaxTools is the most tools VS Code sends in one chat request.
const VSCodeMaxTools = 128

// Clients are the client names a project can target, in table order. Cursor is not one:
// no restriction of its is documented first-hand (docs/surface.md).
var Clients = []string{"openai", "openai-strict", "gemini", "anthropic", "vscode"}

// optIn are the client profiles that describe a mode the application calling the model
// chooses, not the client as it comes: OpenAI's strict function calling. Most MCP servers
// write optional properties and open objects, which strict mode refuses, so they are checked
// only when named, never as part of "all".
var optIn = map[string]bool{"openai-strict": true}

// DefaultClients are the clients "all" means: every client as it comes, without opt-in modes.
func DefaultClients() []string {
	var out []string
	for _, c := range Clients {
		if !optIn[c] {
			out = append(out, c)
		}
	}
	return out
}

var (
	openAIName    = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	anthropicName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	geminiName    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`)
)

// Restrictions returns every documented restriction, in table order.
func Restrictions() []Restriction {
	name := func(re *regexp.Regexp, what string) func(e *Entry) []string {
		return func(e *Entry) []string {
			if !e.Known("name") || re.MatchString(e.Name) {
				return nil
			}
			return []string{fmt.Sprintf("name %q: %s", e.Name, what)}
		}
	}
	return []Restriction{
		{
			ID: "openai-name", Client: "openai",
			What:   "function name of a-z, A-Z, 0-9, underscores and dashes, at most 64 characters",
			Source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
			tool:   name(openAIName, "OpenAI takes a-z, A-Z, 0-9, _ and -, at most 64"),
		},
		{
			ID: "openai-strict-required", Client: "openai-strict",
			What:   "strict mode: every property of every object listed in required (optional ones as a type with null)",
			Source: "https://github.com/openai/openai-python/blob/main/src/openai/lib/_pydantic.py",
			tool:   schemaWalk(strictRequired),
		},
		{
			ID: "openai-strict-closed", Client: "openai-strict",
			What:   "strict mode: additionalProperties: false on every object",
			Source: "https://github.com/openai/openai-agents-python/blob/main/src/agents/strict_schema.py",
			tool:   schemaWalk(strictClosed),
		},
		{
			ID: "gemini-name", Client: "gemini",
			What:   "function name starting with a letter or underscore, then a-z, A-Z, 0-9, underscores, dots and dashes, at most 64 characters",
			Source: "https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Tool#FunctionDeclaration",
			tool:   name(geminiName, "Gemini takes a letter or _ first, then a-z, A-Z, 0-9, _, . and -, at most 64"),
		},
		{
			ID: "gemini-type-list", Client: "gemini",
			What:   "one type per schema (Schema.type is a single OpenAPI type; null is said with nullable), so no type lists",
			Source: "https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema",
			tool:   schemaWalk(typeList),
		},
		{
			ID: "anthropic-name", Client: "anthropic",
			What:   "tool name matching ^[a-zA-Z0-9_-]{1,64}$",
			Source: "https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools",
			tool:   name(anthropicName, "Claude takes ^[a-zA-Z0-9_-]{1,64}$"),
		},
		{
			ID: "vscode-tool-count", Client: "vscode",
			What:   "at most 128 tools in one chat request, all servers together",
			Source: "https://github.com/Azure/azure-mcp/blob/main/TROUBLESHOOTING.md#128-tool-limit-issue",
			list: func(tools []*Entry) string {
				if len(tools) > VSCodeMaxTools {
					return fmt.Sprintf("%d tools: VS Code sends at most %d in a request, from every server together", len(tools), VSCodeMaxTools)
				}
				return ""
			},
		},
	}
}

// schemaWalk applies check to every schema node of the input schema, with its JSON pointer.
func schemaWalk(check func(ptr string, node map[string]any) string) func(e *Entry) []string {
	return func(e *Entry) []string {
		if e.InputSchema == nil || !e.Known("inputSchema") {
			return nil
		}
		var out []string
		var walk func(ptr string, v any, depth int)
		walk = func(ptr string, v any, depth int) {
			m, ok := v.(map[string]any)
			if !ok || depth > 32 {
				return
			}
			if msg := check(ptr, m); msg != "" {
				out = append(out, msg)
			}
			if props, ok := m["properties"].(map[string]any); ok {
				for _, k := range ojson.SortedKeys(props) {
					walk(ptr+"/properties/"+escape(k), props[k], depth+1)
				}
			}
			walk(ptr+"/items", m["items"], depth+1)
			if ap, ok := m["additionalProperties"].(map[string]any); ok {
				walk(ptr+"/additionalProperties", ap, depth+1)
			}
			for _, key := range []string{"anyOf", "oneOf", "allOf"} {
				if arr, ok := m[key].([]any); ok {
					for i, s := range arr {
						walk(fmt.Sprintf("%s/%s/%d", ptr, key, i), s, depth+1)
					}
				}
			}
		}
		walk("", ojson.Normalize(e.InputSchema), 0)
		return out
	}
}

func isObject(m map[string]any) bool {
	for _, t := range typeSet(m) {
		if t == "object" {
			return true
		}
	}
	return false
}

func where(ptr string) string {
	if ptr == "" {
		return "the input schema"
	}
	return "input" + strings.ReplaceAll(strings.ReplaceAll(ptr, "/properties/", "."), "/items", "[]")
}

func strictRequired(ptr string, m map[string]any) string {
	props, _ := m["properties"].(map[string]any)
	req := stringSet(m["required"])
	var missing []string
	for _, k := range ojson.SortedKeys(props) {
		if !req[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: %s not required; strict mode needs every property required", where(ptr), strings.Join(missing, ", "))
}

func strictClosed(ptr string, m map[string]any) string {
	if !isObject(m) || m["additionalProperties"] == false {
		return ""
	}
	return fmt.Sprintf("%s: object without additionalProperties: false, which strict mode needs", where(ptr))
}

func typeList(ptr string, m map[string]any) string {
	if _, isList := m["type"].([]any); !isList {
		return ""
	}
	return fmt.Sprintf("%s: type list %s; Gemini takes one type (and nullable)", where(ptr), join(typeSet(m)))
}

// Compat is the compatibility of a surface's tools with clients.
type Compat struct {
	Clients []string `json:"clients"`
	// Tools maps each tool name to, per client, what breaks (empty: compatible).
	Tools []ToolCompat `json:"tools"`
	// List holds, per client, what breaks for the tool list as a whole.
	List map[string][]string `json:"list"`
}

// ToolCompat is one tool's row.
type ToolCompat struct {
	Name     string              `json:"name"`
	Problems map[string][]string `json:"problems"`
}

// Check checks the tools against the restrictions of clients (all when empty).
func CheckClients(s *Surface, clients []string) (*Compat, error) {
	if len(clients) == 0 {
		clients = DefaultClients()
	}
	known := map[string]bool{}
	for _, c := range Clients {
		known[c] = true
	}
	for _, c := range clients {
		if !known[c] {
			if c == "cursor" {
				return nil, fmt.Errorf("client %q has no first-hand documented restriction to check (docs/surface.md); known: %s", c, strings.Join(Clients, ", "))
			}
			return nil, fmt.Errorf("unknown client %q; known: %s", c, strings.Join(Clients, ", "))
		}
	}
	c := &Compat{Clients: clients, List: map[string][]string{}}
	rs := Restrictions()
	for _, e := range s.Tools {
		row := ToolCompat{Name: orQuestion(e.Name), Problems: map[string][]string{}}
		for _, client := range clients {
			for _, r := range rs {
				if r.Client == client && r.tool != nil {
					row.Problems[client] = append(row.Problems[client], r.tool(e)...)
				}
			}
		}
		c.Tools = append(c.Tools, row)
	}
	for _, client := range clients {
		for _, r := range rs {
			if r.Client == client && r.list != nil {
				if msg := r.list(s.Tools); msg != "" {
					c.List[client] = append(c.List[client], msg)
				}
			}
		}
	}
	return c, nil
}

// Incompatible counts tool × client cells with a problem, plus list problems.
func (c *Compat) Incompatible() int {
	n := 0
	for _, t := range c.Tools {
		for _, p := range t.Problems {
			if len(p) > 0 {
				n++
			}
		}
	}
	for _, p := range c.List {
		n += len(p)
	}
	return n
}

func (c *Compat) cell(t ToolCompat, client string, ok, bad string) string {
	if n := len(t.Problems[client]); n > 0 {
		return fmt.Sprintf("%s %d", bad, n)
	}
	if !c.documented(client) {
		return "-"
	}
	return ok
}

// documented reports whether mcplint knows a restriction of client that applies to tools.
func (c *Compat) documented(client string) bool {
	for _, r := range Restrictions() {
		if r.Client == client && r.tool != nil {
			return true
		}
	}
	return false
}

// WriteText writes the tool × client table, then every problem.
func (c *Compat) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "TOOL\t%s\n", strings.Join(upper(c.Clients), "\t"))
	for _, t := range c.Tools {
		cells := make([]string, len(c.Clients))
		for i, client := range c.Clients {
			cells[i] = c.cell(t, client, "ok", "x")
		}
		fmt.Fprintf(tw, "%s\t%s\n", t.Name, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var b strings.Builder
	for _, t := range c.Tools {
		for _, client := range c.Clients {
			for _, p := range t.Problems[client] {
				fmt.Fprintf(&b, "%s %s: %s\n", client, t.Name, p)
			}
		}
	}
	for _, client := range sortedKeys(c.List) {
		for _, p := range c.List[client] {
			fmt.Fprintf(&b, "%s: %s\n", client, p)
		}
	}
	fmt.Fprintf(&b, "%s; '-' means the client documents no restriction mcplint checks (docs/surface.md#client-compatibility)\n", count(c.Incompatible(), "incompatibility"))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the table for a pull request or a CI step summary.
func (c *Compat) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### MCP tools × clients: %s\n\n| tool | %s |\n|---|%s\n", count(c.Incompatible(), "incompatibility"), strings.Join(c.Clients, " | "), strings.Repeat("---|", len(c.Clients)))
	for _, t := range c.Tools {
		cells := make([]string, len(c.Clients))
		for i, client := range c.Clients {
			cells[i] = c.cell(t, client, "✅", "❌")
			if ps := t.Problems[client]; len(ps) > 0 {
				cells[i] += " " + strings.ReplaceAll(strings.Join(ps, "; "), "|", `\|`)
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", t.Name, strings.Join(cells, " | "))
	}
	for _, client := range sortedKeys(c.List) {
		for _, p := range c.List[client] {
			fmt.Fprintf(&b, "\n❌ %s: %s\n", client, p)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func upper(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToUpper(s)
	}
	return out
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
