package a

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type IssueParams struct {
	Number int `uri:"number"`
}

type Style struct {
	Tone string `json:"tone"`
}

// mcptool template and prompt handlers take a third, typed parameter; mcptool turns their
// errors into JSON-RPC errors, so a result beside an error is dropped just the same.
var Issue = mcptool.ResourceTemplate[IssueParams]{
	URITemplate: "repo://issues/{number}",
	Name:        "issue",
	Handler: func(ctx context.Context, req *mcp.ReadResourceRequest, p IssueParams) (*mcp.ReadResourceResult, error) {
		if p.Number < 0 {
			return &mcp.ReadResourceResult{}, errors.New("negative") // want `resource result returned beside an error never reaches the client`
		}
		if p.Number == 0 {
			return nil, errors.New("zero") // near miss: the error alone
		}
		return &mcp.ReadResourceResult{}, nil
	},
}

var Summarize = mcptool.Prompt[Style]{
	Name:        "summarize",
	Description: "Summarize.",
	Handler: func(ctx context.Context, req *mcp.GetPromptRequest, a Style) (*mcp.GetPromptResult, error) {
		if a.Tone == "" {
			return &mcp.GetPromptResult{}, errors.New("no tone") // want `prompt result returned beside an error`
		}
		return &mcp.GetPromptResult{}, nil
	},
}
