package schemarules_test

import (
	"bufio"
	"bytes"
	"go/ast"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// startupRunner registers every definition of the startup fixture on a real server, one at a
// time, and prints the rule IDs mcptool refused it for (the panic's findings) or warned about
// (the "rule" attribute of what it logs).
const startupRunner = `package main

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/schemarules/startup"
)

type recorder struct{ rules map[string]bool }

func (r *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *recorder) WithGroup(string) slog.Handler            { return r }
func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "rule" {
			r.rules[a.Value.String()] = true
		}
		return true
	})
	return nil
}

func main() {
	for _, d := range startup.Defs {
		rec := &recorder{rules: map[string]bool{}}
		slog.SetDefault(slog.New(rec))
		func() {
			defer func() {
				if v := recover(); v != nil {
					e, ok := v.(*mcptool.DefinitionError)
					if !ok {
						fmt.Printf("CRASH %s %v\n", d.Name, v)
						return
					}
					for _, f := range e.Findings {
						rec.rules[f.Rule] = true
					}
				}
			}()
			d.Register(mcp.NewServer(&mcp.Implementation{Name: "startup", Version: "0.0.1"}, nil))
		}()
		var ids []string
		for id := range rec.rules {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		fmt.Printf("DEF %s %s\n", d.Name, strings.Join(ids, ","))
	}
}
`

// startupRules are the rules mcptool applies at start-up (internal/defcheck) that the linter
// implements for mcptool definitions.
var startupRules = []string{
	"name-required", "name-format", "handler-required", "description-required", "auth-scope-format",
	"schema-is-object", "schema-serializable", "schema-tag-syntax", "uri-template-required",
	"uri-template-valid", "resource-name-not-uri", "template-params-align", "prompt-handler-required",
}

// TestMCPToolAgreesAtStartUp proves that, for mcptool definitions, the linter and mcptool's
// own start-up check report the same rules: it runs those rules over the startup fixture, then
// registers each of its definitions with mcptool on a real go-sdk server and compares, per
// definition, the rule IDs of the findings with those mcptool panics with or logs.
func TestMCPToolAgreesAtStartUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program against mcptool and go-sdk")
	}
	all := analyzers(t, rule.NewConfig())
	var as []*analysis.Analyzer
	for _, id := range startupRules {
		a := all[rule.AnalyzerName(id)]
		require.NotNil(t, a, id)
		as = append(as, a)
	}
	pkgs := packagesUnder(t, "schemarules/startup")
	out := fixtures.Run(t, pkgs, as...)
	out.Check(t, "schemarules/startup")

	// The lines of each entry of Defs: {"name", func(s *mcp.Server) { ... }}.
	type entry struct {
		name     string
		from, to int
	}
	var entries []entry
	var file string
	for _, p := range pkgs {
		for i, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "Defs" || len(vs.Values) != 1 {
					return true
				}
				file = p.CompiledGoFiles[i]
				for _, elt := range vs.Values[0].(*ast.CompositeLit).Elts {
					lit := elt.(*ast.CompositeLit)
					name, err := strconv.Unquote(lit.Elts[0].(*ast.BasicLit).Value)
					require.NoError(t, err)
					entries = append(entries, entry{name, p.Fset.Position(lit.Pos()).Line, p.Fset.Position(lit.End()).Line})
				}
				return false
			})
		}
	}
	require.NotEmpty(t, entries, "no Defs in the startup fixture")

	claimed := map[string]map[string]bool{}
	for _, e := range entries {
		claimed[e.name] = map[string]bool{}
	}
	for _, d := range out.Diagnostics {
		found := false
		for _, e := range entries {
			if d.Position.Filename == file && e.from <= d.Position.Line && d.Position.Line <= e.to {
				claimed[e.name][strings.ReplaceAll(d.Analyzer, "_", "-")] = true
				found = true
			}
		}
		assert.True(t, found, "finding outside any entry: %s: %s", d.Position, d.Message)
	}

	stdout, err := fixtures.RunProgram(".startup-run-", startupRunner)
	require.NoError(t, err, "running the registrations")

	runtime := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 3)
		require.Equal(t, "DEF", fields[0], "runner: %s", sc.Text())
		rules := ""
		if len(fields) == 3 {
			rules = fields[2]
		}
		runtime[fields[1]] = rules
	}
	static := map[string]string{}
	for name, ids := range claimed {
		var list []string
		for id := range ids {
			list = append(list, id)
		}
		sort.Strings(list)
		static[name] = strings.Join(list, ",")
	}
	assert.Equal(t, runtime, static, "rules mcptool reports at start-up (expected) vs rules the linter reports (actual), per definition")
	clean := 0
	for _, r := range runtime {
		if r == "" {
			clean++
		}
	}
	assert.Greater(t, clean, 0, "the fixture must keep near misses that register cleanly")
}
