package schemarules_test

import (
	"bufio"
	"bytes"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// runner is the program that registers every tool of the panics fixture on a real go-sdk
// v1.8.0 server, one at a time, and prints which registrations panic.
const runner = `package main

import (
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/panics"
)

func main() {
	for _, t := range panics.Tools {
		func() {
			defer func() {
				if v := recover(); v != nil {
					fmt.Printf("PANIC %s %s\n", t.Name, strings.ReplaceAll(fmt.Sprint(v), "\n", " "))
				}
			}()
			s := mcp.NewServer(&mcp.Implementation{Name: "panics", Version: "0.0.1"}, nil)
			t.Register(s)
			fmt.Printf("OK %s\n", t.Name)
		}()
	}
}
`

// TestReportedToolsReallyPanic proves that schema-serializable, schema-tag-syntax and
// schema-is-object claim a start-up panic exactly when the real go-sdk panics: it runs the
// rules over the panics fixture, then registers every tool of that fixture on a real server.
func TestReportedToolsReallyPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program against go-sdk")
	}
	all := analyzers(t, rule.NewConfig())
	var as []*analysis.Analyzer
	for _, id := range []string{"schema-serializable", "schema-tag-syntax", "schema-is-object"} {
		as = append(as, all[rule.AnalyzerName(id)])
	}
	out := fixtures.Run(t, packagesUnder(t, "schemarules/panics"), as...)
	out.Check(t, "schemarules/panics")

	toolRE := regexp.MustCompile(`tool "([^"]+)"`)
	claimed := map[string]bool{}
	for _, d := range out.Diagnostics {
		m := toolRE.FindStringSubmatch(d.Message)
		require.NotNil(t, m, "finding without a tool name: %s", d.Message)
		require.Contains(t, d.Message, "panics at start-up")
		claimed[m[1]] = true
	}

	stdout, err := fixtures.RunProgram(".panics-run-", runner)
	require.NoError(t, err, "running the registrations")

	panicked, ran := map[string]bool{}, 0
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 3)
		ran++
		if fields[0] == "PANIC" {
			panicked[fields[1]] = true
			t.Logf("go-sdk: %s", sc.Text())
		}
	}
	assert.Equal(t, names(panicked), names(claimed), "tools reported as panicking vs tools that panic")
	assert.Greater(t, ran, len(panicked), "the fixture must keep near misses that register fine")
}

func names(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
