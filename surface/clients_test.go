package surface_test

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/surface"
)

// TestClients: each restriction fires on the crafted tool that breaks it and on no other.
func TestClients(t *testing.T) {
	s := tools(t,
		tool("fine", obj+`,"properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false`),
		tool("has space", obj+`,"properties":{},"additionalProperties":false`),
		tool("1starts_with_digit", obj+`,"properties":{},"additionalProperties":false`),
		tool("dotted.name", obj+`,"properties":{},"additionalProperties":false`),
		tool("optional", obj+`,"properties":{"q":{"type":"string"}},"additionalProperties":false`),
		tool("open", obj+`,"properties":{"q":{"type":"string"}},"required":["q"]`),
		tool("nullable", obj+`,"properties":{"tags":{"type":["null","array"],"items":{"type":"string"}}},"required":["tags"],"additionalProperties":false`),
		tool(strings.Repeat("n", 65), obj+`,"properties":{},"additionalProperties":false`),
	)
	c, err := surface.CheckClients(s, surface.Clients)
	require.NoError(t, err)
	got := map[string][]string{}
	for _, row := range c.Tools {
		for client, ps := range row.Problems {
			if len(ps) > 0 {
				got[row.Name] = append(got[row.Name], client)
			}
		}
	}
	for _, v := range got {
		sort.Strings(v)
	}
	long := strings.Repeat("n", 65)
	assert.Equal(t, map[string][]string{
		"has space":          {"anthropic", "gemini", "openai"},
		"1starts_with_digit": {"gemini"},
		"dotted.name":        {"anthropic", "openai"},
		"optional":           {"openai-strict"},
		"open":               {"openai-strict"},
		"nullable":           {"gemini"},
		long:                 {"anthropic", "gemini", "openai"},
	}, got)
	assert.Empty(t, c.List)

	_, err = surface.CheckClients(s, []string{"claude"})
	assert.ErrorContains(t, err, `unknown client "claude"`)
	// Cursor documents no restriction first-hand: not a column of the table, and asking for
	// it says why.
	assert.NotContains(t, surface.Clients, "cursor")
	_, err = surface.CheckClients(s, []string{"cursor"})
	assert.ErrorContains(t, err, `"cursor" has no first-hand documented restriction`)
}

func TestClientsToolCount(t *testing.T) {
	var defs []string
	for i := range 129 {
		defs = append(defs, tool(fmt.Sprintf("t%d", i), obj))
	}
	c, err := surface.CheckClients(tools(t, defs...), []string{"vscode"})
	require.NoError(t, err)
	assert.Equal(t, map[string][]string{"vscode": {"129 tools: VS Code sends at most 128 in a request, from every server together"}}, c.List)
	c, err = surface.CheckClients(tools(t, defs[:128]...), []string{"vscode"})
	require.NoError(t, err)
	assert.Empty(t, c.List)

	var md bytes.Buffer
	require.NoError(t, c.WriteMarkdown(&md))
	assert.Contains(t, md.String(), "| `t0` | - |")
}

// "all" (no list) is every client as it comes: openai-strict, a mode the calling application
// opts into, is checked only when named, so an ordinary server with optional properties passes.
func TestAllClientsLeaveOutStrictMode(t *testing.T) {
	s := tools(t, tool("search", obj+`,"properties":{"q":{"type":"string"},"limit":{"type":"integer"}},"required":["q"]`))
	c, err := surface.CheckClients(s, nil)
	require.NoError(t, err)
	assert.NotContains(t, c.Clients, "openai-strict")
	assert.Contains(t, c.Clients, "openai")
	assert.Zero(t, c.Incompatible())

	c, err = surface.CheckClients(s, []string{"openai-strict"})
	require.NoError(t, err)
	assert.Equal(t, 1, c.Incompatible(), "named, strict mode is checked")
}
