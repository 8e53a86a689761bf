// Package usesmcptool: definitions written with mcplint's runtime library.
package usesmcptool

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	Q string `json:"q"`
}

type Out struct {
	N int `json:"n"`
}

type IssueParams struct {
	Owner  string `uri:"owner"`
	Number int    `uri:"number"`
}

type Style struct {
	Tone string `json:"tone"`
}

func search(ctx context.Context, call *mcptool.Call, in In) (Out, error) { // want `handler tool mcptool MCPToolTool errors=tool registered`
	return Out{}, nil
}

func readme(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) { // want `handler resource mcptool GoSDKResource errors=protocol registered`
	return &mcp.ReadResourceResult{}, nil
}

func issue(ctx context.Context, req *mcp.ReadResourceRequest, p IssueParams) (*mcp.ReadResourceResult, error) { // want `handler resource mcptool MCPToolResourceTemplate errors=protocol registered`
	return &mcp.ReadResourceResult{}, nil
}

func summarize(ctx context.Context, req *mcp.GetPromptRequest, a Style) (*mcp.GetPromptResult, error) { // want `handler prompt mcptool MCPToolPrompt errors=protocol unregistered`
	return &mcp.GetPromptResult{}, nil
}

var Search = mcptool.Tool[In, Out]{Name: "search", Description: "Search.", Handler: search} // want `def tool mcptool name="search" desc="Search." in=usesmcptool.In out=usesmcptool.Out registered handler=search`

var Readme = mcptool.Resource{URI: "file:///README.md", Name: "readme", Description: "The README.", Handler: readme} // want `def resource mcptool name="readme" desc="The README." uri="file:///README.md" registered handler=readme`

var Issue = mcptool.ResourceTemplate[IssueParams]{ // want `def resource template mcptool name="issue" uri="repo://\{owner\}/issues/\{number\}" params=usesmcptool.IssueParams registered handler=issue`
	URITemplate: "repo://{owner}/issues/{number}",
	Name:        "issue",
	Handler:     issue,
}

var Summarize = mcptool.Prompt[*Style]{Name: "summarize", Description: "Summarize.", Handler: func(ctx context.Context, req *mcp.GetPromptRequest, a *Style) (*mcp.GetPromptResult, error) { // want `def prompt mcptool name="summarize" desc="Summarize." params=\*usesmcptool.Style registered handler=literal` `handler prompt mcptool MCPToolPrompt errors=protocol registered`
	return summarize(ctx, req, *a)
}}

func Register(s *mcp.Server) {
	mcptool.Add(s, Search)
	mcptool.AddResource(s, Readme)
	mcptool.AddResourceTemplate(s, Issue)
	mcptool.AddPrompt(s, Summarize)
	mcptool.AddResource(s, mcptool.Resource{URI: "file:///nil", Name: "nil", Handler: nil})       // want `def resource mcptool name="nil" uri="file:///nil" registered handler=nil`
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[IssueParams]{URITemplate: "x://{a}"}) // want `def resource template mcptool name=none uri="x://\{a\}" params=usesmcptool.IssueParams handler-omitted registered`
}

// A literal whose variable gets its Handler later does not leave it out.
func Later(s *mcp.Server) {
	t := mcptool.Tool[In, Out]{Name: "later", Description: "d"} // want `def tool mcptool name="later" desc="d" in=usesmcptool.In out=usesmcptool.Out registered`
	t.Handler = search
	mcptool.Add(s, t)
}

// Inside a generic wrapper the params type is a type parameter.
func AddTemplate[P any](s *mcp.Server, uri string, h func(context.Context, *mcp.ReadResourceRequest, P) (*mcp.ReadResourceResult, error)) {
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[P]{URITemplate: uri, Name: "generic", Description: "d", Handler: h}) // want `def resource template mcptool name="generic" desc="d" uri=dynamic params=P registered handler=external`
}
