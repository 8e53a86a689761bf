package sdkapi

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Transport is the kind of transport a program serves an MCP server over.
type Transport uint8

const (
	TransportNone  Transport = iota // not serving (or serving in memory: a test or an inspection)
	TransportStdio                  // standard input and output
	TransportHTTP                   // streamable HTTP or SSE
	TransportOther                  // a transport of the program's own, or one not known statically
)

// ServesOverTransport reports whether call serves an MCP server to a client over a real
// transport (stdio, HTTP, a custom transport): what a shipped program does and a generator or
// audit command that builds a server only to list its tools does not. Connecting over an
// in-memory transport is a test or an inspection, not serving.
func ServesOverTransport(info *types.Info, call *ast.CallExpr) bool {
	return ServedTransport(info, call) != TransportNone
}

// ServedTransport says over which kind of transport call serves an MCP server, if it does.
func ServedTransport(info *types.Info, call *ast.CallExpr) Transport {
	api := APIOf(typeutil.Callee(info, call))
	switch api {
	case APIServeStdio:
		return TransportStdio
	case APIServeHTTP:
		return TransportHTTP
	case APIServeRun, APIServeConnect:
		if len(call.Args) < 2 {
			return TransportOther
		}
		t := info.TypeOf(call.Args[1])
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != GoSDKMCPPath {
			return TransportOther // an interface value or the program's own transport
		}
		switch n.Obj().Name() {
		case "StdioTransport", "IOTransport":
			return TransportStdio
		case "StreamableServerTransport", "SSEServerTransport":
			return TransportHTTP
		case "InMemoryTransport":
			if api == APIServeConnect {
				return TransportNone
			}
		}
		return TransportOther
	}
	return TransportNone
}
