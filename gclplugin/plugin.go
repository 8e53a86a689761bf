// Package gclplugin is mcplint as a golangci-lint v2 module plugin.
//
// Importing the package registers the plugin under the name "mcplint"; a golangci-lint
// binary built with it (golangci-lint custom and .custom-gcl.yml, or tools/golangci-mcplint)
// runs mcplint when .golangci.yml says
//
//	linters:
//	  enable: [mcplint]
//	  settings:
//	    custom:
//	      mcplint:
//	        type: module
//	        settings:
//	          disable: [result-and-error]
//
// The settings are those of .mcplint.yaml (see DecodeSettings). Three of them have no effect
// under golangci-lint: fail-on (golangci-lint fails on every reported issue; see its
// issues-exit-code) and severity (see its severity.rules), which it has its own of, and
// min-coverage (golangci-lint sees one package at a time, so no run's coverage is known). The server.json
// rules do not run: golangci-lint drops every finding outside .go files. Info notes
// (describe-on-output-fields) are left out unless show: info asks for them, since
// golangci-lint fails on every issue it reports.
package gclplugin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
)

// Name is the linter's name in .golangci.yml.
const Name = "mcplint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the registered linter: the analyzers of one configuration.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

// New is the constructor golangci-lint calls with linters.settings.custom.mcplint.settings.
// It decodes and validates the settings, so that a mistake stops golangci-lint at startup
// with a message naming the key.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := DecodeSettings(settings)
	if err != nil {
		return nil, settingsError(err)
	}
	if err := withoutServerJSON(cfg); err != nil {
		return nil, settingsError(err)
	}
	as, err := analyzers.New(cfg)
	if err != nil {
		return nil, settingsError(err)
	}
	return &Plugin{analyzers: singleFixOnly(analyzers.WithoutNotes(as, cfg))}, nil
}

func settingsError(err error) error {
	return fmt.Errorf("invalid mcplint settings (linters.settings.custom.mcplint.settings in the golangci-lint configuration):\n%w\n`mcplint rules` lists the rule IDs and families; docs/editors.md describes the settings", err)
}

// BuildAnalyzers returns the analyzers of the configuration.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: every rule resolves SDK calls and handler
// signatures through go/types, and syntax alone would leave pass.TypesInfo empty.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// withoutServerJSON turns the server.json rules off. golangci-lint discards issues outside
// .go files (its invalid_issue processor), so their findings could never be shown, while
// their analyzer, which gathers facts, would run over every dependency. A configuration that
// asks for them by name gets an error saying where they do run.
func withoutServerJSON(cfg *analyzers.Config) error {
	cat := analyzers.NewCatalog()
	for _, name := range cfg.Enable {
		r, isRule := cat.Lookup(name)
		if name == string(analyzers.FamilyServerJSON) || isRule && r.Family == analyzers.FamilyServerJSON {
			return fmt.Errorf("enable: %s: golangci-lint reports findings in .go files only, so the server.json rules cannot run under it; check server.json with `mcplint` or `mcplint serverjson` instead", name)
		}
	}
	cfg.Disable = append(slices.Clone(cfg.Disable), string(analyzers.FamilyServerJSON))
	return nil
}

// singleFixOnly drops the suggested fixes of diagnostics that offer several. golangci-lint
// --fix applies every fix of an issue, which is right for one fix and wrong for
// alternatives; mcplint's own -fix likewise applies only unambiguous fixes. It also drops the
// " (rule-id)" mcplint ends its messages with: golangci-lint already begins each one with the
// analyzer's name, the same ID with underscores. The analyzers are fresh from analyzers.New,
// so changing their Run affects no one else.
func singleFixOnly(as []*analysis.Analyzer) []*analysis.Analyzer {
	for _, a := range as {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				if len(d.SuggestedFixes) > 1 {
					d.SuggestedFixes = nil
				}
				if d.Category != "" {
					d.Message = strings.TrimSuffix(d.Message, " ("+d.Category+")")
				}
				report(d)
			}
			return run(pass)
		}
	}
	return as
}
