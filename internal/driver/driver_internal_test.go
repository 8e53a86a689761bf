package driver

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

func TestIsVetInvocation(t *testing.T) {
	for _, args := range [][]string{
		{"-V=full"}, {"-flags"}, {"/tmp/go-build1/b001/vet.cfg"}, {"-json", "-c=1", "vet.cfg"},
	} {
		assert.True(t, IsVetInvocation(args), "%q", args)
	}
	for _, args := range [][]string{
		nil, {"./..."}, {"rules"}, {"-json", "./pkg", "x.cfg"}, {"-fix", "./..."}, {"-V"},
	} {
		assert.False(t, IsVetInvocation(args), "%q", args)
	}
}

func TestFlagSettingsOverrideTheFile(t *testing.T) {
	cat := analyzers.NewCatalog()
	for name, tc := range map[string]struct {
		file, flags             FlagSettings
		wantEnable, wantDisable []string
		enabled                 map[string]bool
	}{
		"enable overrides a disabled rule": {
			file: FlagSettings{Disable: []string{"ignore-unused"}}, flags: FlagSettings{Enable: []string{"ignore-unused"}},
			wantEnable: []string{"ignore-unused"}, wantDisable: []string{},
			enabled: map[string]bool{"ignore-unused": true},
		},
		"a family flag overrides its rules in the file": {
			file: FlagSettings{Enable: []string{"ignore-unused"}}, flags: FlagSettings{Disable: []string{"directives"}},
			wantEnable: []string{}, wantDisable: []string{"directives"},
			enabled: map[string]bool{"ignore-unused": false, "ignore-reason-required": false},
		},
		"all overrides everything": {
			file: FlagSettings{Disable: []string{"directives", "ignore-unused"}}, flags: FlagSettings{Enable: []string{"all"}},
			wantEnable: []string{"all"}, wantDisable: []string{},
			enabled: map[string]bool{"ignore-unused": true},
		},
		"a rule flag leaves the file's family setting": {
			file: FlagSettings{Disable: []string{"directives"}}, flags: FlagSettings{Enable: []string{"ignore-unused"}},
			wantEnable: []string{"ignore-unused"}, wantDisable: []string{"directives"},
			enabled: map[string]bool{"ignore-unused": true, "ignore-reason-required": false},
		},
	} {
		cfg := analyzers.NewConfig()
		cfg.Enable, cfg.Disable = tc.file.Enable, tc.file.Disable
		require.NoError(t, tc.flags.apply(cfg, cat), name)
		assert.ElementsMatch(t, tc.wantEnable, cfg.Enable, name)
		assert.ElementsMatch(t, tc.wantDisable, cfg.Disable, name)
		for id, want := range tc.enabled {
			r, _ := cat.Lookup(id)
			assert.Equal(t, want, cfg.Enabled(r), "%s: %s", name, id)
		}
	}
}

func TestFlagSettingsErrorsNameTheFlag(t *testing.T) {
	err := FlagSettings{Enable: []string{"ignore-unsed"}, Disable: []string{"x"}, FailOn: "loud"}.apply(analyzers.NewConfig(), analyzers.NewCatalog())
	var ce *ConfigError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "flags", ce.Source)
	assert.Contains(t, err.Error(), `-enable: unknown rule or family "ignore-unsed"`)
	assert.Contains(t, err.Error(), `-disable: unknown rule or family "x"`)
	assert.Contains(t, err.Error(), `-fail-on: unknown severity "loud"`)
}

func TestFailOnFlagOverridesFile(t *testing.T) {
	cfg := analyzers.NewConfig()
	cfg.FailOn = "none"
	require.NoError(t, FlagSettings{FailOn: "warning"}.apply(cfg, analyzers.NewCatalog()))
	assert.True(t, cfg.Fails(analyzers.Warning))
	assert.False(t, cfg.Fails(analyzers.Info))
}

func TestLoadConfigExplicitFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.yaml")
	require.NoError(t, os.WriteFile(file, []byte("fail-on: info\n"), 0o644))
	cfg, path, err := loadConfig(dir, file)
	require.NoError(t, err)
	assert.Equal(t, file, path)
	assert.Equal(t, "info", cfg.FailOn)

	require.NoError(t, os.WriteFile(file, []byte("portabilty: strict\n"), 0o644))
	_, _, err = loadConfig(dir, file)
	var ce *ConfigError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, file, ce.Source)
	assert.Contains(t, err.Error(), "unknown key portabilty (not an mcplint setting; did you mean portability?)")

	// No file anywhere up to the module root: defaults.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644))
	cfg, path, err = loadConfig(dir, "")
	require.NoError(t, err)
	assert.Empty(t, path)
	assert.Equal(t, analyzers.NewConfig(), cfg)
}

func TestSplitList(t *testing.T) {
	assert.Equal(t, []string{"a", "b-c", "d"}, SplitList(" a, b-c,,d ,"))
	assert.Nil(t, SplitList(""))
}

func TestDidYouMean(t *testing.T) {
	cat := analyzers.NewCatalog()
	assert.Equal(t, " (did you mean result-and-error?)", didYouMean(cat, "result-and-eror"))
	assert.Equal(t, " (did you mean handlerrules?)", didYouMean(cat, "handlerule"))
	assert.Equal(t, " (did you mean ignore-unused?)", didYouMean(cat, "IGNORE-UNUSED"))
	assert.Empty(t, didYouMean(cat, "completely-different-thing"))
}

func TestBuildReportSeveritiesAndRules(t *testing.T) {
	cat := analyzers.NewCatalog()
	cfg := analyzers.NewConfig()
	cfg.Severity = map[string]string{"ignore-unused": "info"}
	rep := buildReport(&engine.Outcome{
		Findings: []result.Finding{
			{Rule: "ignore-unused", Message: "b", Pos: result.Position{File: "/a.go", Line: 2, Column: 1}},
			{Rule: "ignore-unused", Message: "b", Pos: result.Position{File: "/a.go", Line: 2, Column: 1}}, // from a test variant
			{Rule: "ignore-reason-required", Message: "a", Pos: result.Position{File: "/a.go", Line: 1, Column: 1}},
			{Rule: "internal-error", Message: "crash", Pos: result.Position{File: "/b.go", Line: 1, Column: 1}},
			{Rule: "someone-elses", Analyzer: "foreign", Message: "x", Pos: result.Position{File: "/c.go", Line: 1, Column: 1}},
		},
	}, cfg, cat)

	require.Len(t, rep.Findings, 4, "duplicates are dropped")
	assert.Equal(t, "ignore-reason-required", rep.Findings[0].Rule, "sorted by position")
	assert.Equal(t, analyzers.Warning, rep.Findings[0].Severity)
	assert.Equal(t, analyzers.Info, rep.Findings[1].Severity, "severity from the configuration")
	assert.Equal(t, analyzers.Error, rep.Findings[2].Severity, "crashes are errors")
	assert.Equal(t, analyzers.Error, rep.Findings[3].Severity, "rules outside the catalog are errors")

	for _, id := range []string{"ignore-unused", "ignore-reason-required", "result-and-error", "internal-error", "someone-elses"} {
		r, _, ok := rep.Rule(id)
		if assert.True(t, ok, id) {
			assert.NotEmpty(t, r.Title, id)
			assert.NotEmpty(t, r.Help+r.URL, id)
		}
	}
	r, _, _ := rep.Rule("ignore-unused")
	assert.Equal(t, analyzers.Info, r.Severity)
	assert.Contains(t, r.Help, "**Why it matters:**")
	if planned, ok := firstPlanned(cat); ok {
		_, _, described := rep.Rule(planned)
		assert.False(t, described, "planned rules are not described")
	}
}

// firstPlanned returns a rule of the catalog that is not built yet, if any is left.
func firstPlanned(cat *analyzers.Catalog) (string, bool) {
	for _, r := range cat.Rules() {
		if r.Status == analyzers.Planned {
			return r.ID, true
		}
	}
	return "", false
}

func TestReportPackageErrorsShowsTheFirstErrors(t *testing.T) {
	var b bytes.Buffer
	reportPackageErrors(&b, []result.PackageError{{Package: "example.com/p", Errors: []string{"e1", "e2", "e3", "e4", "e5"}}}, 2, false)
	assert.Equal(t, "mcplint: package example.com/p could not be checked; it does not load or type-check:\n\te1\n\te2\n\te3\n\t... and 2 more\n"+
		"mcplint: fix the errors above (go build ./... shows them all); the 2 other packages were checked\n", b.String())
}

func TestConfigErrorMessage(t *testing.T) {
	err := &ConfigError{Source: ".mcplint.yaml", Err: errors.New("a: x\nb: y")}
	assert.Equal(t, "invalid configuration in .mcplint.yaml:\n  a: x\n  b: y", err.Error())
}

func TestVetToolIDFollowsTheConfiguration(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), ".mcplint.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("fail-on: warning\n"), 0o644))
	first, err := vetToolID(cfg)
	require.NoError(t, err)
	again, err := vetToolID(cfg)
	require.NoError(t, err)
	assert.Equal(t, first, again, "stable, so that go vet's cache applies")
	require.NoError(t, os.WriteFile(cfg, []byte("fail-on: error\n"), 0o644))
	changed, err := vetToolID(cfg)
	require.NoError(t, err)
	assert.NotEqual(t, first, changed, "a configuration change invalidates go vet's cached results")
	none, err := vetToolID("")
	require.NoError(t, err)
	assert.NotEqual(t, first, none)
	_, err = vetToolID(filepath.Join(t.TempDir(), "missing.yaml"))
	assert.ErrorContains(t, err, "missing.yaml")
}

func TestGoBuildIDOfThisExecutable(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	id, err := goBuildID(exe)
	require.NoError(t, err)
	assert.Regexp(t, `^[A-Za-z0-9_/-]{20,}$`, id, "the linker's build ID")
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(string(out)), id, "as go tool buildid reads it")

	stripped := filepath.Join(t.TempDir(), "nobuildid")
	require.NoError(t, os.WriteFile(stripped, []byte("\x7fELF no build id here"), 0o755))
	id, err = goBuildID(stripped)
	require.NoError(t, err)
	assert.Empty(t, id, "then the whole executable is hashed")
}

// TestResolveLayers: a site's key picks its callees (a named func type's values, an
// interface's implementations, a field's stores), and a function two sites call with
// different wires is left out of both.
func TestResolveLayers(t *testing.T) {
	convert := mcpdefs.LayerMapping{Errors: 1}
	pass := mcpdefs.LayerMapping{Errors: 2, Same: true}
	rec := &runRecord{
		Sites: map[string]siteRecord{
			"s.go:1:1": {Key: "named p.Func", Mapping: pass},
			"s.go:2:1": {Key: "method Handle (int)(error)", Interface: []string{"Handle (int)(error)", "Name ()(string)"}, Mapping: convert},
			"s.go:3:1": {Key: "field p.T.Fn", Mapping: pass},
			"s.go:4:1": {Key: "field p.U.Fn", Mapping: convert},
			"s.go:5:1": {Key: "global p.external", Mapping: convert},
		},
		Values: map[string]map[string]string{
			"named p.Func": {"a.go:1:6": "p/a"},
			"field p.T.Fn": {"b.go:1:6": "p/b"},
			"field p.U.Fn": {"b.go:1:6": "p/b"},
		},
		MethodSets: []map[string]methodRecord{
			{"Handle (int)(error)": {Pos: "c.go:3:1", Pkg: "p/c"}, "Name ()(string)": {Pos: "c.go:2:1", Pkg: "p/c"}},
			{"Handle (int)(error)": {Pos: "d.go:3:1", Pkg: "p/d"}}, // no Name: not an implementation
		},
	}
	plan := rec.resolveLayers()
	assert.Equal(t, map[string]mcpdefs.LayerMapping{"a.go:1:6": pass, "c.go:3:1": convert}, plan.layered)
	assert.Equal(t, []string{"p/a", "p/c"}, plan.packages)
	assert.Equal(t, map[string]bool{"s.go:1:1": true, "s.go:2:1": true}, plan.resolved, "b.go's function is called with two wires; nothing is stored in external")
}
