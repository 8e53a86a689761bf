// Package layers holds no code: its test pins the direction of mcplint's layers with
// `go list -deps`. From the top: the driver (cmd/mcplint, internal/driver) → the registry
// (analyzers) → the rule families (handlerrules, contractrules, schemarules,
// serverjson/manifest) → recognition (mcpdefs) → flow. The rule framework (internal/rule)
// sits beside the families and imports no SDK; the engine (internal/driver/engine and
// internal/driver/result) runs analyzers and imports no rule.
package layers
