package metamorphic

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver"
	driveroutput "github.com/mcplint-go/mcplint/internal/driver/output"
)

// drive runs mcplint's driver in process over the packages of the driver copies (the layer
// columns), as `mcplint -json` run in the copies' module does: the module graph on (unless
// env turns it off), every handler rule enabled, the result cache off. The variant
// directories of the fixture ask for configurations of their own: one run per configuration,
// each over the packages of every driver copy that it applies to. It returns nil when no copy
// is a driver copy.
func (ms *measurement) drive(env []string) ([]diag, error) {
	groups := map[string][]string{} // configuration → package patterns
	for _, p := range ms.pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		rel := relDirOf(p)
		for _, c := range ms.copies {
			d, ok := strings.CutPrefix(rel, c.rw.Name+"/")
			if !ok || !c.rw.driver {
				continue
			}
			if v := ms.fx.variantOf(d); v != nil {
				groups[string(v.config)] = append(groups[string(v.config)], "./"+rel)
			}
		}
	}
	if len(groups) == 0 {
		return nil, nil
	}
	var out []diag
	configs := make([]string, 0, len(groups))
	for c := range groups {
		configs = append(configs, c)
	}
	sort.Strings(configs)
	for i, cfg := range configs {
		opts := driver.Options{
			Patterns: groups[cfg],
			Format:   driveroutput.JSON,
			Flags:    driver.FlagSettings{Disable: []string{"all"}, Enable: ms.fx.rules},
		}
		if cfg != "" {
			name := filepath.Join(ms.dir, fmt.Sprintf(".mcplint-variant-%d.yaml", i))
			if err := os.WriteFile(name, []byte(cfg), 0o644); err != nil {
				return nil, err
			}
			opts.ConfigFile = name
		}
		ds, err := runDriver(ms.dir, opts, env)
		if err != nil {
			return nil, err
		}
		out = append(out, ds...)
	}
	return out, nil
}

// runDriver runs the driver once in dir and returns its findings, their files relative to dir.
func runDriver(dir string, opts driver.Options, env []string) ([]diag, error) {
	var stdout, stderr bytes.Buffer
	code := driver.Run(context.Background(), driver.Setup{
		Analyzers:        analyzers.New,
		LayeredAnalyzers: analyzers.NewLayered,
		Scope:            analyzers.Scope,
		Catalog:          analyzers.NewCatalog(),
		Version:          "metamorphic",
		Stdout:           &stdout,
		Stderr:           &stderr,
		Dir:              dir,
		Env:              append(slices.Clip(os.Environ()), append([]string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", driver.CacheEnv + "=off"}, env...)...),
	}, opts)
	if code != driver.ExitOK && code != driver.ExitFindings {
		return nil, fmt.Errorf("mcplint over the layer copies exited %d:\n%s", code, stderr.String())
	}
	var report struct {
		Findings []struct {
			Rule, File, Message string
			Line                int
		}
		PackageErrors []struct {
			Package string
			Errors  []string
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &report); err != nil {
		return nil, fmt.Errorf("reading mcplint's report: %v\n%s", err, stderr.String())
	}
	if len(report.PackageErrors) > 0 {
		return nil, fmt.Errorf("mcplint over the layer copies: %s: %s", report.PackageErrors[0].Package, strings.Join(report.PackageErrors[0].Errors, "; "))
	}
	var out []diag
	for _, f := range report.Findings {
		rel := f.File
		if filepath.IsAbs(rel) {
			if r, err := filepath.Rel(dir, rel); err == nil {
				rel = r
			}
		}
		out = append(out, diag{rule: f.Rule, rel: filepath.ToSlash(rel), line: f.Line, msg: f.Message})
	}
	return out, nil
}

// variantOf is the variant whose run holds a directory relative to the fixture module.
func (fx *fixture) variantOf(dir string) *variant {
	for i := range fx.variants {
		if fx.variants[i].holds(dir) {
			return &fx.variants[i]
		}
	}
	return nil
}
