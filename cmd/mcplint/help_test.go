package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpListsEverySubcommand: mcplint help names every subcommand run() dispatches, so a
// new one cannot be left out of the usage (surface was, once).
func TestHelpListsEverySubcommand(t *testing.T) {
	var out bytes.Buffer
	if code := helpCmd(nil, &out, &out); code != 0 {
		t.Fatalf("mcplint help: exit %d\n%s", code, out.String())
	}
	for name := range subcommands {
		if !strings.Contains(out.String(), "\n  mcplint "+name+" ") {
			t.Errorf("mcplint help does not list %q:\n%s", name, out.String())
		}
	}
}

// surface -markdown without a table to print is refused before anything is loaded, instead of
// printing text.
func TestSurfaceMarkdownAloneIsRefused(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := surfaceCmd([]string{"-markdown", "./..."}, &stdout, &stderr); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if stdout.Len() > 0 || !strings.Contains(stderr.String(), "-markdown goes with -diff, -base or -clients") {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}
