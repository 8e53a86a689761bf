// Package scopes: mcptool.Tool.Scopes are OAuth scope tokens a caller's token must hold.
package scopes

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	Repo string `json:"repo" jsonschema:"owner/name"`
}

type Out struct {
	OK bool `json:"ok" jsonschema:"whether it worked"`
}

func run(ctx context.Context, call *mcptool.Call, in In) (Out, error) { return Out{OK: true}, nil }

const blank = "  "

var adminScopes = []string{
	"repo:admin",
	"", // want `tool "delete_repo" lists an empty scope in Scopes: mcptool\.Add panics at start-up; remove it`
}

var DeleteRepo = mcptool.Tool[In, Out]{Name: "delete_repo", Description: "d", Handler: run, Scopes: adminScopes}

var Blank = mcptool.Tool[In, Out]{
	Name:        "blank",
	Description: "d",
	Handler:     run,
	Scopes:      []string{"repo:read", " "}, // want `tool "blank" lists a blank scope in Scopes`
}

var BlankConst = mcptool.Tool[In, Out]{
	Name:        "blank_const",
	Description: "d",
	Handler:     run,
	Scopes:      []string{blank}, // want `tool "blank_const" lists a blank scope in Scopes`
}

var Joined = mcptool.Tool[In, Out]{
	Name:        "joined",
	Description: "d",
	Handler:     run,
	Scopes:      []string{"repo:read repo:write"}, // want `tool "joined" lists scope "repo:read repo:write", which contains whitespace, so no token can hold it; split it`
}

var Trailing = mcptool.Tool[In, Out]{
	Name:        "trailing",
	Description: "d",
	Handler:     run,
	Scopes:      []string{"repo:read\n"}, // want `tool "trailing" lists scope "repo:read\\n", which contains whitespace`
}

// Near misses: well-formed scopes, no scopes, an empty list, and scopes only known at run
// time (from the environment, a parameter or a function of another package).
var Fine = mcptool.Tool[In, Out]{
	Name:        "fine",
	Description: "d",
	Handler:     run,
	Scopes:      []string{"repo:read", "user.email", "https://www.googleapis.com/auth/drive.readonly"},
}

var NoScopes = mcptool.Tool[In, Out]{Name: "no_scopes", Description: "d", Handler: run}

var NilScopes = mcptool.Tool[In, Out]{Name: "nil_scopes", Description: "d", Handler: run, Scopes: nil}

var EmptyList = mcptool.Tool[In, Out]{Name: "empty_list", Description: "d", Handler: run, Scopes: []string{}}

var FromEnv = mcptool.Tool[In, Out]{Name: "from_env", Description: "d", Handler: run, Scopes: []string{os.Getenv("SCOPE")}}

func WithScopes(scopes []string) mcptool.Tool[In, Out] {
	return mcptool.Tool[In, Out]{Name: "with_scopes", Description: "d", Handler: run, Scopes: scopes}
}

// A go-sdk tool has no Scopes: the rule is mcptool's.
func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	for _, t := range []mcptool.Tool[In, Out]{DeleteRepo, Blank, BlankConst, Joined, Trailing, Fine, NoScopes, NilScopes, EmptyList, FromEnv, WithScopes(nil)} {
		mcptool.Add(s, t)
	}
	s.AddTool(&mcp.Tool{Name: "low", Description: "d", InputSchema: map[string]any{"type": "object"}}, low)
}
