package schemarules_test

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// headerRunner registers every tool of the x-mcp-header-valid fixtures, one at a time, on a
// real go-sdk v1.8.0 server and a real mcp-go v1.2.1 server, and prints which registrations
// panic.
const headerRunner = `package main

import (
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/schemarules/x-mcp-header-valid/gosdk"
	"fixtures/schemarules/x-mcp-header-valid/mcpgo"
)

func try(sdk, name string, register func()) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Printf("PANIC %s/%s %s\n", sdk, name, strings.ReplaceAll(fmt.Sprint(v), "\n", " "))
		}
	}()
	register()
	fmt.Printf("OK %s/%s\n", sdk, name)
}

func main() {
	for _, t := range gosdk.Tools {
		try("gosdk", t.Name, func() { t.Register(mcp.NewServer(&mcp.Implementation{Name: "h", Version: "0.0.1"}, nil)) })
	}
	for _, t := range mcpgo.Tools {
		try("mcpgo", t.Name, func() { t.Register(server.NewMCPServer("h", "0.0.1")) })
	}
}
`

// TestReportedHeadersReallyPanic proves that x-mcp-header-valid claims a start-up panic
// exactly when the real SDK panics: it runs the rule over the fixtures of both SDKs, then
// registers every fixture tool on a real go-sdk v1.8.0 and mcp-go v1.2.1 server.
func TestReportedHeadersReallyPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program against go-sdk and mcp-go")
	}
	a := analyzers(t, rule.NewConfig())[rule.AnalyzerName("x-mcp-header-valid")]
	require.NotNil(t, a)
	claimed := map[string]bool{}
	toolRE := regexp.MustCompile(`^tool "([^"]+)"`)
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		dir := "schemarules/x-mcp-header-valid/" + sdk
		out := fixtures.Run(t, packagesUnder(t, dir), a)
		out.Check(t, dir)
		for _, d := range out.Diagnostics {
			m := toolRE.FindStringSubmatch(d.Message)
			require.NotNil(t, m, "finding without a tool name: %s", d.Message)
			require.Contains(t, d.Message, "panics at start-up")
			claimed[sdk+"/"+m[1]] = true
		}
	}

	stdout, err := fixtures.RunProgram(".headers-run-", headerRunner)
	require.NoError(t, err, "running the registrations")
	panicked, ran := map[string]bool{}, map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 3)
		ran[strings.Split(fields[1], "/")[0]]++
		if fields[0] == "PANIC" {
			panicked[fields[1]] = true
			t.Logf("%s", sc.Text())
		}
	}
	assert.Equal(t, names(panicked), names(claimed), "tools reported as panicking vs tools that panic")
	for _, sdk := range []string{"gosdk", "mcpgo"} {
		n := 0
		for k := range panicked {
			if strings.HasPrefix(k, sdk+"/") {
				n++
			}
		}
		assert.Greater(t, ran[sdk], n, "%s: the fixture must keep near misses that register fine", sdk)
		assert.Positive(t, n, "%s: the fixture must keep tools that panic", sdk)
	}
}
