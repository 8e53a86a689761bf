// Command synth writes a synthetic Go MCP server for measuring mcplint by hand:
//
//	go run ./internal/testkit/bench/cmd/synth -tools 1000 -o /tmp/synth
//	cd /tmp/synth && GOFLAGS=-mod=mod mcplint ./...
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/mcplint-go/mcplint/internal/testkit/bench/gen"
)

func main() {
	tools := flag.Int("tools", 100, "number of tools")
	per := flag.Int("per-package", gen.DefaultPerPackage, "tools per package")
	out := flag.String("o", "", "directory to write the module to (created; must be empty or absent)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "synth: -o DIR is required")
		os.Exit(2)
	}
	_, file, _, _ := runtime.Caller(0)
	repo := filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "..")
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "synth: %v\n", err)
		os.Exit(1)
	}
	pkgs, err := gen.Write(*out, gen.Options{Tools: *tools, PerPackage: *per, Repo: repo})
	if err != nil {
		fmt.Fprintf(os.Stderr, "synth: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d tools in %d packages to %s; run the go command there with %v\n", *tools, pkgs, *out, gen.Env())
}
