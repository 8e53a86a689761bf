package surface_test

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/internal/tokens"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/surface"
	liveserver "github.com/mcplint-go/mcplint/surface/live"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// static computes the surface of fixture packages.
func static(t *testing.T, patterns ...string) *surface.Surface {
	t.Helper()
	pkgs, err := fixtures.Load(patterns...)
	require.NoError(t, err)
	var c surface.Collector
	graph, err := checker.Analyze([]*analysis.Analyzer{surface.NewAnalyzer(mcpdefs.New(mcpdefs.Options{}), &c)}, pkgs, nil)
	require.NoError(t, err)
	for _, act := range graph.Roots {
		require.NoError(t, act.Err)
	}
	s := c.Surface()
	surface.Estimate(s, &tokens.Counter{})
	return s
}

func find(t *testing.T, entries []*surface.Entry, key string) *surface.Entry {
	t.Helper()
	for _, e := range entries {
		if e.Name == key || e.URI == key || e.URITemplate == key {
			return e
		}
	}
	t.Fatalf("no entry %q", key)
	return nil
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func TestStaticGoSDK(t *testing.T) {
	s := static(t, "./surface/gosdkserver")
	require.Len(t, s.Tools, 5)

	greet := find(t, s.Tools, "greet")
	assert.Equal(t, "Greet", greet.Title)
	assert.Equal(t, "inferred", greet.X.InputFrom)
	assert.Equal(t, "Everything", greet.X.InputType)
	assert.Empty(t, greet.X.Unknown)
	in := jsonOf(t, greet.InputSchema)
	// Embedded fields are promoted, descriptions come from the jsonschema tag, sized integers
	// get bounds, slices are nullable, arrays have fixed length, {} is true.
	for _, want := range []string{
		`"id":{"type":"string","description":"the record ID"}`,
		`"small":{"type":"integer","minimum":-128,"maximum":127}`,
		`"port":{"type":"integer","minimum":0,"maximum":65535}`,
		`"tags":{"type":["null","array"],"items":{"type":"string"},"description":"free-form tags"}`,
		`"pair":{"type":"array","items":{"type":"integer"},"minItems":2,"maxItems":2}`,
		`"labels":{"type":"object","additionalProperties":{"type":"string"}}`,
		`"anything":{"description":"any JSON value"}`,
		`"when":{"type":"string"}`,
		`"maybe":{"type":["null","object"]`,
		`"NoTag":{"type":"string"}`,
	} {
		assert.Contains(t, in, want)
	}
	assert.NotContains(t, in, "Skipped")
	assert.NotContains(t, in, "hidden")
	assert.Contains(t, in, `"required":["id","name","small","byte","port","ratio","pair","when","items","NoTag"]`)
	assert.Equal(t, `{"readOnlyHint":true,"idempotentHint":false,"openWorldHint":false}`, jsonOf(t, greet.Annotations))
	require.NotNil(t, greet.X.Handler)
	assert.Equal(t, "greet", greet.X.Handler.Name)
	assert.Equal(t, "tool-error", greet.X.Handler.Errors)

	raw := find(t, s.Tools, "raw")
	assert.Equal(t, "protocol-error", raw.X.Handler.Errors)
	// jsonschema.Ptr(0.0) is read through the pointer helper; a bound computed at run time
	// is marked, not invented.
	assert.Contains(t, jsonOf(t, raw.InputSchema), `"depth":{"type":"integer","minimum":0}`)
	require.Len(t, raw.X.Unknown, 1)
	assert.Equal(t, "inputSchema/properties/limit/maximum", raw.X.Unknown[0].Field)
	assert.False(t, raw.Known("inputSchema"))
	assert.True(t, raw.Known("description"))

	assert.Equal(t, "experimental", find(t, s.Tools, "experimental").X.Condition)
	assert.Equal(t, `os.Getenv("SURFACE_EXTRA") == "1"`, find(t, s.Tools, "extra").X.Condition)
	assert.False(t, greet.X.Conditional)

	readme := find(t, s.Resources, "file:///readme.md")
	assert.Equal(t, "text/markdown", readme.MIMEType)
	assert.Equal(t, "docs://{name}", find(t, s.ResourceTemplates, "docs://{name}").URITemplate)
	review := find(t, s.Prompts, "review")
	assert.Equal(t, []surface.Argument{{Name: "code", Description: "the code", Required: true}, {Name: "style"}}, review.Arguments)

	assert.Positive(t, greet.X.Tokens)
	assert.Greater(t, greet.X.Tokens, find(t, s.Tools, "ping").X.Tokens)
}

func TestStaticMarkLabs(t *testing.T) {
	s := static(t, "./surface/m3server")
	search := find(t, s.Tools, "search")
	assert.Equal(t, "properties", search.X.InputFrom)
	// NewTool's defaults, with the read-only option applied.
	assert.Equal(t, `{"readOnlyHint":true,"destructiveHint":true,"idempotentHint":false,"openWorldHint":true}`, jsonOf(t, search.Annotations))
	typed := find(t, s.Tools, "typed")
	assert.Equal(t, "inferred", typed.X.InputFrom)
	in := jsonOf(t, typed.InputSchema)
	assert.Contains(t, in, `"text":{"type":"string","description":"what to search for"}`)
	assert.Contains(t, in, `"limit":{"type":"integer","description":"at most this many"}`)
	assert.Equal(t, []surface.Argument{{Name: "text", Description: "the text", Required: true}}, find(t, s.Prompts, "summarize").Arguments)
}

// buildServer builds a fixture server into a temporary directory.
func buildServer(t *testing.T, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Dir = fixtures.Dir()
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

func live(t *testing.T, bin string, env ...string) *surface.Surface {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), env...)
	s, err := liveserver.List(ctx, cmd, "test")
	require.NoError(t, err)
	return s
}

func refs(rs []surface.Ref) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.List+" "+r.Key)
	}
	return out
}

// TestLiveGoSDK is the oracle for schema inference: what the server lists must be what the
// static surface says, field for field.
func TestLiveGoSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/gosdkserver")
	bin := buildServer(t, "./surface/gosdkserver")

	c := surface.Compare(st, live(t, bin))
	assert.Empty(t, c.Differences)
	assert.Empty(t, c.OnlyLive)
	assert.Equal(t, []string{"tools experimental", "tools extra"}, refs(c.OnlyStatic))
	assert.Equal(t, map[string]int{"tools": 3, "resources": 1, "resourceTemplates": 1, "prompts": 1}, c.Matched)
	// raw's inputSchema holds a value recognition cannot read: the rest of it is compared.
	assert.Zero(t, c.Unchecked)
	assert.Equal(t, 1, c.Partial)

	// The condition holds: the entry is listed and matches.
	c = surface.Compare(st, live(t, bin, "SURFACE_EXTRA=1"))
	assert.Equal(t, []string{"tools experimental"}, refs(c.OnlyStatic))
	assert.Empty(t, c.Differences)
}

func TestLiveMarkLabs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/m3server")
	c := surface.Compare(st, live(t, buildServer(t, "./surface/m3server")))
	assert.True(t, c.Agree(), "%s", jsonOf(t, c))
	assert.Equal(t, 3, c.Matched["tools"])
	assert.Zero(t, c.Unchecked)
}

// TestLiveHelpers: tools defined through the server's own helpers (generic, nested, low-level)
// are one entry per call, with the name, description, schemas and annotations the running
// server lists; the call whose name is read at run time is an entry with an unknown name.
func TestLiveHelpers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/helpers", "./surface/helpers/lib")
	assert.Equal(t, "ListIn", find(t, st.Tools, "list_labels").X.InputType)
	peek := find(t, st.Tools, "peek_issue")
	assert.Equal(t, "Read only. Peek at an issue.", peek.Description)
	assert.Equal(t, "IssueIn", peek.X.InputType)
	require.NotNil(t, peek.X.Handler)
	assert.Equal(t, "getIssue", peek.X.Handler.Name)
	bin := buildServer(t, "./surface/helpers")
	c := surface.Compare(st, live(t, bin))
	assert.Empty(t, c.Differences)
	assert.Empty(t, c.OnlyLive)
	assert.Equal(t, []string{"tools ?"}, refs(c.OnlyStatic))
	assert.Equal(t, 5, c.Matched["tools"])
	assert.Zero(t, c.Unchecked)
	assert.Zero(t, c.Partial)

	// The run-time name is a tool the live server lists and the static side cannot name.
	c = surface.Compare(st, live(t, bin, "HELPERS_EXTRA=from_env"))
	assert.Equal(t, []string{"tools from_env"}, refs(c.OnlyLive))
	assert.Empty(t, c.Differences)
}

// TestLiveCopies: a name built twice, once kept in a map and once registered, is listed once,
// as the registered copy says, and matches what the running server lists; a built copy no
// registered tool shares a name with stays listed (it may be registered where recognition
// cannot see).
func TestLiveCopies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/copies")
	var names []string
	for _, e := range st.Tools {
		names = append(names, e.Name)
	}
	assert.Equal(t, []string{"rollouts_abort", "rollouts_list", "rollouts_retry"}, names)
	assert.Equal(t, "List progressive delivery resources", find(t, st.Tools, "rollouts_list").Description)
	assert.Nil(t, find(t, st.Tools, "rollouts_retry").X.Handler)
	c := surface.Compare(st, live(t, buildServer(t, "./surface/copies")))
	assert.Empty(t, c.Differences)
	assert.Empty(t, c.OnlyLive)
	assert.Equal(t, []string{"tools rollouts_retry"}, refs(c.OnlyStatic))
	assert.Equal(t, 2, c.Matched["tools"])
}

// TestLiveM3Helpers: the mark3labs helper's calls, options passed through one or two helpers
// included; the options built at run time leave what they may set unknown, never NewTool's
// defaults.
func TestLiveM3Helpers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/m3helpers")
	dynamic := find(t, st.Tools, "dynamic")
	assert.Equal(t, "Options from the environment.", dynamic.Description)
	assert.Nil(t, dynamic.Annotations)
	assert.False(t, dynamic.Known("annotations"))
	assert.False(t, dynamic.Known("inputSchema"))
	bin := buildServer(t, "./surface/m3helpers")
	for _, env := range [][]string{nil, {"M3HELPERS_PARAMS=a b"}} {
		c := surface.Compare(st, live(t, bin, env...))
		assert.True(t, c.Agree(), "%s", jsonOf(t, c))
		assert.Equal(t, 4, c.Matched["tools"])
	}
}

// TestLiveHTTP: the same server, serving streamable HTTP, lists the same over -url.
func TestLiveHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, buildServer(t, "./surface/m3server"))
	cmd.Env = append(os.Environ(), "SURFACE_HTTP="+addr)
	lv, err := liveserver.HTTP(ctx, "http://"+addr+"/mcp", nil, cmd, "test")
	require.NoError(t, err)
	c := surface.Compare(static(t, "./surface/m3server"), lv)
	assert.True(t, c.Agree(), "%s", jsonOf(t, c))
	assert.Equal(t, 3, c.Matched["tools"])
	assert.Equal(t, 1, c.Matched["resourceTemplates"])
}

// TestLiveFindsGaps: a live entry the static surface lacks, and a field that differs, are
// reported as such.
func TestLiveFindsGaps(t *testing.T) {
	st := static(t, "./surface/m3server")
	lv, err := surface.Read([]byte(`{"tools":[
		{"name":"search","description":"Changed.","inputSchema":{"type":"object"}},
		{"name":"hidden","inputSchema":{"type":"object"}}]}`))
	require.NoError(t, err)
	c := surface.Compare(st, lv)
	assert.Equal(t, []string{"tools hidden"}, refs(c.OnlyLive))
	assert.Contains(t, refs(c.OnlyStatic), "tools typed")
	var fields []string
	for _, d := range c.Differences {
		fields = append(fields, d.Field+strings.Join(d.Paths, ","))
	}
	assert.Contains(t, fields, "description/")
	assert.Contains(t, fields, "inputSchema/properties,/required")
}

// TestComparePartial: an unknown part of a schema is left out of the comparison on both
// sides, and what is known still has to agree.
func TestComparePartial(t *testing.T) {
	st, err := surface.Read([]byte(`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}},
		"x-mcplint":{"unknown":[{"field":"inputSchema/properties/n/minimum","reason":"not a constant"}]}}]}`))
	require.NoError(t, err)
	same, err := surface.Read([]byte(`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}}]}`))
	require.NoError(t, err)
	c := surface.Compare(st, same)
	assert.True(t, c.Agree())
	assert.Equal(t, 1, c.Partial)

	other, err := surface.Read([]byte(`{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"n":{"type":"string","minimum":1}}}}]}`))
	require.NoError(t, err)
	c = surface.Compare(st, other)
	require.Len(t, c.Differences, 1)
	assert.Equal(t, []string{"/properties/n/type"}, c.Differences[0].Paths)
}

// TestLibrarySchemas: schemas the module builds itself with jsonschema-go or
// invopop/jsonschema are inferred with that library's rules, and what was changed after the
// library built it, or is built with options mcplint does not mirror, is unknown.
func TestLibrarySchemas(t *testing.T) {
	s := static(t, "./surface/libschemas")
	for name, from := range map[string]string{"for_input": "jsonschema-go", "helper_input": "jsonschema-go", "invopop_expanded": "invopop",
		"reflected_greet": "jsonschema-go", "reflected_count": "jsonschema-go"} {
		e := find(t, s.Tools, name)
		assert.Equal(t, from, e.X.InputFrom, name)
		assert.Empty(t, e.X.Unknown, name)
	}
	assert.Equal(t, "Greeting", find(t, s.Tools, "helper_input").X.InputType, "the helper's type argument")
	assert.Equal(t, "Greeting", find(t, s.Tools, "reflected_greet").X.InputType, "reflected from the handler the call passes")
	assert.Equal(t, "Result", find(t, s.Tools, "reflected_count").X.InputType, "reflected from the handler the call passes")
	assert.Equal(t, "invopop", find(t, s.Tools, "invopop_output").X.OutputFrom)
	list := find(t, s.Tools, "list_output")
	assert.Equal(t, "[]Greeting", list.X.OutputType, "[]T instantiated")
	assert.Empty(t, list.X.Unknown)
	// invopop: references into $defs, pointers not nullable, required unless omitempty, tag
	// options; the expanded root keeps its type.
	in := jsonOf(t, find(t, s.Tools, "invopop_expanded").InputSchema)
	// A command's types are in package "main" for reflection: no valid $id base.
	assert.NotContains(t, in, `"$id"`)
	for _, want := range []string{
		`"query":{"type":"string","minLength":1,"description":"What to search for"}`,
		`"limit":{"type":"integer","maximum":100,"minimum":1,"default":20}`,
		`"since":{"type":"string","format":"date-time"}`,
		`"filter":{"$ref":"#/$defs/Filter"}`,
		`"next":{"$ref":"#/$defs/Search"}`,
		`"required":["query","filter"]`,
		`"status":{"type":"string","enum":["open","closed"],"description":"Status to match"}`,
	} {
		assert.Contains(t, in, want)
	}
	changed := find(t, s.Tools, "changed_after")
	require.Len(t, changed.X.Unknown, 1)
	assert.Equal(t, "inputSchema", changed.X.Unknown[0].Field)
	keyNamer := find(t, s.Tools, "key_namer")
	require.Len(t, keyNamer.X.Unknown, 1)
	assert.Contains(t, keyNamer.X.Unknown[0].Reason, "KeyNamer")
	setLater := find(t, s.Tools, "set_later")
	require.Len(t, setLater.X.Unknown, 1)
	assert.Contains(t, setLater.X.Unknown[0].Reason, "changed after")
	fromType := find(t, s.Tools, "from_type")
	assert.Empty(t, fromType.X.Unknown)
	assert.Contains(t, jsonOf(t, fromType.InputSchema), `"required":["query"]`, "only the tag that says required")

	m3 := find(t, static(t, "./surface/m3libschemas").Tools, "lookup")
	assert.Equal(t, "invopop", m3.X.InputFrom)
	assert.Equal(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"id":{"type":"string","pattern":"^[0-9]+$","description":"The record ID"},`+
		`"fields":{"items":{"type":"string"},"type":"array","uniqueItems":true},"verbose":{"type":"boolean","default":false}},"additionalProperties":false,"type":"object","required":["id"]}`,
		jsonOf(t, m3.InputSchema))
}

// TestLiveLibrarySchemas is the oracle for the schema libraries: the servers run the real
// libraries, and what they list must be what mcplint inferred.
func TestLiveLibrarySchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	c := surface.Compare(static(t, "./surface/libschemas"), live(t, buildServer(t, "./surface/libschemas")))
	assert.True(t, c.Agree(), "%s", jsonOf(t, c))
	assert.Equal(t, 11, c.Matched["tools"])
	assert.Equal(t, 3, c.Unchecked, "the three near misses are not compared")

	c = surface.Compare(static(t, "./surface/m3libschemas"), live(t, buildServer(t, "./surface/m3libschemas")))
	assert.True(t, c.Agree(), "%s", jsonOf(t, c))
	assert.Equal(t, 1, c.Matched["tools"])
	assert.Zero(t, c.Unchecked)
}

// TestMCPToolOutput: the output schema mcptool.Add advertises is the inferred output or the
// error envelope its own code builds from the contract; an Enum type's run-time values make
// it unknown. The running server is the oracle.
func TestMCPToolOutput(t *testing.T) {
	st := static(t, "./surface/mcptoolserver")
	get := find(t, st.Tools, "get_record")
	assert.Empty(t, get.X.Unknown)
	out := jsonOf(t, get.OutputSchema)
	assert.Contains(t, out, `{"type":"object","description":"The tool's output; when isError is true, an object with a single key \"error\" instead.","anyOf":[{"type":"object","properties":{"id"`)
	assert.Contains(t, out, `Declared: -32001 NotFound, -32003 RateLimited.`)
	assert.Contains(t, out, `no_such_record (NotFound): the ID matches no record. busy (RateLimited, retryable): too many calls.`)
	assert.Empty(t, find(t, st.Tools, "no_contract").X.Unknown)
	leveled := find(t, st.Tools, "leveled")
	require.Len(t, leveled.X.Unknown, 1)
	assert.Equal(t, "outputSchema", leveled.X.Unknown[0].Field)

	if testing.Short() {
		return
	}
	c := surface.Compare(st, live(t, buildServer(t, "./surface/mcptoolserver")))
	assert.True(t, c.Agree(), "%s", jsonOf(t, c))
	assert.Equal(t, 3, c.Matched["tools"])
	assert.Equal(t, 1, c.Unchecked)
}

// TestMCPGoInvopop: mcp-go v0.36 to v0.45 build WithInputSchema/WithOutputSchema schemas with
// invopop/jsonschema; the surface infers them with that library's rules, and the running
// server (on mcp-go v0.45.0) is the oracle.
func TestMCPGoInvopop(t *testing.T) {
	const module = "versions/mcpgo-v0.45"
	pkgs, err := fixtures.LoadModule(module, "./invopopserver")
	require.NoError(t, err)
	var c surface.Collector
	graph, err := checker.Analyze([]*analysis.Analyzer{surface.NewAnalyzer(mcpdefs.New(mcpdefs.Options{}), &c)}, pkgs, nil)
	require.NoError(t, err)
	for _, act := range graph.Roots {
		require.NoError(t, act.Err)
	}
	st := c.Surface()
	e := find(t, st.Tools, "forecast")
	assert.Empty(t, e.X.Unknown)
	in := jsonOf(t, e.InputSchema)
	// Inline (no $defs, no $id, no $schema), open objects, pointers not nullable, required
	// unless omitempty (omitzero does not count in v0.13.0), tag options.
	assert.NotContains(t, in, "$")
	assert.NotContains(t, in, "additionalProperties\":false")
	assert.Contains(t, in, `"since":{"type":"string","format":"date-time","description":"From when"}`)
	assert.Contains(t, in, `"days":{"type":"integer","maximum":14,"minimum":1,"description":"How many days ahead"}`)
	assert.Contains(t, in, `"required":["where","tags","units"]`)
	out := jsonOf(t, e.OutputSchema)
	assert.True(t, strings.HasPrefix(out, `{"properties":{"highs":`), out)
	assert.True(t, strings.HasSuffix(out, `"required":["summary","highs"],"type":"object"}`), out)

	if testing.Short() {
		return
	}
	bin := filepath.Join(t.TempDir(), "invopopserver")
	cmd := exec.Command("go", "build", "-o", bin, "./invopopserver")
	cmd.Dir = filepath.Join(fixtures.Dir(), module)
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	cmp := surface.Compare(st, live(t, bin))
	assert.True(t, cmp.Agree(), "%s", jsonOf(t, cmp))
	assert.Equal(t, 1, cmp.Matched["tools"])
	assert.Zero(t, cmp.Unchecked)
}

// Registrations under a condition are marked with the condition and where it is: a guard
// that returns first, a flag at the only call of the registering helper, and a switch of
// another package around the registration of a definition this one builds. Registrations
// that run whatever holds are not: after an error check, or by a helper one call of which
// is unconditional.
func TestSurfaceMarksConditionalRegistrations(t *testing.T) {
	s := static(t, "./surface/conditional", "./surface/conditional/tools")
	for name, want := range map[string]string{
		"write_file":  "!(cfg.ReadOnly)",
		"admin_reset": "cfg.Admin",
		"purge":       `!cfg.Excluded["purge"]`,
	} {
		e := find(t, s.Tools, name)
		assert.True(t, e.X.Conditional, name)
		assert.Equal(t, want, e.X.Condition, name)
		assert.NotEmpty(t, e.X.ConditionAt, name)
	}
	assert.Contains(t, find(t, s.Tools, "admin_reset").X.ConditionAt, "main.go:58:5")
	// Literals of the server's own tool struct, registered by its Register method: the
	// conditions of Register's calls (a guard in a loop over categories).
	for _, name := range []string{"read_file", "delete_file"} {
		e := find(t, s.Tools, name)
		assert.True(t, e.X.Conditional, name)
		assert.Contains(t, e.X.Condition, "!(readOnly && isWrite(t.Tool.Name))", name)
	}
	// A closure of another package stored in a func field, called in a filtered loop here.
	drop := find(t, s.Tools, "drop_table")
	assert.True(t, drop.X.Conditional)
	assert.Contains(t, drop.X.Condition, "!(cfg.ReadOnly && r.Write)")
	assert.Contains(t, drop.X.ConditionAt, "main.go")
	// A closure a local helper stores in a func field, called in a loop under a level check.
	apply := find(t, s.Tools, "run_apply")
	assert.True(t, apply.X.Conditional)
	assert.Contains(t, apply.X.Condition, "t.min <= allowed")
	// A loop over names given at run time is a condition; one over a table written out in
	// the code is none.
	counted := find(t, s.Tools, "") // its name is made at run time
	assert.True(t, counted.X.Conditional)
	assert.Contains(t, counted.X.Condition, "inside a loop")
	for _, name := range []string{"common", "stats", "after_check", "version", "ping", "vm_list"} {
		e := find(t, s.Tools, name)
		assert.False(t, e.X.Conditional, name)
		assert.Empty(t, e.X.Condition, name)
	}
}
