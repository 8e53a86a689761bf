package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/probe"
)

const probeToken = "dummy-secret-value-123"

// probeFixture builds a fixture server of passes/testdata/probe and makes the fixture
// module the working directory, with the environment the probe fixtures expect.
func probeFixture(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds, starts and probes a server")
	}
	require.NoError(t, fixtures.Prepare())
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	t.Setenv("PROBE_API_TOKEN", probeToken)
	bin := filepath.Join(t.TempDir(), name)
	cmd := exec.Command("go", "build", "-o", bin, "./probe/"+name)
	cmd.Dir = fixtures.Dir()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	t.Chdir(fixtures.Dir())
	return bin
}

// section returns the lines of text from the line equal to head up to the next empty line.
func section(text, head string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case l == head:
			in = true
		case in && l == "":
			return out
		case in:
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
	}
	return out
}

// TestProbeGoSDK probes the go-sdk fixture server and checks every call's report line and
// every classification of the cross-reference.
func TestProbeGoSDK(t *testing.T) {
	bin := probeFixture(t, "gosdkprobe")
	var stdout, stderr bytes.Buffer
	code := run([]string{"probe", "-timeout", "1s", "./probe/gosdkprobe", "--", bin}, &stdout, &stderr)
	out := stdout.String()
	require.Equal(t, 1, code, "stdout:\n%s\nstderr:\n%s", out, stderr.String())
	assert.Equal(t, []string{
		`mcplint_probe_no_such_tool (unlisted): unknown-tool: JSON-RPC error -32602 "unknown tool \"mcplint_probe_no_such_tool\""`,
		`broken_output: missing-required: accepted "three"; breaks its outputSchema`,
		`broken_output: wrong-type name: accepted "three"; breaks its outputSchema`,
		`crash: missing-required: crash (exit status 2)`,
		`crash: wrong-type name: crash (exit status 2)`,
		`delete_everything: not called: not annotated read-only (run with -all to call it)`,
		`greet: missing-required: isError "validating \"arguments\": validating root: required: missing properties: [\"name\"]"`,
		`greet: wrong-type name: isError "validating \"arguments\": validating root: validating /properties/name: type: true has type \"boolean\", want \"string\""`,
		`greet: unknown-property: isError "validating \"arguments\": validating root: unexpected additional properties [\"mcplint_probe_unknown\"]"`,
		`hang: missing-required: hang`,
		`hang: wrong-type name: hang`,
		`leaky: missing-required: isError "upstream refused token ` + probeToken + `"; carries $PROBE_API_TOKEN`,
		`leaky: wrong-type name: isError "upstream refused token ` + probeToken + `"; carries $PROBE_API_TOKEN`,
		`limited: missing-required: isError "limit is required"`,
		`limited: wrong-type limit: isError "bad arguments: json: cannot unmarshal bool into Go struct field .limit of type int"`,
		`missed_protocol: missing-required: JSON-RPC error 0 "no such item"`,
		`missed_protocol: wrong-type name: JSON-RPC error 0 "no such item"`,
		`open: not called: no call can fail its input schema (nothing required, no typed property, not closed)`,
		`protocol_error: missing-required: JSON-RPC error 0 "name is required"`,
		`protocol_error: wrong-type name: JSON-RPC error 0 "json: cannot unmarshal bool into Go struct field nameArgs.name of type string"`,
	}, section(out, "calls:"))
	const file = "probe/gosdkprobe/main.go"
	assert.Equal(t, []string{
		`confirmed argument-panic crash ` + file + `:92:1 static ` + file + `:95:10: args["name"].(string) panics on another type: go-sdk v1.8.0 crashes the server; use the two-value form (argument-panic)`,
		`contradicted tool-error-as-protocol-error limited ` + file + `:74:1 static ` + file + `:85:3: the model never sees this argument error sent as JSON-RPC; return an IsError result and nil (tool-error-as-protocol-error)`,
		`missed tool-error-as-protocol-error missed_protocol ` + file + `:61:1 no static finding on the handler`,
		`confirmed tool-error-as-protocol-error protocol_error ` + file + `:38:1 static ` + file + `:41:3: the model never sees this argument error sent as JSON-RPC; return an IsError result and nil (tool-error-as-protocol-error)`,
	}, section(out, "cross-reference with the static findings:"))
	assert.Equal(t, []string{
		"argument-panic 1 0 0 0 0",
		"tool-error-as-protocol-error 1 1 1 0 0",
	}, section(out, "rule                          confirmed  contradicted  missed  not exercised  untied"))
	// Each problem names the handler, and carries the exact request and response to replay.
	assert.Contains(t, out, file+`:38:1: tool "protocol_error" answers a call without its required arguments with JSON-RPC error 0 "name is required", which the model never reads; answer with an isError result (probe: protocol-error, warning)
	request:  {"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"arguments":{},"name":"protocol_error"}}
	response: {"jsonrpc":"2.0","id":8,"error":{"code":0,"message":"name is required"}}
`)
	assert.Contains(t, out, file+`:92:1: tool "crash" crashes the server on a call without its required arguments: exit status 2 (probe: crash, error)
	stderr:   panic: interface conversion: interface {} is nil, not string
`)
	assert.Contains(t, out, file+`:106:1: tool "broken_output" answers a call without its required arguments with a result that breaks its own outputSchema: /count: got string, want integer (probe: output-schema, error)`)
	assert.Contains(t, out, file+`:100:1: tool "hang" does not answer a call without its required arguments within 1s (probe: hang, warning)`)
	assert.Contains(t, out, file+`:111:1: tool "leaky" answers a call without its required arguments with text that carries $PROBE_API_TOKEN (probe: secret, error)`)
	assert.Contains(t, out, "probed 8 of 10 tools with 18 calls; 2 not called; the server was started again 4 times; 14 problems\n")
	// Errors: 2 crashes, 2 broken output schemas, 2 leaks.
	assert.Contains(t, stderr.String(), "6 problems at or above the fail-on severity")
}

// TestProbeMarkLabs probes the mark3labs fixture server with -json and checks every call's
// outcome and every classification.
func TestProbeMarkLabs(t *testing.T) {
	bin := probeFixture(t, "m3probe")
	var stdout, stderr bytes.Buffer
	code := run([]string{"probe", "-json", "-timeout", "1s", "-fail-on", "none", "./probe/m3probe/...", "--", bin}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr:\n%s", stderr.String())
	var rep struct {
		Problems []struct {
			Kind, Tool, Severity string
		}
		probe.Report
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &rep), "%s", stdout.String())
	var calls []string
	for _, tool := range rep.Tools {
		if tool.Skipped != "" {
			calls = append(calls, tool.Name+": not called: "+tool.Skipped)
		}
		for _, r := range tool.Results {
			line := tool.Name + " " + r.Call.Kind + " " + r.Call.Property + ": " + r.Outcome
			if r.Code != nil {
				line += " " + strings.TrimSpace(string(mustJSON(t, *r.Code)))
			}
			if r.Exit != nil {
				line += " (" + r.Exit.Status + ": " + logTime.ReplaceAllString(strings.Join(r.Exit.Stderr, " | "), "") + ")"
			}
			if len(r.OutputSchema) > 0 {
				line += " schema " + strings.Join(r.OutputSchema, "; ")
			}
			if len(r.Leaks) > 0 {
				line += " leaks " + strings.Join(r.Leaks, ", ")
			}
			calls = append(calls, line)
		}
	}
	assert.Equal(t, []string{
		"broken_output missing-required : accepted schema /count: got string, want integer",
		"broken_output wrong-type name: accepted schema /count: got string, want integer",
		`crash missing-required : crash (exit status 1: crash: required argument "name" not found)`,
		`crash wrong-type name: crash (exit status 1: crash: argument "name" is not a string)`,
		"delete_everything: not called: annotated destructive (run with -all to call it)",
		"hang missing-required : hang",
		"hang wrong-type name: hang",
		"is_error missing-required : is-error",
		"is_error wrong-type name: is-error",
		"leaky missing-required : is-error leaks $PROBE_API_TOKEN",
		"leaky wrong-type name: is-error leaks $PROBE_API_TOKEN",
		"limited missing-required : is-error",
		"limited wrong-type limit: is-error",
		"missed_protocol missing-required : protocol-error -32603",
		"missed_protocol wrong-type name: protocol-error -32603",
		"other_package missing-required : protocol-error -32603",
		"other_package wrong-type name: protocol-error -32603",
		"panics missing-required : protocol-error -32603",
		"panics wrong-type name: protocol-error -32603",
		"protocol_error missing-required : protocol-error -32603",
		"protocol_error wrong-type name: protocol-error -32603",
	}, calls)
	require.NotNil(t, rep.UnknownTool)
	assert.Equal(t, probe.ProtocolError, rep.UnknownTool.Outcome)
	assert.Equal(t, int64(-32602), *rep.UnknownTool.Code)

	var classes []string
	for _, m := range rep.CrossReference.Matches {
		classes = append(classes, m.Class+" "+m.Rule+" "+m.Tool+" "+m.Handler)
	}
	const file = "probe/m3probe/main.go"
	assert.Equal(t, []string{
		"missed (crash) crash " + file + ":69:1",
		"contradicted tool-error-as-protocol-error limited " + file + ":57:1",
		"missed tool-error-as-protocol-error missed_protocol " + file + ":47:1",
		// Registered as a method value of another package: tied through its declaration.
		"confirmed tool-error-as-protocol-error other_package probe/m3probe/tools/tools.go:15:20",
		// mcp-go v1.2.1 recovers the panic into -32603, which argument-panic's finding says.
		"confirmed argument-panic panics " + file + ":79:1",
		"confirmed tool-error-as-protocol-error protocol_error " + file + ":20:1",
	}, classes)
	assert.Equal(t, []probe.RuleCounts{
		{Rule: probe.CrashRule, Missed: 1},
		{Rule: "argument-panic", Confirmed: 1},
		{Rule: probe.ArgumentRule, Confirmed: 2, Contradicted: 1, Missed: 1},
	}, rep.CrossReference.Rules)

	kinds := map[string]int{}
	for _, p := range rep.Problems {
		kinds[p.Kind+" "+p.Severity]++
	}
	assert.Equal(t, map[string]int{
		"accepted info": 2, "output-schema error": 2, "crash error": 2, "hang warning": 2,
		"secret error": 2, "protocol-error warning": 8,
	}, kinds)
}

// logTime is the date and time the log package puts before a line.
var logTime = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `)

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestProbeServerNeverStarts: a server that exits before the session is up is named with
// its exit status and the last lines of its standard error.
func TestProbeServerNeverStarts(t *testing.T) {
	probeFixture(t, "gosdkprobe")
	var stdout, stderr bytes.Buffer
	code := run([]string{"probe", "-no-static", "--", "sh", "-c", "echo 'loading config' >&2; echo 'fatal: no such file: /etc/srv.yaml' >&2; exit 3"}, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Equal(t, "mcplint probe: the server exited (exit status 3); the last lines of its standard error:\n\tloading config\n\tfatal: no such file: /etc/srv.yaml\n", stderr.String())
}

// TestProbeServerDiesForGood: a server that crashes mid-probe and then cannot be started
// again stops the probe with its exit status and last lines, and what was probed is kept.
func TestProbeServerDiesForGood(t *testing.T) {
	bin := probeFixture(t, "gosdkprobe")
	mark := filepath.Join(t.TempDir(), "started")
	script := `if [ -e "$1" ]; then echo 'listen: address already in use' >&2; exit 4; fi; touch "$1"; exec "$2"`
	var stdout, stderr bytes.Buffer
	code := run([]string{"probe", "-no-static", "-fail-on", "none", "-timeout", "1s", "--", "sh", "-c", script, "sh", mark, bin}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr:\n%s", stderr.String())
	out := stdout.String()
	assert.Contains(t, out, "\tcrash: missing-required: crash (exit status 2)\n")
	assert.Contains(t, out, "stopped early: the server could not be started again after a call without its required arguments to crash: the server exited (exit status 4); the last lines of its standard error:\n\tlisten: address already in use\n")
	// Tools after the crash are listed but have no calls.
	assert.Contains(t, out, "probed 2 of 10 tools with ")
	_ = os.Remove(mark)
}
