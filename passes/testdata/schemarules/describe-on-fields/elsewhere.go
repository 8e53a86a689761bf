package describeonfields

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/describe-on-fields/types"
)

type LocateArgs struct {
	File  string      `json:"file" jsonschema:"the file"`
	Range types.Range `json:"range" jsonschema:"where in the file"`
}

func locate(ctx context.Context, req *mcp.CallToolRequest, in LocateArgs) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func RegisterLocate(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "locate", Description: "d"}, locate) // want `tool "locate": 6 input fields declared in other packages have no description \(input\.range\.start, input\.range\.start\.line, input\.range\.start\.character and 3 more\), so the model must guess what to send`
}
