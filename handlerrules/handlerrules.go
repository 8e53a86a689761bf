// Package handlerrules checks what MCP handlers return: whether a failure reaches the client
// as a tool error the model can read or as a JSON-RPC error, whether a result is silently
// discarded, whether a session can crash, and whether errors keep their cause and their code.
//
// Each rule is declared beside its function, in the file named after its ID. Rules read
// recognition (mcpdefs) and never import an SDK or the driver.
package handlerrules

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/handlerrules/credentials"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// Family is the handler rules' family: their doc page is docs/handlerrules.md.
const Family rule.Family = "handlerrules"

// Config holds the handler rules' own options.
type Config struct {
	// PlainHandlerErrors extends prefer-mcp-error-in-handler from mcptool handlers to plain
	// SDK tool handlers whose errors become tool errors.
	PlainHandlerErrors bool
}

// check is a handler rule: it reads the package's recognised definitions and its prepared
// handler bodies.
type check = rule.Check[func(*rule.Pass, *mcpdefs.Result, []*handler)]

// perHandler is a handler rule that judges one handler at a time, on its pass: its kind runs
// it on each.
type perHandler = rule.Check[func(*rule.Pass, *handler)]

// rules declares the handler rules: each exported method declares one rule, in the file
// named after the rule's ID, beside its function. No list names them: rule.Declared finds
// them, and the catalog orders them as their doc page does.
type rules struct{}

// checks are the handler rules, as rules declares them.
func checks() []rule.Entry[*kinds] { return rule.Declared[rules, *kinds](Family) }

// kinds are the analyzers the handler rules read, built once per configuration.
type kinds struct {
	defs, bodies *analysis.Analyzer
}

// handlerBodies runs a rule once per package that has definitions or reachable errors, on its
// handlers.
func (k *kinds) handlerBodies() rule.Kind[func(*rule.Pass, *mcpdefs.Result, []*handler)] {
	return rule.Kind[func(*rule.Pass, *mcpdefs.Result, []*handler)]{
		Requires: []*analysis.Analyzer{k.defs, k.bodies, mcpdefs.FlowEngine},
		Call: func(p *rule.Pass, run func(*rule.Pass, *mcpdefs.Result, []*handler)) error {
			res := p.ResultOf[k.defs].(*mcpdefs.Result)
			if res.Empty() && !res.ErrorsReachable {
				return nil
			}
			run(p, res, handlers(p, res, p.ResultOf[k.bodies].(*bodies)))
			return nil
		},
	}
}

// handler runs a rule on each handler of a package that has definitions or reachable
// errors.
func (k *kinds) handler() rule.Kind[func(*rule.Pass, *handler)] {
	bodies := k.handlerBodies()
	return rule.Kind[func(*rule.Pass, *handler)]{
		Requires: bodies.Requires,
		Call: func(p *rule.Pass, run func(*rule.Pass, *handler)) error {
			return bodies.Call(p, func(p *rule.Pass, _ *mcpdefs.Result, hs []*handler) {
				for _, h := range hs {
					run(p, h)
				}
			})
		},
	}
}

// causeReach and stringifyReach run a rule on each handler and then on the module's
// functions whose error reaches a handler (reach.go), once per package, with or without
// definitions: a package that defines nothing holds such functions, and exports what they
// carry as the rule's fact.
func (k *kinds) causeReach() rule.Kind[func(*rule.Pass, *handler)] {
	return k.reaching(func() reachFact { return new(causeReach) })
}

func (k *kinds) stringifyReach() rule.Kind[func(*rule.Pass, *handler)] {
	return k.reaching(func() reachFact { return new(stringifyReach) })
}

func (k *kinds) reaching(newFact func() reachFact) rule.Kind[func(*rule.Pass, *handler)] {
	return rule.Kind[func(*rule.Pass, *handler)]{
		Requires:  []*analysis.Analyzer{k.defs, k.bodies, mcpdefs.FlowEngine},
		FactTypes: []analysis.Fact{newFact()},
		Call: func(p *rule.Pass, run func(*rule.Pass, *handler)) error {
			res := p.ResultOf[k.defs].(*mcpdefs.Result)
			hs := handlers(p, res, p.ResultOf[k.bodies].(*bodies))
			for _, h := range hs {
				run(p, h)
			}
			reach(p, res, hs, newFact, func(h *handler) { run(h.pass, h) })
			return nil
		},
	}
}

// credentialed runs a rule that also reads which values hold credentials once per package,
// with or without definitions: text reaches the model from helpers of packages that define
// nothing (an HTTP client's error result).
func (k *kinds) credentialed() rule.Kind[func(*rule.Pass, *mcpdefs.Result, []*handler)] {
	return rule.Kind[func(*rule.Pass, *mcpdefs.Result, []*handler)]{
		Requires: []*analysis.Analyzer{k.defs, k.bodies, mcpdefs.FlowEngine, credentials.Analyzer},
		Call: func(p *rule.Pass, run func(*rule.Pass, *mcpdefs.Result, []*handler)) error {
			res := p.ResultOf[k.defs].(*mcpdefs.Result)
			run(p, res, handlers(p, res, p.ResultOf[k.bodies].(*bodies)))
			return nil
		},
	}
}

// Rules are the handler rules' catalog rows.
func Rules() []rule.Rule { return rule.Rows(checks()) }

// Groups returns one analyzer group per handler rule, reading recognition results from defs.
func Groups(defs *analysis.Analyzer, cfg Config) []rule.Group {
	k := &kinds{defs: defs, bodies: bodiesAnalyzer(defs, mcpdefs.NewSummaries(defs))}
	return rule.Groups(checks(), k, cfg)
}
