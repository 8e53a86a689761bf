// Package use gives functions to the adapters of package adapt: their mappings arrive as
// facts.
package use

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/recognition/xpkg/adapt"
	"fixtures/recognition/xpkg/noimport"
)

type GetIn struct{ ID string }
type GetOut struct{ Name string }

func get(ctx context.Context, in GetIn) (GetOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered via=adapter:parameter`
	return GetOut{}, errors.New("x")
}

func status(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered via=adapter:parameter`
	return "", errors.New("down")
}

// Handlers in a map and in a slice of tool/handler pairs, given to the adapter in a loop.
func a(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered via=adapter:parameter`
	return "a", nil
}

func b(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered via=adapter:parameter`
	return "b", nil
}

func c(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered via=adapter:field`
	return "c", nil
}

var byName = map[string]func(context.Context, map[string]any) (string, error){"a": a, "b": b}

var pairs = []struct {
	name string
	h    func(context.Context, map[string]any) (string, error)
}{{"c", c}}

type server struct{}

func (s *server) info(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=protocol registered via=adapter:parameter`
	return "info", nil
}

// exec implements adapt.Executor in this package.
type exec struct{}

func (*exec) Execute(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:interface`
	return "", errors.New("x")
}

type SumIn struct{ A, B int }

func sum(ctx context.Context, in SumIn) (int, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:reflect`
	return in.A + in.B, nil
}

func hard(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:parameter`
	if args == nil {
		return "", &adapt.HardError{Msg: "no arguments"}
	}
	return "", errors.New("soft")
}

// search goes to a pass-through adapter of package adapt: a typed handler.
func search(ctx context.Context, deps adapt.Deps, req *mcp.CallToolRequest, in GetIn) (*mcp.CallToolResult, GetOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered via=adapter:pass-through`
	return nil, GetOut{}, nil
}

// makeGet is a factory: its closure is what the adapter wraps.
func makeGet(prefix string) func(context.Context, GetIn) (GetOut, error) {
	return func(ctx context.Context, in GetIn) (GetOut, error) { // want `handler tool go-sdk GoSDKTypedTool errors=tool registered via=adapter:parameter`
		return GetOut{Name: prefix + in.ID}, nil
	}
}

// notAHandler goes to an adapter that only logs its error: not a handler.
func notAHandler(ctx context.Context, args map[string]any) (string, error) {
	return "", errors.New("x")
}

func Setup(s *mcp.Server) {
	adapt.MustTool(s, "get", get)           // want `def tool go-sdk name="get" in=use.GetIn out=use.GetOut registered`
	adapt.MustTool(s, "made", makeGet("x")) // want `def tool go-sdk name="made" in=use.GetIn out=use.GetOut registered`
	adapt.NewTool(s, "search", search)      // want `def tool go-sdk name="search" in=use.GetIn out=use.GetOut registered`
	_ = adapt.ToSDK(status)
	for _, h := range byName {
		_ = adapt.ToSDK(h)
	}
	for _, p := range pairs {
		_ = adapt.ToSDK(p.h)
	}
	srv := &server{}
	_ = adapt.ToSDK(srv.info)
	_ = adapt.CreateHandler(&exec{})
	_ = adapt.CreateHandler(adapt.ExecutorFunc(func(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:interface`
		return "lit", nil
	}))
	_ = adapt.CreateHandler(&noimport.Runner{}) // want `unmapped adapter CreateHandler: the wrapped method Execute is declared in fixtures/recognition/xpkg/noimport`
	adapt.Register(s, []adapt.ServerTool{
		{Name: "ping", Handler: func(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk GoSDKTool errors=protocol registered via=adapter:field`
			return "pong", nil
		}},
	})
	_ = adapt.Convert(sum)
	_ = adapt.Hard(hard)
	_ = adapt.Logging(notAHandler)
}
