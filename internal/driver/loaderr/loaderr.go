// Package loaderr declares the rule the driver itself reports: a package that can hold MCP code
// and does not compile, so that no rule could check it. The analyzers registry catalogues it
// like every family's rules; the driver (internal/driver, loadErrorFindings) reports it. The
// declaration is a package of its own because the registry cannot import the driver.
package loaderr

import "github.com/mcplint-go/mcplint/internal/rule"

// Family is the driver's own family: what must hold before any rule can run.
const Family rule.Family = "loading"

// LoadError is reported by the driver, not by an analyzer, so it has no Run.
var LoadError = rule.Check[any]{
	ID: "load-error", Family: Family, Severity: rule.Error, SDKs: []string{rule.SDKAnyServer},
	Title: "package with MCP code does not compile, so it was not checked",
}

// Rules are the catalog rows of the family.
func Rules() []rule.Rule { return rule.Rows([]rule.Check[any]{LoadError}) }
