package layers_test

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/mcplint-go/mcplint"

// The SDKs rules must reach only through recognition.
var sdks = []string{"github.com/modelcontextprotocol/go-sdk", "github.com/mark3labs/mcp-go"}

// families are the rule families: what the registry assembles and what nothing below it may
// import.
var families = []string{module + "/handlerrules", module + "/contractrules", module + "/schemarules", module + "/serverjson/manifest"}

// TestLayersPointOneWay pins the direction of the layers with `go list -deps`: driver →
// registry → rule families → recognition → flow, with the rule framework beside them
// importing no SDK and the engine no rule.
func TestLayersPointOneWay(t *testing.T) {
	deps := listDeps(t)
	var recognition, shipped []string
	// The flow engine: the SSA engine, the def-use index, the helper summaries, and any other
	// package under flow/.
	engine := []string{module + "/flow", module + "/flow/summary"}
	for pkg := range deps {
		if strings.HasPrefix(pkg, module+"/") && !strings.HasPrefix(pkg, module+"/internal/testkit/") {
			shipped = append(shipped, pkg)
		}
		if pkg == module+"/mcpdefs" || strings.HasPrefix(pkg, module+"/mcpdefs/") || isFlow(pkg) {
			recognition = append(recognition, pkg)
		}
		if isFlow(pkg) && !slices.Contains(engine, pkg) {
			engine = append(engine, pkg)
		}
	}
	checks := []struct {
		what     string
		pkgs     []string
		forbid   func(dep string) bool
		mustHave bool
	}{
		{"a rule family imports the driver", families, under(module+"/internal/driver", module+"/cmd"), true},
		{"the rule framework imports an SDK", []string{module + "/internal/rule"}, under(sdks...), true},
		{"the rule framework imports a package of the module outside internal/ (surface pulls the SDK in through mcptool)", []string{module + "/internal/rule"}, func(dep string) bool {
			return strings.HasPrefix(dep, module+"/") && !strings.HasPrefix(dep, module+"/internal/")
		}, true},
		{"recognition or flow imports a rule family or the registry", recognition, under(append([]string{module + "/analyzers", module + "/internal/driver"}, families...)...), false},
		{"the flow engine imports recognition (it knows nothing about MCP; recognition hands it an oracle)", engine, under(module + "/mcpdefs"), true},
		{"a package recognition reads with (what schema libraries infer, JSON values, schema library calls) imports recognition, an SDK or a rule family", []string{module + "/mcpdefs/typewalk", module + "/mcpdefs/jsonvalue", module + "/mcpdefs/schemalib"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"the revision checker imports recognition, an SDK, a rule family or the driver (it reads recognition through revision.Code)", []string{module + "/mcpdefs/revision"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"the JSON evaluator imports recognition, an SDK, a rule family or the driver (it resolves through jsoneval.Code)", []string{module + "/mcpdefs/jsoneval"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"the adapter finder imports recognition, an SDK, a rule family or the driver (it reads recognition through adapters.Code)", []string{module + "/mcpdefs/adapters"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"the registrar finder imports recognition, a rule family or the driver (recognition requires its analyzer and reads its facts)", []string{module + "/mcpdefs/registrars"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append([]string{module + "/analyzers", module + "/internal/driver"}, families...)...)(dep)
		}, true},
		{"the helper templates import recognition, an SDK, a rule family or the driver (they evaluate through templates.Code)", []string{module + "/mcpdefs/templates"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"the flow engine's oracles import recognition, a subpackage of it but sdkapi, a rule family or the driver (they know the SDKs through sdkapi alone)", []string{module + "/mcpdefs/oracle"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || strings.HasPrefix(dep, module+"/mcpdefs/") && dep != module+"/mcpdefs/sdkapi" || under(append([]string{module + "/analyzers", module + "/internal/driver"}, families...)...)(dep)
		}, true},
		{"recognition's data model imports recognition, the flow engine, an SDK, a rule family or the driver (it holds what recognition found, as plain values)", []string{module + "/mcpdefs/mcpmodel"}, func(dep string) bool {
			return dep == module+"/mcpdefs" || isFlow(dep) || under(append(append([]string{module + "/analyzers", module + "/internal/driver"}, sdks...), families...)...)(dep)
		}, true},
		{"recognition's vocabulary imports a package of the module (it knows names, not code; only mcperr, whose factories it lists, and internal/reachable, which imports nothing of the module)", []string{module + "/mcpdefs/sdkapi"}, func(dep string) bool {
			return strings.HasPrefix(dep, module+"/") && dep != module+"/mcperr" && dep != module+"/internal/reachable"
		}, true},
		{"the hidden-text finder imports recognition, a rule family, the rule framework or the driver (description-hidden-instructions asks it)", []string{module + "/schemarules/hiddentext"}, under(append([]string{module + "/mcpdefs", module + "/analyzers", module + "/internal/driver", module + "/internal/rule"}, families...)...), true},
		{"the x-mcp-header check mirror imports an SDK or a package of the module other than mcpdefs/jsonvalue and what it reads JSON with (it knows JSON values only; the header rules ask it)", []string{module + "/schemarules/headercheck"}, func(dep string) bool {
			// jsonvalue reads JSON text through internal/jsontext.
			return strings.HasPrefix(dep, module+"/") && dep != module+"/mcpdefs/jsonvalue" && dep != module+"/internal/jsontext" || under(sdks...)(dep)
		}, true},
		{"the format-parity engine imports a rule family, the rule framework or the driver (the rules ask it, not the other way)", []string{module + "/schemarules/parity"}, under(append([]string{module + "/analyzers", module + "/internal/driver", module + "/internal/rule"}, families...)...), true},
		{"the credential finder imports a rule family's package, the rule framework or the driver (secret-in-model-text asks it, not the other way)", []string{module + "/handlerrules/credentials"}, func(dep string) bool {
			return dep == module+"/handlerrules" || under(module+"/analyzers", module+"/internal/driver", module+"/internal/rule", module+"/contractrules", module+"/schemarules", module+"/serverjson/manifest")(dep)
		}, true},
		{"the mutation harness imports recognition or a rule (it finds its sites by types alone, or it would measure recognition by itself)", []string{module + "/internal/testkit/mutation"}, under(append([]string{module + "/mcpdefs", module + "/flow", module + "/analyzers"}, families...)...), true},
		{"a package that ships imports the test kit (internal/testkit holds what tests the linter)", shipped, under(module + "/internal/testkit"), false},
		{"the engine imports the registry or a rule family", []string{module + "/internal/driver/engine", module + "/internal/driver/result"}, under(append([]string{module + "/analyzers"}, families...)...), true},
		{"the server.json library imports go/analysis or the rule framework (it is usable without them and shares only the severity scale, internal/rule/severity)", []string{module + "/serverjson"}, func(dep string) bool {
			return dep == "golang.org/x/tools/go/analysis" || under(module+"/internal/rule")(dep) && dep != module+"/internal/rule/severity"
		}, true},
		{"the bind kinds import a package of the module (mcptool and recognition's model share them)", []string{module + "/internal/bindkind"}, func(dep string) bool { return strings.HasPrefix(dep, module+"/") }, true},
		{"the severity scale imports a package of the module (the server.json library shares it)", []string{module + "/internal/rule/severity"}, func(dep string) bool { return strings.HasPrefix(dep, module+"/") }, true},
		{"the registry imports the driver", []string{module + "/analyzers"}, under(module+"/internal/driver", module+"/cmd"), true},
		{"output or probe imports the registry (a severity is internal/rule's; the registry pulls in every rule family and the SDKs)", []string{module + "/internal/driver/output", module + "/probe"}, under(module + "/analyzers"), true},
		{"a rule family or surface imports an SDK, itself or through mcptool (surface reads mcptool's envelope from mcptool/envelope, which links none)", []string{module + "/handlerrules", module + "/contractrules", module + "/schemarules", module + "/serverjson", module + "/serverjson/manifest", module + "/surface", module + "/mcptool/envelope"}, under(sdks...), true},
	}
	for _, c := range checks {
		for _, pkg := range c.pkgs {
			pkgDeps, ok := deps[pkg]
			if !ok {
				if c.mustHave {
					t.Errorf("%s: no such package; update the test with the layout", pkg)
				}
				continue
			}
			var bad []string
			for _, dep := range pkgDeps {
				if c.forbid(dep) {
					bad = append(bad, dep)
				}
			}
			if len(bad) > 0 {
				t.Errorf("%s: %s imports %s", c.what, pkg, strings.Join(bad, ", "))
			}
		}
	}
	if len(recognition) == 0 {
		t.Errorf("no recognition package: update the test with the layout")
	}

}

// TestEveryPackageNamesItsConcern: every package of the module with non-test files has a doc
// comment, which says what it knows and, below the driver, what it must not import.
func TestEveryPackageNamesItsConcern(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{len .GoFiles}} {{if .Doc}}doc{{end}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 2 && fields[1] != "0" {
			t.Errorf("%s has no package doc comment: say what it knows and what it must not import", fields[0])
		}
	}
}

// maxPackageLines is the most non-test lines a package may have (issue 24: mcpdefs had grown to
// a third of the linter, holding several concerns). A package that needs more holds more than
// one concern: split it, as mcpdefs was.
const maxPackageLines = 4000

// TestNoPackageOverSizeLimit: no package of the module has more than maxPackageLines lines in
// its non-test Go files (GoFiles and CgoFiles, as go list reports them; testdata is no package).
func TestNoPackageOverSizeLimit(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .GoFiles}} {{$.Dir}}/{{.}}{{end}}{{range .CgoFiles}} {{$.Dir}}/{{.}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		lines := 0
		for _, name := range fields[1:] {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			lines += bytes.Count(data, []byte("\n"))
		}
		if lines > maxPackageLines {
			t.Errorf("%s has %d non-test lines, over %d: split it by concern", fields[0], lines, maxPackageLines)
		}
	}
}

// isFlow reports whether pkg is the flow engine: a package named flow anywhere in the module.
func isFlow(pkg string) bool {
	return strings.HasPrefix(pkg, module+"/") && (strings.HasSuffix(pkg, "/flow") || strings.Contains(pkg, "/flow/"))
}

// under returns a predicate: whether a package is one of roots or below one.
func under(roots ...string) func(string) bool {
	return func(pkg string) bool {
		for _, r := range roots {
			if pkg == r || strings.HasPrefix(pkg, r+"/") {
				return true
			}
		}
		return false
	}
}

// listDeps maps every package of the module to every package it imports, directly or not,
// as go list -deps reports them. Test files are not read: a test may import what its package
// may not.
func listDeps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if strings.HasPrefix(fields[0], module+"/") {
			deps[fields[0]] = fields[1:]
		}
	}
	return deps
}
