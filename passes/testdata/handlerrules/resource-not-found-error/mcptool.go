package a

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type IssueParams struct {
	Number int `uri:"number"`
}

var issues = map[int]string{}

// An mcptool template handler: a NotFound keeps its code, an ad-hoc error does not.
var Issue = mcptool.ResourceTemplate[IssueParams]{
	URITemplate: "repo://issues/{number}",
	Name:        "issue",
	Handler: func(ctx context.Context, req *mcp.ReadResourceRequest, p IssueParams) (*mcp.ReadResourceResult, error) {
		if p.Number < 0 {
			return nil, errors.New("issue not found") // want `missing resource reported with an ad-hoc error clients cannot recognise`
		}
		if p.Number == 0 {
			return nil, os.ErrNotExist // near miss: mcptool classifies it as NotFound
		}
		if p.Number == 1 {
			return nil, fmt.Errorf("issue %d not found: %w", p.Number, fs.ErrNotExist) // near miss: the same, wrapped
		}
		if _, ok := issues[p.Number]; !ok {
			return nil, mcperr.NotFound("no such issue") // near miss: mcptool sends it as a resource-not-found error
		}
		return &mcp.ReadResourceResult{}, nil
	},
}
