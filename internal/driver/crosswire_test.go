package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCrossPackageWire checks that a server's error-converting middleware settles the
// handlers of another package it registers, and the functions of another package whose
// errors its own handlers return: package handlers is analysed before package
// server, so only a run over both knows that their errors become tool results.
func TestCrossPackageWire(t *testing.T) {
	dir := fixture(t, "crosswire")
	upstream := func(out string) []string {
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if strings.HasSuffix(l, "(upstream-error-as-protocol-error)") {
				lines = append(lines, l[:strings.Index(l, ": ")])
			}
		}
		return lines
	}

	// Over the module: only the handler of the plain server keeps its finding. The result
	// cache replays the settled findings.
	cache := t.TempDir()
	for _, run := range []string{"cold", "cached"} {
		r := commandEnv(t, dir, []string{"MCPLINT_CACHE=" + cache}, mcplintBin, "./...")
		assert.Equal(t, []string{"handlers/handlers.go:38:3"}, upstream(r.stdout), "%s run:\n%s%s", run, r.stdout, r.stderr)
	}
	entries, _ := os.ReadDir(filepath.Join(cache))
	assert.NotEmpty(t, entries, "the second run was served from the cache")

	// Package handlers alone: nothing says where its handlers are registered, so the SDK's
	// own mapping holds for all five (the delegating handler's helper, the plain function's
	// helper, and the closure held by Quote, whose error a handler of package server returns,
	// included).
	r := commandEnv(t, dir, []string{"MCPLINT_CACHE=off"}, mcplintBin, "./handlers")
	assert.Equal(t, []string{"handlers/handlers.go:18:3", "handlers/handlers.go:28:3", "handlers/handlers.go:38:3", "handlers/handlers.go:53:3", "handlers/handlers.go:72:4"}, upstream(r.stdout), r.stdout+r.stderr)
}
