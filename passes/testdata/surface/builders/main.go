// Command builders is a go-sdk server whose tools' input schemas are completed after their
// literal by the module's own code: properties set on the variable, builder functions that
// add properties (as a statement and around the literal), a property built by a function
// from its arguments, and pointer helpers; resource templates given as a parsed template's
// Raw text. The near misses are changes recognition must not
// claim to know: a builder under a condition, a helper that is no builder, a set after use.
package main

import (
	"context"
	"fmt"
	"log"
	"maps"
	"os"
	"path"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/yosida95/uritemplate/v3"
)

// Resource templates parsed once and handed to the SDK as their Raw text; the second is
// built at run time (a near miss: its URI template is unknown).
var (
	contentTemplate = uritemplate.MustNew("repo://{owner}/{repo}/contents{/path*}")
	hostTemplate    = uritemplate.MustNew("repo://" + os.Getenv("REPO_HOST") + "/{path}")
)

func read(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

// withPagination adds page and perPage to a schema and returns it.
func withPagination(schema *jsonschema.Schema) *jsonschema.Schema {
	schema.Properties["page"] = &jsonschema.Schema{Type: "number", Minimum: jsonschema.Ptr(1.0)}
	schema.Properties["perPage"] = &jsonschema.Schema{Type: "number", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(100.0)}
	return schema
}

// withCursor adds after, returning nothing.
func withCursor(schema *jsonschema.Schema) {
	schema.Properties["after"] = &jsonschema.Schema{Type: "string", Description: "cursor"}
}

// fieldsProperty builds a property from its arguments.
func fieldsProperty(description string, enum []any) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "array", Description: description, Items: &jsonschema.Schema{Type: "string", Enum: enum}}
}

var commitFields = []any{"sha", "url"}

const maxPerPage = 50

// level prints itself through a String method: Sprintf of it is not its constant.
type level int

func (l level) String() string { return "level-" + fmt.Sprint(int(l)) }

const verbose level = 2

// requireAll is no builder: it changes Required, which recognition does not follow.
func requireAll(schema *jsonschema.Schema) {
	for k := range schema.Properties {
		schema.Required = append(schema.Required, k)
	}
}

func handler(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func extraProps() map[string]*jsonschema.Schema {
	return map[string]*jsonschema.Schema{"title": {Type: "string"}}
}

// updateTool is a factory: each call with a constant name is a tool of its own.
func updateTool(name, description string, extra map[string]*jsonschema.Schema) *mcp.Tool {
	props := map[string]*jsonschema.Schema{"id": {Type: "string"}}
	maps.Copy(props, extra)
	return &mcp.Tool{Name: name, Description: description, InputSchema: &jsonschema.Schema{Type: "object", Properties: props}}
}

func base() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"owner": {Type: "string"}}}
}

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "builders", Version: "v1"}, nil)

	// Statements after the literal: a property set with a built value, then two builders.
	commits := &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"repo": {Type: "string", MinLength: jsonschema.Ptr(1)}},
		Required:   []string{"repo"},
	}
	commits.Properties["fields"] = fieldsProperty("fields to return", commitFields)
	withPagination(commits)
	withCursor(commits)
	server.AddTool(&mcp.Tool{Name: "list_commits", InputSchema: commits}, handler)

	// A builder around the literal.
	server.AddTool(&mcp.Tool{Name: "list_gists", InputSchema: withPagination(&jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"since": {Type: "string"}},
	})}, handler)

	// Near miss: the builder runs only under a condition.
	flagged := base()
	if os.Getenv("PAGINATE") == "1" {
		withPagination(flagged)
	}
	server.AddTool(&mcp.Tool{Name: "flagged", InputSchema: flagged}, handler)

	// Near miss: a helper of the module that is no builder.
	required := base()
	requireAll(required)
	server.AddTool(&mcp.Tool{Name: "required", InputSchema: required}, handler)

	// Near miss: a set after the schema is used is not part of what was registered... but
	// the pointer is shared, so the server lists it too: unknown.
	late := base()
	server.AddTool(&mcp.Tool{Name: "late", InputSchema: late}, handler)
	late.Properties["extra"] = &jsonschema.Schema{Type: "string"}

	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "content", URITemplate: contentTemplate.Raw()}, read)
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "host", URITemplate: hostTemplate.Raw()}, read)

	// Near miss: properties copied into the map from elsewhere: the listed ones are there,
	// and more (unknown).
	props := map[string]*jsonschema.Schema{"owner": {Type: "string"}}
	maps.Copy(props, extraProps())
	server.AddTool(&mcp.Tool{Name: "granular", InputSchema: &jsonschema.Schema{Type: "object", Properties: props}}, handler)

	server.AddTool(updateTool("update_title", "Update the title.", map[string]*jsonschema.Schema{"title": {Type: "string"}}), handler)
	server.AddTool(updateTool("update_body", "Update the body.", map[string]*jsonschema.Schema{"body": {Type: "string"}}), handler)

	// A schema built in a function literal called on the spot, with a keyword of a property
	// the builder added changed afterwards.
	server.AddTool(&mcp.Tool{Name: "collaborators", InputSchema: func() *jsonschema.Schema {
		schema := withPagination(&jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"affiliation": {Type: "string"}}})
		schema.Properties["page"].Description = "Page number (default 1)"
		return schema
	}()}, handler)

	// Pure functions of constants are computed; a value with a String method is not.
	server.AddTool(&mcp.Tool{Name: "folded", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"per_page": {Type: "number", Description: fmt.Sprintf("Results per page (max %d)", maxPerPage)},
		"level":    {Type: "string", Description: fmt.Sprintf("default %v", verbose)},
	}}}, handler)
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "joined", URITemplate: path.Join("repo://", "{owner}", "files")}, read)

	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
