package schemarules

import (
	"go/ast"
	"strings"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func (rules) RegistrationAfterStart() rule.Entry[*kinds] {
	return rule.Declare(check{
		ID: "registration-after-start", Severity: rule.Warning, SDKs: rule.AllSDKs,
		Title: "definition added after serving starts, which stateless 2026-07-28 clients may never list",
		Run:   registrationAfterStart,
	}, (*kinds).model)
}

// listMethod is the list request that returns definitions of kind k.
func listMethod(k mcpmodel.Kind) string {
	switch k {
	case mcpmodel.Resource:
		return "resources/list"
	case mcpmodel.ResourceTemplate:
		return "resources/templates/list"
	case mcpmodel.Prompt:
		return "prompts/list"
	}
	return "tools/list"
}

// initializeCallback reports whether a callback runs only for clients that initialize a
// session, which clients of 2026-07-28 never do.
func initializeCallback(where string) bool {
	return where == "InitializedHandler" || strings.Contains(where, "Initialize") || strings.Contains(where, "RegisterSession")
}

func registrationAfterStart(p *rule.Pass, m *Model) {
	byCall := map[*ast.CallExpr]*Definition{}
	for _, d := range m.Defs {
		if d.Registration != nil {
			byCall[d.Registration] = d
		}
	}
	for _, late := range m.Result.LateRegistrations {
		if m.InTest(late.Call.Pos()) || !m.Result.Speaks(late.SDK, mcpmodel.Revision20260728) {
			continue
		}
		what := late.Kind.String()
		if d := byCall[late.Call]; d != nil {
			what = d.Label()
		}
		list := listMethod(late.Kind)
		at := rule.NodeSpan(late.Call)
		switch late.Context {
		case mcpmodel.LateSession:
			p.Reportf(at, "session %s: 2026-07-28 has no sessions (SEP-2567), so its clients never list it; add it globally", what)
		case mcpmodel.LateCallback:
			// Only callbacks tied to a session's start: a change to the shared lists from any
			// other callback or a handler is the same for every connection, and 2026-07-28
			// announces it with list_changed on subscription streams (the conformance
			// everything-server adds tools from a handler to exercise exactly that).
			if initializeCallback(late.Where) {
				p.Reportf(at, "%s is added in %s, which 2026-07-28 clients never trigger; register it at start-up", what, late.Where)
			}
		case mcpmodel.LatePerRequest:
			p.Reportf(at, "%s is added per request in getServer, so 2026-07-28 %s varies by request (SEP-2575); list it always", what, list)
		}
	}
}
