package surface_test

import (
	"context"
	"encoding/json"
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

	"github.com/mcplint/mcplint/internal/fixtures"
	"github.com/mcplint/mcplint/internal/tokens"
	"github.com/mcplint/mcplint/mcpdefs"
	"github.com/mcplint/mcplint/surface"
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
	s, err := surface.Live(ctx, cmd, "test")
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
