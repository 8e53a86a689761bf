package driver

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/serverjson"
	manifestpkg "github.com/mcplint-go/mcplint/serverjson/manifest"
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
	for _, f := range manifestFindings(file, diags, cfg, s.Catalog) {
		rep.Findings = append(rep.Findings, f)
		if !described[f.Rule] {
			described[f.Rule] = true
			rule, _ := s.Catalog.Lookup(f.Rule)
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

// manifestFindings turns the diagnostics of a server.json checked alone into findings of the
// enabled rules.
func manifestFindings(file string, diags []serverjson.Diagnostic, cfg *analyzers.Config, cat *analyzers.Catalog) []result.Finding {
	var out []result.Finding
	for _, d := range diags {
		rule, ok := cat.Lookup(d.Rule)
		if !ok || !cfg.Enabled(rule) {
			continue
		}
		out = append(out, result.Finding{
			Rule:     d.Rule,
			Severity: cfg.SeverityOf(rule),
			Message:  fmt.Sprintf("%s (%s)", d.Message, d.Rule),
			Pos:      result.Position{File: file, Line: d.Pos.Line, Column: d.Pos.Col, Offset: d.Pos.Offset},
			URL:      rule.URL(),
			Analyzer: "serverjson",
		})
	}
	return out
}

// brokenMainManifests checks the server.json of each main package that did not compile the
// way `mcplint serverjson` does, JSON alone: the registry refuses a bad manifest whether or
// not the code builds, and a load-error must not hide that. The rules that compare the
// manifest with the code need the code, so they wait for it to compile. A manifest that
// already has findings was checked through another package and is left alone.
func brokenMainManifests(dir string, errs []result.PackageError, have []result.Finding, cfg *analyzers.Config, cat *analyzers.Catalog) []result.Finding {
	if !enabledFamily(cfg, cat, analyzers.FamilyServerJSON) {
		return nil
	}
	checked := map[string]bool{}
	for _, f := range have {
		checked[f.Pos.File] = true
	}
	var out []result.Finding
	for _, pe := range errs {
		file := firstFile(pe.Errors)
		if file == "" {
			continue
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly)
		if err != nil || f.Name.Name != "main" {
			continue
		}
		manifest := manifestpkg.Locate(file, cfg.ServerJSON)
		if manifest == "" || checked[manifest] {
			continue
		}
		checked[manifest] = true
		diags, err := serverjson.CheckFile(manifest, serverjson.Options{})
		if err != nil {
			continue // unreadable: the package's own run would not have read it either
		}
		out = append(out, manifestFindings(manifest, diags, cfg, cat)...)
	}
	return out
}

// firstFile is the file of the first positioned error ("file:line:col: message").
func firstFile(errs []string) string {
	for _, e := range errs {
		if m := positioned.FindStringSubmatch(e); m != nil {
			return m[1]
		}
	}
	return ""
}

func enabledFamily(cfg *analyzers.Config, cat *analyzers.Catalog, family analyzers.Family) bool {
	for _, r := range cat.Rules() {
		if r.Family == family && cfg.Enabled(r) {
			return true
		}
	}
	return false
}
