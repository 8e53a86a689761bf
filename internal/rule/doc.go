// Package rule is the framework every mcplint rule family builds on: what a rule is (Check,
// declared by its family beside the function that checks it), the catalog its families' rows
// make, the shared Config, ignore directives, and the pass that stamps each diagnostic with
// its rule ID, documentation URL and suppression state. It knows no family's rules: only the
// directive rules and load-error, which are its own and the driver's. It imports no SDK and no
// package of the module outside internal/ (internal/layers' test pins it), so that every
// layer can use it.
//
// # Adding a rule
//
// In the family's package, in a file named after the rule's ID, declare the rule beside its
// function as an exported method of the family's rules type, named after the ID:
//
//	func (rules) NoEmptyReply() rule.Entry[*kinds] {
//		return rule.Declare(check{
//			ID: "no-empty-reply", Severity: rule.Warning, SDKs: rule.AllSDKs,
//			Title: "handler returns an empty result",
//			Run:   noEmptyReply,
//		}, (*kinds).handlerBodies)
//	}
//
// check is one of the family's Check instances, one per run signature; Declare pairs it with
// the Kind that runs that signature (the compiler refuses a kind that cannot call Run).
// Declared finds the method: no list names the rules, and CheckDeclared (each family's test)
// refuses a misshapen or misnamed method. Give the rule a fixture directory
// passes/testdata/<family>/<id>/ and a section "## <id>" in docs/<family>.md, whose order is
// the catalog's. A rule's findings are reported with Pass.Report. Family-specific options are
// the family's Config, which reaches rules as Pass.Options.
//
// Drivers do not import this package directly; they use package analyzers, which re-exports
// what they need, assembles the families' rules into the catalog and builds the analyzers.
//
// # Writing an analyzer: what mcplint's driver guarantees and what it asks
//
// mcplint's own driver keeps a run cheap by loading from source only the packages that can
// matter (see analyzers.Scope) and reading every other package from the compiler's export
// data. An analyzer of any family must live with that:
//
//   - It runs only on packages that can reach a package recognition knows (an SDK or the
//     runtime library, directly or through their imports), or that hold an //mcplint:ignore
//     directive. A rule that needs to see other packages must say so in analyzers.Scope.
//   - Facts are computed only for packages loaded from source: by default the module's own
//     packages that can reach a known package, and, when server.json rules are on, every
//     package of the module a server's main package imports. A fact that is missing from the
//     standard library or another module means "unknown", never "absent".
//   - A pass may have no files and a nil TypesInfo, with Pkg holding types only (a
//     dependency known from export data, as other drivers may hand one over). Check
//     len(pass.Files) before touching TypesInfo and return an empty result; a test runs every
//     analyzer of the registry on such a pass.
//   - Work shared by several rules (recognition, an inspector, prepared handler bodies) is a
//     required analyzer whose Result the rules read, so that the syntax of a package is walked
//     once, not once per rule. Results are read-only once returned: rules of one package run
//     concurrently.
package rule
