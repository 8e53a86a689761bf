package driver

import (
	"fmt"
	"path/filepath"

	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/serverjson"
)

// ServerJSONOptions are the user's choices for `mcplint serverjson`.
type ServerJSONOptions struct {
	// File is the server.json to check; "" means server.json in the working directory.
	File       string
	Format     output.Format
	ConfigFile string
	Flags      FlagSettings
}

// ServerJSON checks one server.json with the server.json rules, for repositories in any
// language, with the same configuration, output formats and exit statuses as a package run.
func ServerJSON(s Setup, o ServerJSONOptions) int {
	dir, ok := s.workDir()
	if !ok {
		return ExitError
	}
	file := o.File
	if file == "" {
		file = "server.json"
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	cfg, err := checkedConfig(filepath.Dir(file), o.ConfigFile, &o.Flags, s.Catalog)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: %v\nFix it and run mcplint again; `mcplint rules` lists the rule IDs and families.\n", err)
		return ExitError
	}
	diags, err := serverjson.CheckFile(file, serverjson.Options{})
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: cannot read %s: %v\n", output.RelPath(dir, file), err)
		return ExitError
	}

	rep := &result.Report{Checked: 1}
	described := map[string]bool{}
	for _, d := range diags {
		rule, ok := s.Catalog.Lookup(d.Rule)
		if !ok || !cfg.Enabled(rule) {
			continue
		}
		rep.Findings = append(rep.Findings, result.Finding{
			Rule:     d.Rule,
			Severity: cfg.SeverityOf(rule),
			Message:  fmt.Sprintf("%s (%s)", d.Message, d.Rule),
			Pos:      result.Position{File: file, Line: d.Pos.Line, Column: d.Pos.Col, Offset: d.Pos.Offset},
			URL:      rule.URL(),
			Analyzer: "serverjson",
		})
		if !described[d.Rule] {
			described[d.Rule] = true
			rep.Rules = append(rep.Rules, describe(rule, cfg))
		}
	}
	rep.Findings = result.SortAndDedup(rep.Findings)
	if err := output.Write(s.Stdout, o.Format, rep, output.Options{Dir: dir, ToolVersion: s.Version}); err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: writing the report: %v\n", err)
		return ExitError
	}
	failing := 0
	for _, f := range rep.Findings {
		if cfg.Fails(f.Severity) {
			failing++
		}
	}
	if failing > 0 {
		fmt.Fprintf(s.Stderr, "mcplint: %s at or above the fail-on severity\n", plural(failing, "finding"))
		return ExitFindings
	}
	return ExitOK
}
