// Package use registers its tools through lib's registrars.
package use

import (
	"context"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/recognition/registrars/lib"
)

type In struct {
	Q string `json:"q"`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered`
	return nil, nil, nil
}

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered`
	return nil, nil
}

func m3h(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) { // want `handler tool mark3labs MarkLabsTool errors=protocol registered`
	return nil, nil
}

func Setup(s *mcp.Server, ms *server.MCPServer, k *lib.Keep) {
	lib.Typed(s, &mcp.Tool{Name: "search", Description: "Search."}, typed)                              // want `def tool go-sdk name="search" desc="Search." in=use.In out=any registered handler=typed`
	lib.Low(s, mcp.Tool{Name: "low", Description: "Low."}, low)                                         // want `def tool go-sdk name="low" desc="Low." registered handler=low`
	lib.Chained(s, low, mcp.Tool{Name: "chained", Description: "Chained."})                             // want `def tool go-sdk name="chained" desc="Chained." registered handler=low`
	lib.All(ms, server.ServerTool{Tool: m3.NewTool("pair", m3.WithDescription("Pair.")), Handler: m3h}) // want `def tool mark3labs name="pair" desc="Pair." defaults registered handler=m3h`

	// Near misses: not registrations.
	lib.Later(s, &mcp.Tool{Name: "later", Description: "Later."}, low)   // want `def tool go-sdk name="later" desc="Later." handler=low`
	k.Add(&mcp.Tool{Name: "kept", Description: "Kept."})                 // want `def tool go-sdk name="kept" desc="Kept."`
	lib.Fixed(s, &mcp.Tool{Name: "unused", Description: "Unused."}, low) // want `def tool go-sdk name="unused" desc="Unused." handler=low`
}
