package mark3labs

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct {
	Path string `json:"path"`
}

type Res struct {
	Size int `json:"size"`
}

func readFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return mcp.NewToolResultText("ok"), nil
}

// newStatTool is a handler factory: it returns the tool and its handler together.
func newStatTool() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("stat", mcp.WithDescription("Stat a file"), mcp.WithReadOnlyHintAnnotation(true)), // want `def tool mark3labs name="stat" desc="Stat a file" readonly=true defaults registered handler=literal`
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
			return mcp.NewToolResultText("ok"), nil
		}
}

// serverTools returns ServerTool literals from a constructor.
func serverTools() []server.ServerTool {
	return []server.ServerTool{
		{
			Tool: mcp.NewTool("list", // want `def tool mark3labs name="list" readonly=true destructive=false registered handler=listHandler`
				mcp.WithToolAnnotation(mcp.ToolAnnotation{ReadOnlyHint: mcp.ToBoolPtr(true), DestructiveHint: mcp.ToBoolPtr(false)}),
			),
			Handler: listHandler,
		},
	}
}

func listHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return mcp.NewToolResultText("ok"), nil
}

func typedArgs(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTypedTool errors=protocol registered`
	return mcp.NewToolResultText(args.Path), nil
}

// instrument decorates a structured handler and returns one of the same type (weaviate's
// mcpmetrics.Instrument): the handler registered is the one it decorates.
func instrument[In, Out any](name string, fn func(context.Context, mcp.CallToolRequest, In) (Out, error)) func(context.Context, mcp.CallToolRequest, In) (Out, error) {
	if name == "" {
		return fn
	}
	return func(ctx context.Context, req mcp.CallToolRequest, args In) (Out, error) { return fn(ctx, req, args) } // want `handler tool mark3labs MarkLabsStructuredTool errors=tool unregistered via=sdk-typed`
}

func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Res, error) { // want `handler tool mark3labs MarkLabsStructuredTool errors=tool registered`
	return Res{}, nil
}

func templateHandler(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) { // want `handler resource mark3labs MarkLabsResource errors=protocol registered`
	return nil, nil
}

func promptHandler(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) { // want `handler prompt mark3labs MarkLabsPrompt errors=protocol registered`
	return nil, nil
}

func Build(opts []mcp.ToolOption) *server.MCPServer {
	s := server.NewMCPServer("files", "0.1.0")                                        // want `server mark3labs name="files" version="0.1.0"`
	s.AddTool(mcp.NewTool("read_file", mcp.WithDescription("Read a file")), readFile) // want `def tool mark3labs name="read_file" desc="Read a file" defaults registered handler=readFile`
	s.AddTool(newStatTool())
	s.AddTools(serverTools()...)
	s.AddTool(mcp.NewTool("typed", mcp.WithInputSchema[Args]()), mcp.NewTypedToolHandler(typedArgs))                                    // want `def tool mark3labs name="typed" in=mark3labs.Args defaults registered handler=typedArgs`
	s.AddTool(mcp.NewTool("structured", mcp.WithOutputSchema[Res]()), mcp.NewStructuredToolHandler(structured))                         // want `def tool mark3labs name="structured" in=mark3labs.Args out=mark3labs.Res defaults registered handler=structured`
	s.AddTool(mcp.NewTool("decorated", mcp.WithOutputSchema[Res]()), mcp.NewStructuredToolHandler(instrument("decorated", structured))) // want `def tool mark3labs name="decorated" in=mark3labs.Args out=mark3labs.Res defaults registered handler=structured`
	s.AddTool(mcp.NewTool("opts", opts...), nil)                                                                                        // want `def tool mark3labs name="opts" defaults registered handler=nil`
	s.AddResourceTemplate(mcp.NewResourceTemplate("file:///{path}", "file", mcp.WithTemplateDescription("A file")), templateHandler)    // want `def resource template mark3labs name="file" desc="A file" uri="file:///{path}" registered handler=templateHandler`
	s.AddPrompt(mcp.NewPrompt("summarise"), promptHandler)                                                                              // want `def prompt mark3labs name="summarise" registered handler=promptHandler`
	return s
}
