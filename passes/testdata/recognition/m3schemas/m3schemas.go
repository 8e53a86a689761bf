// Package m3schemas exercises mark3labs schema sources, annotation defaults, omitted
// handlers and prompt arguments.
package m3schemas

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct {
	Path string `json:"path"`
}

func handler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func myOption() mcp.ToolOption { return func(*mcp.Tool) {} }

func Build(s *server.MCPServer, opts []mcp.ToolOption, ann mcp.ToolAnnotation) {
	s.AddTool(mcp.NewTool("props", // want `schema in=properties:{type:object,properties:{path:{type:string,description:the path},mode:{type:string,enum:<a,b>},tags:{type:array,items:{type:string}},n:{type:number,enum:null}},required:<path>} out=absent defaults`
		mcp.WithString("path", mcp.Required(), mcp.Description("the path")),
		mcp.WithString("mode", mcp.Enum("a", "b")),
		mcp.WithArray("tags", mcp.WithStringItems()),
		mcp.WithNumber("n", mcp.Enum()),
	), handler)
	s.AddTool(mcp.NewTool("inferred", mcp.WithInputSchema[Args](), mcp.WithOutputSchema[Args]()), handler) // want `schema in=inferred:m3:m3schemas.Args out=inferred:m3:m3schemas.Args defaults`
	s.AddTool(mcp.NewTool("raw", mcp.WithRawInputSchema([]byte(`{"type":"object"}`))), handler)            // want `schema in=handbuilt:{type:object} out=absent defaults`
	s.AddTool(mcp.NewTool("custom", mcp.WithString("a"), myOption()), handler)                             // want `schema in=properties:{type:object,properties:{a:{type:string}}~}~ out=absent defaults`
	s.AddTool(mcp.NewTool("spread", opts...), handler)                                                     // want `schema in=unknown out=unknown defaults`
	s.AddTool(mcp.NewTool("ann", mcp.WithToolAnnotation(ann)), handler)                                    // want `schema in=properties:{type:object,properties:{}} out=absent annotations=dynamic`
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("nohandler")})                                          // want `schema in=properties:{type:object,properties:{}} out=absent omitted defaults`
	s.AddPrompt(mcp.NewPrompt("p",                                                                         // want `prompt args=topic:the topic,style:-`
		mcp.WithArgument("topic", mcp.ArgumentDescription("the topic"), mcp.RequiredArgument()),
		mcp.WithArgument("style"),
	), nil)
}
