package main

import (
	"os/exec"
	"strings"
	"testing"
)

// moduleProxyEnv is the environment for a test that runs the go command on a fresh module
// whose dependencies (go-sdk's test-only ones among them) may not be in the module cache yet:
// the go command fetches them through the environment's module proxy and checks them against
// the checksum database it serves. It skips the test, with the reason, where the go command is
// configured not to reach a proxy at all.
func moduleProxyEnv(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatalf("go env GOPROXY: %v", err)
	}
	if proxy := strings.TrimSpace(string(out)); proxy == "off" || proxy == "" {
		t.Skipf("GOPROXY=%q: this test fetches modules the module cache may lack through the module proxy", proxy)
	}
	return []string{"GOFLAGS=", "GOWORK=off"}
}

// skipIfProxyUnreachable skips a test whose go command failed only because no module proxy
// could be reached, and names the go command's own words.
func skipIfProxyUnreachable(t *testing.T, stderr string) {
	t.Helper()
	for _, sign := range []string{"dial tcp", "no such host", "proxyconnect", "i/o timeout", "connection refused", "network is unreachable"} {
		if strings.Contains(stderr, sign) {
			t.Skipf("the module proxy cannot be reached: %s", firstLine(stderr, sign))
		}
	}
}

func firstLine(text, containing string) string {
	for line := range strings.SplitSeq(text, "\n") {
		if strings.Contains(line, containing) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
