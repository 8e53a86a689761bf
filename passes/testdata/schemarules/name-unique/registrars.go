package unique

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/name-unique/dep"
)

// RegisterVia registers through the module's own registrar, found from its body: its
// calls are registrations, so a name registered twice through it is a duplicate.
func RegisterVia(s *mcp.Server) {
	dep.Add(s, &mcp.Tool{Name: "via", Description: "d"}, low)
	dep.Add(s, &mcp.Tool{Name: "via", Description: "again"}, low) // want `tool "via" is registered twice \(also at registrars\.go:12\); clients see only one`

	// Near miss: a function that only reads its tool registers nothing.
	_ = dep.Describe(&mcp.Tool{Name: "described", Description: "d"})
	_ = dep.Describe(&mcp.Tool{Name: "described", Description: "d"})
}
