// Command golangci-mcplint is golangci-lint v2.15.0 with the mcplint module plugin built in:
// the binary `golangci-lint custom` would produce from .custom-gcl.yml, built with `go build`
// from the Go module proxy alone (golangci-lint custom clones golangci-lint from GitHub).
//
//	cd tools/golangci-mcplint && go build -o ../../bin/golangci-mcplint .
//
// It is golangci-lint's own command: every subcommand, flag and configuration file works as
// in the stock binary, and .golangci.yml enables the plugin as a module-type custom linter
// named mcplint.
package main

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/mcplint-go/mcplint/gclplugin" // registers the mcplint plugin
)

// Set with -ldflags "-X main.version=... -X main.date=...", as golangci-lint custom does;
// left empty, they are derived from the build information.
var (
	version = ""
	date    = ""
)

const (
	golangciModule = "github.com/golangci/golangci-lint/v2"
	mcplintModule  = "github.com/mcplint-go/mcplint"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo describes the binary the way golangci-lint's own main does, with one difference
// that matters: golangci-lint salts its analysis cache with the version, so the version must
// change whenever the plugin does, or a rebuilt binary would serve stale results from
// ~/.cache/golangci-lint. Like golangci-lint custom ("v2.15.0-custom-gcl-<hash>"), it is
// golangci-lint's version plus an identity of the plugin code.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: version, Date: cmp.Or(date, "(unknown)"), Commit: "?", GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	var gcl, plugin *debug.Module
	for _, m := range bi.Deps {
		switch m.Path {
		case golangciModule:
			gcl = m
		case mcplintModule:
			plugin = m
		}
	}
	if info.Version == "" {
		info.Version = strings.TrimPrefix(moduleVersion(gcl), "v") + "-custom-mcplint-" + pluginID(plugin)
	}
	info.Commit = "mcplint " + moduleVersion(effective(plugin))
	return info
}

func moduleVersion(m *debug.Module) string {
	if m == nil || m.Version == "" {
		return "(devel)"
	}
	return m.Version
}

// effective is the module actually built: the replacement, if any.
func effective(m *debug.Module) *debug.Module {
	if m != nil && m.Replace != nil {
		return m.Replace
	}
	return m
}

// pluginID identifies the plugin code: its module checksum when it comes from the module
// proxy, else (a local replacement, as in this repository) a hash of the executable, which
// is what golangci-lint itself falls back to for development builds.
func pluginID(m *debug.Module) string {
	if m := effective(m); m != nil && m.Sum != "" {
		return shortHash(m.Version + m.Sum)
	}
	exe, err := os.Executable()
	if err != nil {
		return "devel"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "devel"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "devel"
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:12]
}

func shortHash(s string) string {
	return fmt.Sprintf("%x", sha256.Sum256([]byte(s)))[:12]
}
