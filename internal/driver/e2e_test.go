package driver_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/sarifschema"
)

// The fixture module testdata/mod has two directive findings, both warnings by default:
// go vet prints them as "file:line:col: message (rule-id)"; mcplint's text output puts the
// severity after the position (see withSeverity).
const (
	reasonVet = "ignores/ignores.go:6:2: //mcplint:ignore needs a rule ID and a reason, as in `//mcplint:ignore result-and-error the client retries` (ignore-reason-required)\n"
	unusedVet = "ignores/ignores.go:11:38: //mcplint:ignore names no-such-rule, no mcplint rule; fix the ID or remove the directive (ignore-unused)\n"
)

var (
	reasonFinding = withSeverity(reasonVet, "warning")
	unusedFinding = withSeverity(unusedVet, "warning")
)

// withSeverity turns a finding as go vet prints it into mcplint's text line.
func withSeverity(vetLine, severity string) string {
	m := regexp.MustCompile(`^([^:]+:\d+:\d+: )`).FindStringSubmatch(vetLine)
	if m == nil {
		panic("not a file:line:col: line: " + vetLine)
	}
	return m[1] + severity + ": " + vetLine[len(m[1]):]
}

func TestCleanPackageExitsZeroSilently(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "./clean")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stdout)
	assert.Empty(t, r.stderr)
}

func TestWarningsAreReportedButPassByDefault(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"))
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, reasonFinding+unusedFinding, r.stdout, "sorted, relative to the working directory")
}

func TestFailOnWarningExitsOne(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-fail-on", "warning", "./...")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, reasonFinding+unusedFinding, r.stdout)
	assert.Contains(t, r.stderr, "2 findings at or above severity warning")
}

func TestFailOnNoneNeverFails(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-fail-on", "none", "-config", abs(t, "testdata/strict.yaml"))
	assert.Equal(t, 0, r.code, r.stderr)
	assert.NotEmpty(t, r.stdout)
}

func TestConfigSeverityOverrideFailsTheRun(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-config", abs(t, "testdata/strict.yaml"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "1 finding at or above severity error")
}

func TestConfigFileAtModuleRootIsRead(t *testing.T) {
	dir := copyFixture(t, "mod")
	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("disable: [ignore-unused]\nfail-on: warning\n"), 0o644))
	r := mcplint(t, dir)
	assert.Equal(t, 1, r.code)
	assert.Equal(t, reasonFinding, r.stdout)

	r = mcplint(t, filepath.Join(dir, "ignores"))
	assert.Equal(t, 1, r.code, "found from a subdirectory too")
	assert.Equal(t, strings.TrimPrefix(reasonFinding, "ignores/"), r.stdout, "paths are relative to the working directory")

	r = mcplint(t, dir, "-enable", "ignore-unused")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, reasonFinding+unusedFinding, r.stdout, "-enable overrides the file's disable")

	r = mcplint(t, dir, "-disable", "directives")
	assert.Equal(t, 0, r.code)
	assert.Empty(t, r.stdout)

	r = mcplint(t, dir, "-disable", "directives", "-enable", "ignore-unused")
	assert.Equal(t, 1, r.code, "a rule named explicitly wins over its family")
	assert.Equal(t, "ignores/ignores.go:6:2: warning: //mcplint:ignore names no rule, so it suppresses nothing; name the rules it is for, or remove it (ignore-unused)\n"+unusedFinding, r.stdout)
}

func TestInvalidConfigExitsTwoNamingTheKey(t *testing.T) {
	r := mcplint(t, fixture(t, "badconfig"))
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "invalid configuration in ")
	assert.Contains(t, r.stderr, ".mcplint.yaml")
	assert.Contains(t, r.stderr, "line 2: unknown key enabel (not an mcplint setting; did you mean enable?)")
	assert.Empty(t, r.stdout)
}

func TestInvalidConfigValuesExitTwo(t *testing.T) {
	dir := fixture(t, "mod")
	cfg := filepath.Join(t.TempDir(), "c.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("severity:\n  ignore-unusd: error\nfail-on: sometimes\n"), 0o644))
	r := mcplint(t, dir, "-config", cfg)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `severity: unknown rule "ignore-unusd" (did you mean "ignore-unused"?)`)
	assert.Contains(t, r.stderr, `fail-on: unknown severity "sometimes"`)
	assert.Contains(t, r.stderr, "invalid configuration in "+cfg)

	r = mcplint(t, dir, "-config", filepath.Join(dir, "missing.yaml"))
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "missing.yaml")
	assert.Contains(t, r.stderr, "cannot read it")
}

func TestInvalidFlagsExitTwo(t *testing.T) {
	dir := fixture(t, "mod")
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"unknown rule":   {[]string{"-enable", "ignore-unsed"}, `-enable: unknown rule or family "ignore-unsed" (did you mean "ignore-unused"?)`},
		"bad fail-on":    {[]string{"-fail-on", "loud"}, `-fail-on: unknown severity "loud"`},
		"bad format":     {[]string{"-format", "xml"}, `unknown output format "xml"`},
		"two formats":    {[]string{"-json", "-sarif"}, "choose one output format"},
		"format clash":   {[]string{"-json", "-format", "github"}, "choose one output format"},
		"undefined flag": {[]string{"-frobnicate"}, "flag provided but not defined: -frobnicate"},
	} {
		r := mcplint(t, dir, tc.args...)
		assert.Equal(t, 2, r.code, name)
		assert.Contains(t, r.stderr, tc.want, name)
	}
}

// Enabling a rule that cannot run (planned, or not applicable in Go) says so instead of
// letting the user believe it is checked.
func TestInertRuleEnableSaysItHasNoEffect(t *testing.T) {
	var inert analyzers.Rule
	for _, rule := range analyzers.NewCatalog().Rules() {
		if rule.Status != analyzers.Implemented {
			inert = rule
			break
		}
	}
	require.NotEmpty(t, inert.ID, "the catalog documents the checks Go's types make impossible")
	r := mcplint(t, fixture(t, "mod"), "-enable", inert.ID, "./clean")
	assert.Equal(t, 0, r.code)
	assert.Contains(t, r.stderr, "-enable "+inert.ID+" has no effect: the rule is "+string(inert.Status))
}

func TestJSONOutput(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-json")
	require.Equal(t, 0, r.code, r.stderr)
	var doc struct {
		Findings []struct {
			Rule, Severity, Message, File, URL, Package string
			Line, Column                                int
			End                                         struct{ Line, Column int }
		}
		PackageErrors   []any
		CheckedPackages int
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Findings, 2)
	f := doc.Findings[1]
	assert.Equal(t, "ignore-unused", f.Rule)
	assert.Equal(t, "warning", f.Severity)
	assert.Equal(t, "ignores/ignores.go", f.File)
	assert.Equal(t, 11, f.Line)
	assert.Equal(t, 38, f.Column)
	assert.Equal(t, 11, f.End.Line)
	assert.Equal(t, "example.com/fixture/ignores", f.Package)
	assert.Equal(t, "https://github.com/mcplint-go/mcplint/blob/main/docs/directives.md#ignore-unused", f.URL)
	assert.Empty(t, doc.PackageErrors)
	assert.Equal(t, 6, doc.CheckedPackages)
}

func TestSARIFOutputValidatesAndDescribesRules(t *testing.T) {
	dir := fixture(t, "mod")
	r := mcplint(t, dir, "-sarif")
	require.Equal(t, 0, r.code, r.stderr)
	require.NoError(t, sarifschema.Validate("testdata/sarif-schema-2.1.0.json", []byte(r.stdout)))

	var doc struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID                   string
						HelpURI              string
						Help                 struct{ Markdown string }
						DefaultConfiguration struct{ Level string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string
							URIBaseID string `json:"uriBaseId"`
						}
						Region struct{ StartLine, StartColumn int }
					}
				}
			}
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	run := doc.Runs[0]
	ids := map[string]int{}
	for i, rule := range run.Tool.Driver.Rules {
		_, dup := ids[rule.ID]
		assert.False(t, dup, "one entry per rule ID: %s", rule.ID)
		ids[rule.ID] = i
	}
	require.Contains(t, ids, "ignore-unused")
	unused := run.Tool.Driver.Rules[ids["ignore-unused"]]
	assert.Contains(t, unused.Help.Markdown, "**Why it matters:**", "help is the rule's doc section")
	assert.Equal(t, "https://github.com/mcplint-go/mcplint/blob/main/docs/directives.md#ignore-unused", unused.HelpURI)
	assert.Equal(t, "warning", unused.DefaultConfiguration.Level)

	require.Len(t, run.Results, 2)
	for _, res := range run.Results {
		assert.Equal(t, ids[res.RuleID], res.RuleIndex, "ruleIndex points at the rule")
		assert.Equal(t, "warning", res.Level)
		loc := res.Locations[0].PhysicalLocation
		assert.Equal(t, "ignores/ignores.go", loc.ArtifactLocation.URI)
		assert.Equal(t, "%SRCROOT%", loc.ArtifactLocation.URIBaseID)
	}
	// The directive after "Héllo" and "é": byte column 38 is UTF-16 column 36.
	assert.Equal(t, 11, run.Results[1].Locations[0].PhysicalLocation.Region.StartLine)
	assert.Equal(t, 36, run.Results[1].Locations[0].PhysicalLocation.Region.StartColumn)
	assert.Equal(t, "file://"+filepath.ToSlash(dir)+"/", run.OriginalURIBaseIDs["%SRCROOT%"].URI)
}

func TestGitHubOutput(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-format", "github", "-config", abs(t, "testdata/strict.yaml"))
	assert.Equal(t, 1, r.code)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2)
	assert.True(t, strings.HasPrefix(lines[0], "::warning file=ignores/ignores.go,line=6,col=2,endLine=6,endColumn=18,title=ignore-reason-required:://mcplint%3Aignore needs") ||
		strings.HasPrefix(lines[0], "::warning file=ignores/ignores.go,line=6,col=2,endLine=6,endColumn=18,title=ignore-reason-required:://mcplint:ignore needs"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "::error file=ignores/ignores.go,line=11,col=38,"), "severity from the configuration: %s", lines[1])
	assert.True(t, strings.HasSuffix(lines[1], "(ignore-unused)"))
}

// In testdata/withbroken, bad uses mcplint's runtime library and does not type-check; good
// holds a stale directive; plain imports nothing MCP and does not type-check either, which is
// the compiler's business, not mcplint's: it is skipped before loading.
func TestTypeErrorBesideGoodPackage(t *testing.T) {
	dir := fixture(t, "withbroken")
	r := mcplint(t, dir)
	assert.Equal(t, 1, r.code, "a package with MCP code that does not compile fails the run")
	assert.Equal(t, "bad/bad.go:9:9: error: does not compile, so mcplint checked nothing in example.com/withbroken/bad: cannot use mcperr.NotFound(\"no such thing\") (value of type *mcperr.Error) as int value in return statement (load-error)\n"+
		"good/good.go:6:12: warning: //mcplint:ignore names result-and-eror, no mcplint rule (did you mean \"result-and-error\"?); fix the ID or remove the directive (ignore-unused)\n", r.stdout)
	assert.Contains(t, r.stderr, "mcplint: package example.com/withbroken/bad could not be checked")
	assert.Contains(t, r.stderr, "\tbad/bad.go:9:9: cannot use mcperr.NotFound(\"no such thing\")")
	assert.Contains(t, r.stderr, "the 2 other packages were checked")
	assert.NotContains(t, r.stderr, "plain", "a package that cannot hold MCP code is not loaded, so its errors are not mcplint's to report")
	assert.NotContains(t, r.stderr, "mixed", "nor named, unless -v")

	r = mcplint(t, dir, "-json")
	var doc struct {
		PackageErrors []struct {
			Package string
			Errors  []string
		}
		CheckedPackages int
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.PackageErrors, 2, "every package that failed to load, with MCP code or not")
	assert.Equal(t, "example.com/withbroken/bad", doc.PackageErrors[0].Package)
	assert.Equal(t, "example.com/withbroken/mixed", doc.PackageErrors[1].Package)
	assert.Equal(t, 2, doc.CheckedPackages, "good, and plain with nothing to check")
}

// TestLoadErrorKeepsTheManifestFindings: a main package that does not compile is a load-error,
// and its server.json is still checked JSON alone, as `mcplint serverjson` would: the registry
// refuses it whether the code builds or not. The rules comparing it with the code wait.
func TestLoadErrorKeepsTheManifestFindings(t *testing.T) {
	r := mcplint(t, copyFixture(t, "brokenmain"), "./...")
	assert.Equal(t, 2, r.code, "no package could be checked")
	assert.Contains(t, r.stdout, "main.go:9:14: error: does not compile")
	assert.Contains(t, r.stdout, "server.json:10:7: error: package version \"latest\" is reserved; the registry rejects it. Pin the exact version (server-json-package-no-latest)")
	assert.NotContains(t, r.stdout, "server-json-code-version-sync", "needs the code")
}

func TestNothingCheckableExitsTwo(t *testing.T) {
	dir := fixture(t, "withbroken")
	r := mcplint(t, dir, "./bad")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "example.com/withbroken/bad")
	assert.Contains(t, r.stderr, "no package could be checked")

	empty := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(empty, "go.mod"), []byte("module example.com/empty\n\ngo 1.26\n"), 0o644))
	r = mcplint(t, empty)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "no Go packages match ./...")
}

func TestPackageWithoutMCPCodeIsSkipped(t *testing.T) {
	r := mcplint(t, fixture(t, "withbroken"), "-json", "./plain")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	var doc struct {
		PackageErrors   []any
		CheckedPackages int
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	assert.Empty(t, doc.PackageErrors)
	assert.Equal(t, 1, doc.CheckedPackages)
}

func TestVerboseSaysWhatWasCheckedAndSkipped(t *testing.T) {
	r := mcplint(t, fixture(t, "withbroken"), "-v", "./plain")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `^mcplint: 1 package checked in [0-9.]+s: 0 analysed, 1 without MCP code skipped before type-checking; 0 findings\n`, r.stderr)
	assert.Regexp(t, `\nmcplint: time: go list [0-9.]+s, type-checking [0-9.]+s, analysis [0-9.]+s, output [0-9.]+s\n`, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: recognised no MCP definition or handler\n")

	r = mcplint(t, fixture(t, "mod"), "-v", "-test=false")
	assert.Regexp(t, `mcplint: [0-9]+ packages checked in [0-9.]+s: [1-9][0-9]* analysed, [0-9]+ without MCP code skipped before type-checking; [1-9][0-9]* findings?\n`, r.stderr)
	assert.Regexp(t, `\nmcplint: analysis by family and shared pass, summed over packages \(they run in parallel\): .*recognition [0-9.]+s`, r.stderr)
}

func TestVerboseCountsWhatRecognitionFound(t *testing.T) {
	sample := abs(t, filepath.Join("..", "..", "testdata", "sampleserver"))
	for _, loader := range []string{"engine", "packages"} {
		// The stock loader runs recognition on the SDK's own packages too (for facts): only
		// the packages asked for count.
		r := mcplint(t, sample, "-v", "-loader="+loader, "./...")
		assert.Contains(t, r.stderr, "mcplint: recognised go-sdk: definitions 3 (resource template 1, tool 2); handlers 3 (GoSDKResource 1, GoSDKTool 1, GoSDKTypedTool 1), by shape 3 (sdk-typed 3), 0 returning helper-built values\n", loader)
		assert.Contains(t, r.stderr, "mcplint: recognised go-sdk definitions by shape 3 (sdk 3); registered through a registrar of the module 0\n", loader)
	}
	r := mcplint(t, sample, "-loader=fast", "./...")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `mcplint: -loader: unknown loader "fast": want engine or packages`)
}

func TestGoVetVettool(t *testing.T) {
	r := command(t, fixture(t, "mod"), "go", "vet", "-vettool="+mcplintBin, "./...")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, reasonVet)
	assert.Contains(t, r.stderr, unusedVet)

	r = command(t, fixture(t, "mod"), "go", "vet", "-vettool="+mcplintBin, "./clean")
	assert.Equal(t, 0, r.code, r.stderr)

	// The configuration is found from the package directory, and a change is seen at once.
	dir := copyFixture(t, "mod")
	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("disable: [ignore-unused]\n"), 0o644))
	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./ignores")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, reasonVet)
	assert.NotContains(t, r.stderr, "ignore-unused")

	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("disable: [nope]\n"), 0o644))
	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./ignores")
	assert.NotEqual(t, 0, r.code)
	assert.Contains(t, r.stderr, `unknown rule or family "nope"`)
}

// TestGoVetLeavesNotesOut: go vet fails on every finding it is given, so info notes are left
// out of its output and its exit status unless the configuration asks for them.
func TestGoVetLeavesNotesOut(t *testing.T) {
	dir := copyFixture(t, "notes")
	r := command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./...")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stderr, "describe-on-output-fields")

	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("show: info\n"), 0o644))
	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./...")
	assert.Equal(t, 1, r.code, "asked for, notes are findings to vet")
	assert.Contains(t, r.stderr, "server/server.go:17:2: field Celsius (output.celsius) has no description")

	// mcplint itself lists notes in one counted line and never fails on them.
	r = mcplint(t, copyFixture(t, "notes"), "./...")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "1 info finding not listed (describe-on-output-fields 1)")
}

func TestVetProtocolFlags(t *testing.T) {
	dir := copyFixture(t, "mod")
	r := mcplint(t, dir, "-V=full")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `^mcplint version devel \S+ buildID=[0-9a-f]{64}\n$`, r.stdout)
	before := r.stdout

	require.NoError(t, os.WriteFile(filepath.Join(dir, analyzers.ConfigFileName), []byte("fail-on: warning\n"), 0o644))
	r = mcplint(t, dir, "-V=full")
	assert.NotEqual(t, before, r.stdout, "the tool ID covers the configuration, so vet's cache sees config changes")

	r = mcplint(t, dir, "-flags")
	assert.Equal(t, 0, r.code, r.stderr)
	var flags []struct{ Name string }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &flags))
	var names []string
	for _, f := range flags {
		names = append(names, f.Name)
	}
	assert.Contains(t, names, "json")
	assert.Contains(t, names, "mcplint_ignore")
}

func TestMultichecker(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "multichecker")
	build := command(t, ".", "go", "build", "-o", bin, "./testdata/multichecker")
	require.Equal(t, 0, build.code, build.stderr)

	dir := fixture(t, "mod")
	r := command(t, dir, bin, "./...")
	assert.Equal(t, 3, r.code, "multichecker exits 3 when it reports diagnostics")
	assert.Contains(t, r.stderr, filepath.Join(dir, "ignores", "ignores.go")+":6:2: //mcplint:ignore needs a rule ID and a reason")
	assert.Contains(t, r.stderr, "(ignore-unused)")

	r = command(t, dir, bin, "./clean")
	assert.Equal(t, 0, r.code, r.stderr)
}

func TestRulesSubcommand(t *testing.T) {
	r := mcplint(t, ".", "rules")
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var cat []analyzers.Rule
	for _, rule := range analyzers.NewCatalog().Rules() {
		if rule.Status != analyzers.NotApplicable {
			cat = append(cat, rule)
		}
	}
	require.Len(t, lines, len(cat)+1)
	assert.Regexp(t, `^RULE\s+FAMILY\s+SEVERITY\s+STATUS\s+TITLE$`, lines[0])
	assert.Regexp(t, `(?m)^ignore-unused\s+directives\s+warning\s+implemented\s+//mcplint:ignore that suppresses nothing$`, r.stdout)
	assert.Contains(t, r.stdout, "schema-no-defs")
	assert.Regexp(t, `schema-no-defs\s+schemarules\s+warning\s+implemented \(strict\)`, r.stdout)

	r = mcplint(t, ".", "rules", "-json")
	require.Equal(t, 0, r.code, r.stderr)
	var rules []struct{ ID, Family, Severity, Status, Title, URL string }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rules))
	require.Len(t, rules, len(cat))
	for i, rule := range rules {
		assert.Equal(t, cat[i].ID, rule.ID)
		assert.Equal(t, cat[i].Severity.String(), rule.Severity)
		assert.Equal(t, cat[i].URL(), rule.URL)
	}

	r = mcplint(t, ".", "rules", "extra")
	assert.Equal(t, 2, r.code)
}

func TestExplainSubcommand(t *testing.T) {
	r := mcplint(t, ".", "explain", "ignore-reason-required")
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "## ignore-reason-required\n"))
	assert.Contains(t, r.stdout, "**Severity:** warning")
	assert.NotContains(t, r.stdout, "## ignore-unused", "only the rule's own section")
	assert.Contains(t, r.stdout, "Online: https://github.com/mcplint-go/mcplint/blob/main/docs/directives.md#ignore-reason-required")

	r = mcplint(t, ".", "explain", "ignore-reason-requird")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `"ignore-reason-requird" is not an mcplint rule (did you mean ignore-reason-required?)`)

	// A rule ID's first words are too many edits away, but name one rule.
	r = mcplint(t, ".", "explain", "preserve-cause")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `"preserve-cause" is not an mcplint rule (did you mean preserve-cause-on-rethrow?)`)

	r = mcplint(t, ".", "explain", "zzzzzzzzzzzzzzzz")
	assert.Equal(t, 2, r.code)
	assert.NotContains(t, r.stderr, "did you mean")

	r = mcplint(t, ".", "explain")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "usage: mcplint explain RULE")
}

func TestExplainRuleWithoutPageYet(t *testing.T) {
	// Any catalogued rule whose family page has not been written: explain still answers.
	for _, rule := range analyzers.NewCatalog().Rules() {
		if _, err := os.Stat(filepath.Join("..", "..", "docs", string(rule.Family)+".md")); err == nil {
			continue
		}
		r := mcplint(t, ".", "explain", rule.ID)
		assert.Equal(t, 0, r.code)
		assert.Contains(t, r.stdout, rule.Title)
		assert.Contains(t, r.stdout, rule.URL())
		return
	}
	t.Skip("every family has its page")
}

func TestVersionAndHelp(t *testing.T) {
	r := mcplint(t, ".", "version")
	assert.Equal(t, 0, r.code)
	assert.Regexp(t, `^mcplint \S+ \(go1\.\d+`, r.stdout)

	r = mcplint(t, ".", "-h")
	assert.Equal(t, 0, r.code)
	assert.Contains(t, r.stderr, "mcplint [flags] [packages]")
	assert.Contains(t, r.stderr, "-fail-on")
	assert.Contains(t, r.stderr, "Exit status: 0")
}

func TestServerJSONSubcommand(t *testing.T) {
	dir := fixture(t, "serverjson")

	r := mcplint(t, dir, "serverjson")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "server.json:5:3: ", "points at the version key")
	assert.Contains(t, r.stdout, "(server-json-version-no-range)")
	assert.Contains(t, r.stdout, "server.json:12:7: ", "points at the unknown key")
	assert.Contains(t, r.stdout, "(server-json-unknown-key)")

	r = mcplint(t, dir, "serverjson", "good.json")
	assert.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Empty(t, r.stdout)

	r = mcplint(t, dir, "serverjson", "-disable", "server-json-version-no-range,server-json-schema", "-fail-on", "error")
	assert.NotContains(t, r.stdout, "server-json-version-no-range")

	r = mcplint(t, dir, "serverjson", "-sarif")
	assert.Equal(t, 1, r.code)
	require.NoError(t, sarifschema.Validate("testdata/sarif-schema-2.1.0.json", []byte(r.stdout)))

	r = mcplint(t, dir, "serverjson", "missing.json")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "cannot read missing.json")
}

// testdata/robust holds what real trees hold and a linter must take in its stride: a package
// using cgo, generated files beside hand-written ones, files behind build tags (one for
// another OS importing a package that does not exist). A package that does not parse is
// added to a copy (gofmt would trip over it in the repository).
func TestRobustFixtures(t *testing.T) {
	dir := fixture(t, "robust")
	const (
		cgoFinding = "cgo/cgo.go:24:3: error: tool result returned beside an error"
		genFinding = "gen/handlers.go:14:2: error: tool result returned beside an error"
	)
	r := mcplint(t, dir)
	assert.Equal(t, 1, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2, "nothing from generated code, nothing behind the integration tag:\n%s", r.stdout)
	assert.True(t, strings.HasPrefix(lines[0], cgoFinding), "reported in the user's file, not in cgo's translation: %s", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], genFinding), lines[1])
	assert.Equal(t, "mcplint: 2 findings at or above severity error (-fail-on error)\n", r.stderr, "no load failure, no crash")

	r = mcplint(t, dir, "-tags", "integration", "./tags")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "tags/integration.go:14:2: error: tool result returned beside an error"), r.stdout)

	r = mcplint(t, dir, "-json", "./cgo")
	var doc struct {
		Findings []struct {
			File         string
			Line, Column int
			End          struct{ Line, Column, Offset int }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Findings, 1)
	src, err := os.ReadFile(filepath.Join(dir, "cgo", "cgo.go"))
	require.NoError(t, err)
	end := doc.Findings[0].End
	lineStart := 0
	for range end.Line - 1 {
		lineStart += strings.IndexByte(string(src[lineStart:]), '\n') + 1
	}
	assert.Equal(t, lineStart+end.Column-1, end.Offset, "offsets are in the user's file too")
	assert.Equal(t, byte(')'), src[end.Offset-1], "the end is just past the return's last result")

	r = command(t, dir, "go", "vet", "-vettool="+mcplintBin, "./cgo", "./gen")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "cgo.go:24:3: tool result returned beside an error")
	assert.Contains(t, r.stderr, "handlers.go:14:2: tool result returned beside an error")
	assert.NotContains(t, r.stderr, "handlers_gen.go")
}

// TestHugeFile checks one MCP package whose single file is what code generators produce: 20,000
// handlers and a 4 MB string constant, about 7 MB in all. mcplint reports the one flawed
// handler and nothing else, without a crash or a load failure.
func TestHugeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and checks a 7 MB file")
	}
	dir := t.TempDir()
	repo := abs(t, filepath.Join("..", ".."))
	gomod, err := os.ReadFile(filepath.Join("testdata", "robust", "go.mod"))
	require.NoError(t, err)
	gosum, err := os.ReadFile(filepath.Join("testdata", "robust", "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(strings.Replace(string(gomod), "=> ../../../..", "=> "+repo, 1)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), gosum, 0o644))
	var b strings.Builder
	b.WriteString("// Package huge is one very large file.\npackage huge\n\nimport (\n\t\"context\"\n\t\"errors\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\n")
	b.WriteString("// Blob is a large embedded asset.\nconst Blob = `" + strings.Repeat("0123456789abcdef", 1<<18) + "`\n\n")
	const handlers = 20000
	for i := range handlers {
		fmt.Fprintf(&b, "// H%[1]d is handler %[1]d.\nfunc H%[1]d(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {\n", i)
		if i == handlers/2 {
			b.WriteString("\treturn &mcp.CallToolResult{}, errors.New(\"both\")\n}\n\n")
			continue
		}
		b.WriteString("\tif req == nil {\n\t\treturn nil, errors.New(\"no request\")\n\t}\n\treturn &mcp.CallToolResult{}, nil\n}\n\n")
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "huge"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "huge", "huge.go"), []byte(b.String()), 0o644))

	r := mcplint(t, dir)
	assert.Equal(t, 1, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 1, r.stdout)
	assert.Contains(t, lines[0], fmt.Sprintf("huge/huge.go:%d:2: error: tool result returned beside an error", 14+(handlers/2)*8+2))
	assert.Equal(t, "mcplint: 1 finding at or above severity error (-fail-on error)\n", r.stderr, "no load failure, no crash")
}

func TestSyntaxErrorInMCPPackage(t *testing.T) {
	dir := t.TempDir()
	repo := abs(t, filepath.Join("..", ".."))
	gomod, err := os.ReadFile(filepath.Join("testdata", "robust", "go.mod"))
	require.NoError(t, err)
	gosum, err := os.ReadFile(filepath.Join("testdata", "robust", "go.sum"))
	require.NoError(t, err)
	files := map[string]string{
		"go.mod": strings.Replace(string(gomod), "=> ../../../..", "=> "+repo, 1),
		"go.sum": string(gosum),
		"syntax/syntax.go": "// Package syntax imports an SDK and does not parse.\npackage syntax\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\n" +
			"func Broken(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error {\n\treturn nil, nil\n}\n",
		"ok/ok.go": "// Package ok is fine.\npackage ok\n\nimport \"github.com/modelcontextprotocol/go-sdk/mcp\"\n\n// Server is unused.\nvar Server *mcp.Server\n",
	}
	for name, text := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	r := mcplint(t, dir)
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Equal(t, "syntax/syntax.go:6:88: error: does not compile, so mcplint checked nothing in example.com/robust/syntax: missing ',' in parameter list (and 10 more errors) (load-error)\n", r.stdout)
	assert.Contains(t, r.stderr, "package example.com/robust/syntax could not be checked")
	assert.Contains(t, r.stderr, "syntax/syntax.go:6:88: missing ',' in parameter list")
	assert.Contains(t, r.stderr, "the other package was checked")
	assert.NotContains(t, r.stderr, "panic")
}
