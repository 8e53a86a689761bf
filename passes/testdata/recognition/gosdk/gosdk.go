package gosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Query string `json:"query" jsonschema:"the query"`
}

type Out struct {
	N int `json:"n"`
}

const toolName = "search"

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, Out{}, nil
}

func lowLevel(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return &mcp.CallToolResult{}, nil
}

// unregistered has a handler's type but is never registered here.
func unregistered(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol unregistered`
	return &mcp.CallToolResult{}, nil
}

var sharedTool = &mcp.Tool{Name: "shared", Description: "d"} // want `def tool go-sdk name="shared" desc="d" registered handler=lowLevel`

func Register(s *mcp.Server, dynamicName string) {
	mcp.AddTool(s, &mcp.Tool{Name: toolName, Description: "Search things"}, typed) // want `def tool go-sdk name="search" desc="Search things" in=gosdk.In out=gosdk.Out registered handler=typed`
	s.AddTool(sharedTool, lowLevel)
	s.AddTool(&mcp.Tool{Name: dynamicName}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `def tool go-sdk name=dynamic registered handler=literal` `handler tool go-sdk GoSDKTool errors=protocol registered`
		return nil, nil
	})
	s.AddResource(&mcp.Resource{Name: "cfg", URI: "file:///cfg"}, readCfg)                           // want `def resource go-sdk name="cfg" uri="file:///cfg" registered handler=readCfg`
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "item", URITemplate: "items://{id}"}, readCfg) // want `def resource template go-sdk name="item" uri="items://{id}" registered handler=readCfg`
	s.AddPrompt(&mcp.Prompt{Name: "p"}, prompt)                                                      // want `def prompt go-sdk name="p" registered handler=prompt`
}

func readCfg(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) { // want `handler resource go-sdk GoSDKResource errors=protocol registered`
	return nil, nil
}

func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) { // want `handler prompt go-sdk GoSDKPrompt errors=protocol registered`
	return nil, nil
}

func NewServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "demo", Version: "1.2.3"}, nil) // want `server go-sdk name="demo" version="1.2.3"`
}

// notAHandler has two parameters but the wrong request type.
func notAHandler(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}
