// Package startup registers mcptool definitions one at a time. mcptool.Add and its siblings
// check a definition at start-up under the same rule IDs as the linter; a test runs the rules
// over this package, then registers every definition on a real server and checks that, for
// each, the linter reports exactly the rules mcptool refuses (errors) or logs (warnings).
// Findings are matched to the entry whose lines they are on.
package startup

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"

	t "fixtures/schemarules/startup/types"
)

// Def registers one definition on a server.
type Def struct {
	Name     string
	Register func(*mcp.Server)
}

const long = "a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a123456789a12345678"

var Defs = []Def{
	// Tools.
	{"tool_ok", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "tool_ok", Description: "d", Handler: t.Run[t.In, t.Out]})
	}},
	{"chan_in", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.WithChan, t.Out]{Name: "chan_in", Description: "d", Handler: t.Run[t.WithChan, t.Out]}) // want `field Events \(input.events of tool "chan_in"\): type chan int`
	}},
	{"func_out", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.WithFunc]{Name: "func_out", Description: "d", Handler: t.Run[t.In, t.WithFunc]}) // want `field Retry \(output.retry of tool "func_out"\): type func\(\) error`
	}},
	{"int_keys", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.WithIntKeys, t.Out]{Name: "int_keys", Description: "d", Handler: t.Run[t.WithIntKeys, t.Out]}) // want `map key type int`
	}},
	{"cycle_out", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, *t.TreeOut]{Name: "cycle_out", Description: "d", Handler: t.Run[t.In, *t.TreeOut]}) // want `type types.Tree contains itself`
	}},
	{"invopop", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.Invopop, t.Out]{Name: "invopop", Description: "d", Handler: t.Run[t.Invopop, t.Out]}) // want `jsonschema tag "required,description=The query"`
	}},
	{"empty_tag", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.EmptyTag, t.Out]{Name: "empty_tag", Description: "d", Handler: t.Run[t.EmptyTag, t.Out]}) // want `empty jsonschema tag`
	}},
	{"string_in", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[string, t.Out]{Name: "string_in", Description: "d", Handler: t.Run[string, t.Out]}) // want `tool "string_in": mcptool infers`
	}},
	{"slice_out", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, []t.Out]{Name: "slice_out", Description: "d", Handler: t.Run[t.In, []t.Out]}) // want `tool "slice_out": the output type \[\]types.Out is not a struct`
	}},
	{"any_out", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, any]{Name: "any_out", Description: "d", Handler: t.Run[t.In, any]}) // want `tool "any_out": the output type any is not a struct`
	}},
	{"pointers", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[**t.In, **t.Out]{Name: "pointers", Description: "d", Handler: t.Run[**t.In, **t.Out]})
	}},
	{"any_in", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[any, t.Out]{Name: "any_in", Description: "d", Handler: t.Run[any, t.Out]})
	}},
	{"map_in", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[map[string]any, t.Out]{Name: "map_in", Description: "d", Handler: t.Run[map[string]any, t.Out]})
	}},
	{"bad_name", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "bad name", Description: "d", Handler: t.Run[t.In, t.Out]}) // want `tool name "bad name" has characters outside \[A-Za-z0-9\._-\]; clients may refuse it\. mcptool\.Add panics at start-up\. Rename it`
	}},
	{"long_name", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: long, Description: "d", Handler: t.Run[t.In, t.Out]}) // want `longer than 128 characters`
	}},
	{"blank_name", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: " ", Description: "d", Handler: t.Run[t.In, t.Out]}) // want `tool has an empty name`
	}},
	{"no_name", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Description: "d", Handler: t.Run[t.In, t.Out]}) // want `tool has no name`
	}},
	{"nil_handler", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "nil_handler", Description: "d", Handler: nil}) // want `tool "nil_handler" has a nil handler`
	}},
	{"no_handler", func(s *mcp.Server) { mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "no_handler", Description: "d"}) }}, // want `tool "no_handler" is registered without a Handler`
	{"no_description", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "no_description", Handler: t.Run[t.In, t.Out]}) // want `tool "no_description" has no description`
	}},
	{"blank_scope", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "blank_scope", Description: "d", Handler: t.Run[t.In, t.Out], Scopes: []string{"repo:read", ""}}) // want `lists an empty scope`
	}},
	{"spaced_scope", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "spaced_scope", Description: "d", Handler: t.Run[t.In, t.Out], Scopes: []string{"repo:read repo:write"}}) // want `contains whitespace`
	}},
	{"scopes", func(s *mcp.Server) {
		mcptool.Add(s, mcptool.Tool[t.In, t.Out]{Name: "scopes", Description: "d", Handler: t.Run[t.In, t.Out], Scopes: []string{"repo:read", "user.email"}})
	}},

	// Resources.
	{"resource_ok", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "readme", URI: "file:///README.md", Description: "d", Handler: t.Read})
	}},
	{"relative_uri", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "notes", URI: "notes/today.md", Description: "d", Handler: t.Read}) // want `has no scheme`
	}},
	{"bad_uri", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "bad", URI: "://nope", Description: "d", Handler: t.Read}) // want `is not a valid URI`
	}},
	{"empty_uri", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "empty", URI: "", Description: "d", Handler: t.Read}) // want `has an empty URI`
	}},
	{"uri_name", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "file:///a", URI: "file:///a", Description: "d", Handler: t.Read}) // want `uses its URI as its name`
	}},
	{"uri_in_name", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "see file:///b", URI: "file:///a", Description: "d", Handler: t.Read}) // want `has a URI for a name`
	}},
	{"resource_nil_handler", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "r", URI: "file:///r", Description: "d", Handler: nil}) // want `has a nil handler`
	}},
	{"resource_no_name", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{URI: "file:///r", Description: "d", Handler: t.Read}) // want `resource has no name`
	}},
	{"resource_no_description", func(s *mcp.Server) {
		mcptool.AddResource(s, mcptool.Resource{Name: "r", URI: "file:///r", Handler: t.Read}) // want `has no description`
	}},

	// Resource templates.
	{"template_ok", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Issue]{Name: "issue", URITemplate: "repo://{owner}/issues/{number}", Description: "d", Handler: t.ReadParams[t.Issue]})
	}},
	{"misspelled", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Misspelled]{Name: "issue", URITemplate: "repo://{owner}/issues/{number}", Description: "d", Handler: t.ReadParams[t.Misspelled]}) // want `template variable \{number\} has no field in types.Misspelled \(field ID of types.Misspelled is tagged`
	}},
	{"by_json", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[*t.ByJSON]{Name: "issue", URITemplate: "repo://{owner}/issues/{Number}", Description: "d", Handler: t.ReadParams[*t.ByJSON]})
	}},
	{"by_json_missing", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.ByJSON]{Name: "issue", URITemplate: "repo://{owner}/issues/{number}", Description: "d", Handler: t.ReadParams[t.ByJSON]}) // want `template variable \{number\} has no field`
	}},
	{"unbindable", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Unbindable]{Name: "x", URITemplate: "x://{owner}/{opts}", Description: "d", Handler: t.ReadParams[t.Unbindable]}) // want `field Opts of types.Unbindable`
	}},
	{"scalar_params", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[string]{Name: "x", URITemplate: "x://{id}", Description: "d", Handler: t.ReadParams[string]}) // want `params type string is not a struct`
	}},
	{"bindable", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Bindable]{Name: "b", URITemplate: "b://{name}/{tags*}{?page,ratio,on,since,addr,wait}", Description: "d", Handler: t.ReadParams[t.Bindable]})
	}},
	{"embedded", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Embedded]{Name: "c", URITemplate: "repo://{owner}/issues/{number}/comments/{comment}", Description: "d", Handler: t.ReadParams[t.Embedded]})
	}},
	{"invalid_template", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Issue]{Name: "i", URITemplate: "repo://{owner/issues/{number}", Description: "d", Handler: t.ReadParams[t.Issue]}) // want `is no valid URI template`
	}},
	{"empty_template", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Issue]{Name: "e", URITemplate: " ", Description: "d", Handler: t.ReadParams[t.Issue]}) // want `has an empty URI template`
	}},
	{"template_nil_handler", func(s *mcp.Server) {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[t.Issue]{Name: "n", URITemplate: "repo://{owner}/issues/{number}", Description: "d"}) // want `is registered without a Handler`
	}},

	// Prompts.
	{"prompt_ok", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[t.Brief]{Name: "brief", Description: "d", Handler: t.Prompt[t.Brief]})
	}},
	{"prompt_ptr", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[*t.Brief]{Name: "brief", Description: "d", Handler: t.Prompt[*t.Brief]})
	}},
	{"prompt_nil_handler", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[t.Brief]{Name: "brief", Description: "d", Handler: nil}) // want `prompt "brief" has a nil handler`
	}},
	{"prompt_scalar", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[string]{Name: "s", Description: "d", Handler: t.Prompt[string]}) // want `arguments type string is not a struct`
	}},
	{"prompt_unbindable", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[t.BadBrief]{Name: "bad", Description: "d", Handler: t.Prompt[t.BadBrief]}) // want `field Extra of types.BadBrief`
	}},
	{"prompt_no_name", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[t.Brief]{Description: "d", Handler: t.Prompt[t.Brief]}) // want `prompt has no name`
	}},
	{"prompt_no_description", func(s *mcp.Server) {
		mcptool.AddPrompt(s, mcptool.Prompt[t.Brief]{Name: "brief", Handler: t.Prompt[t.Brief]}) // want `prompt "brief" has no description`
	}},
}
