package owndefs

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TypedTool is a generic own definition type (chip's Tool[In, Out]): every instance is the
// one type, copied into the SDK's definition by RegisterTyped.
type TypedTool[In, Out any] struct {
	Name        string
	Description string
	Handler     func(ctx context.Context, in In) (Out, error)
}

type lookupIn struct {
	ID string `json:"id"`
}

type lookupOut struct {
	Name string `json:"name"`
}

// RegisterTyped is the converter of the generic type.
func RegisterTyped[In, Out any](s *mcp.Server, t *TypedTool[In, Out]) {
	mcp.AddTool(s, &mcp.Tool{Name: t.Name, Description: t.Description}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) { // want `def tool go-sdk name=dynamic desc=dynamic in=In out=Out registered handler=literal converter` `handler tool go-sdk GoSDKTypedTool errors=tool registered`
		out, err := t.Handler(ctx, in)
		return nil, out, err
	})
}

func RegisterLookup(s *mcp.Server) {
	RegisterTyped(s, &TypedTool[lookupIn, lookupOut]{Name: "lookup", Description: "Looks a record up"}) // want `def tool go-sdk name="lookup" desc="Looks a record up" registered own=TypedTool`
}
