package surface_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/surface"
)

// TestStaticSchemaBuilders: properties the module adds to a schema after its literal (a set
// on the variable, builder functions, a property built from arguments) are in the static
// schema; changes recognition cannot follow make the schema unknown, never guessed.
func TestStaticSchemaBuilders(t *testing.T) {
	s := static(t, "./surface/builders")

	commits := find(t, s.Tools, "list_commits")
	assert.Empty(t, commits.X.Unknown)
	assert.JSONEq(t, `{"type":"object","required":["repo"],"properties":{
		"repo":{"type":"string","minLength":1},
		"fields":{"type":"array","description":"fields to return","items":{"type":"string","enum":["sha","url"]}},
		"page":{"type":"number","minimum":1},
		"perPage":{"type":"number","minimum":1,"maximum":100},
		"after":{"type":"string","description":"cursor"}}}`, jsonOf(t, commits.InputSchema))

	gists := find(t, s.Tools, "list_gists")
	assert.Empty(t, gists.X.Unknown)
	assert.JSONEq(t, `{"type":"object","properties":{
		"since":{"type":"string"},
		"page":{"type":"number","minimum":1},
		"perPage":{"type":"number","minimum":1,"maximum":100}}}`, jsonOf(t, gists.InputSchema))

	for _, name := range []string{"flagged", "required", "late"} {
		e := find(t, s.Tools, name)
		assert.False(t, e.Known("inputSchema"), name)
	}
	// One tool per call of a factory, named and described by its arguments.
	title := find(t, s.Tools, "update_title")
	assert.Equal(t, "Update the title.", title.Description)
	assert.Contains(t, title.X.Position, "main.go:")
	assert.Equal(t, "Update the body.", find(t, s.Tools, "update_body").Description)
	for _, e := range s.Tools {
		assert.NotEmpty(t, e.Name, "the factory's own literal is no entry")
	}

	collaborators := find(t, s.Tools, "collaborators")
	assert.Empty(t, collaborators.X.Unknown)
	assert.Contains(t, jsonOf(t, collaborators.InputSchema), `"page":{"type":"number","minimum":1,"description":"Page number (default 1)"}`)

	folded := find(t, s.Tools, "folded")
	assert.Contains(t, jsonOf(t, folded.InputSchema), `"description":"Results per page (max 50)"`)
	assert.False(t, folded.Known("inputSchema/properties/level/description"))
	assert.Equal(t, "repo:/{owner}/files", find(t, s.ResourceTemplates, "repo:/{owner}/files").URITemplate)

	granular := find(t, s.Tools, "granular")
	assert.False(t, granular.Known("inputSchema/properties"))
	assert.True(t, granular.Known("inputSchema/type"))

	// uritemplate.MustNew(constant).Raw() is the constant; a template built at run time is not.
	require.Len(t, s.ResourceTemplates, 3)
	templates := map[string]bool{}
	for _, e := range s.ResourceTemplates {
		templates[e.URITemplate] = e.Known("uriTemplate")
	}
	assert.Equal(t, map[string]bool{"repo://{owner}/{repo}/contents{/path*}": true, "repo:/{owner}/files": true, "": false}, templates)
}

// TestLiveSchemaBuilders: the running server lists exactly what the static surface says of
// the followed schemas.
func TestLiveSchemaBuilders(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts a server")
	}
	st := static(t, "./surface/builders")
	c := surface.Compare(st, live(t, buildServer(t, "./surface/builders")))
	assert.Empty(t, c.Differences)
	assert.Equal(t, 10, c.Matched["tools"])
	assert.Equal(t, 2, c.Matched["resourceTemplates"])
	// The template built at run time cannot be matched by its key: one on each side.
	assert.Len(t, c.OnlyLive, 1)
	assert.Len(t, c.OnlyStatic, 1)
}

// TestHeaderAnnotationsByAnotherPackage: x-mcp-header annotations a registration helper in
// another package adds (github-mcp-server's AnnotateHeaderParams) are in the static surface,
// only where the helper adds them, and the running server lists exactly that.
func TestHeaderAnnotationsByAnotherPackage(t *testing.T) {
	s := static(t, "./surface/headers/...")
	repo := find(t, s.Tools, "get_repo")
	assert.JSONEq(t, `{"type":"object","required":["owner","repo"],"properties":{
		"owner":{"type":"string","description":"The owner.","x-mcp-header":"owner"},
		"repo":{"type":"string","description":"The repository.","x-mcp-header":"repo"},
		"ref":{"type":"string","description":"A git ref."}}}`, jsonOf(t, repo.InputSchema))
	assert.Contains(t, jsonOf(t, find(t, s.Tools, "get_owner").InputSchema), `"x-mcp-header":"Org"`)
	assert.NotContains(t, jsonOf(t, find(t, s.Tools, "search").InputSchema), "x-mcp-header")
	assert.NotContains(t, jsonOf(t, find(t, s.Tools, "raw").InputSchema), "x-mcp-header")
	if testing.Short() {
		return
	}
	c := surface.Compare(s, live(t, buildServer(t, "./surface/headers")))
	assert.Empty(t, c.Differences)
	assert.Equal(t, 4, c.Matched["tools"])
}
