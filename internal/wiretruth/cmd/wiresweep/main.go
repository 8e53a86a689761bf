// Command wiresweep measures what each supported SDK version puts on the wire (package
// wiretruth) and rewrites the committed table, the Go table mcplint's messages read and the
// generated section of docs/versions.md. Run it from the repository root when an SDK releases:
//
//	go run ./internal/wiretruth/cmd/wiresweep -discover -write
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint-go/mcplint/internal/wiretruth"
)

func main() {
	discover := flag.Bool("discover", false, "ask the module proxy for the newest patch of every supported minor release")
	only := flag.String("versions", "", "comma-separated versions to measure (go-sdk@v1.8.0,mcp-go@v0.32.0); default: the table's")
	write := flag.Bool("write", false, "rewrite the table, the Go table and the docs section (otherwise print the rows)")
	parallel := flag.Int("j", 2, "versions built and driven at once")
	regen := flag.Bool("regen", false, "measure nothing: rewrite the Go table and the docs section from the committed table")
	flag.Parse()
	if *regen {
		rows, err := readTable()
		if err == nil {
			err = wiretruth.WriteAll(".", rows)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "wiresweep:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*discover, *only, *write, *parallel); err != nil {
		fmt.Fprintln(os.Stderr, "wiresweep:", err)
		os.Exit(1)
	}
}

func run(discover bool, only string, write bool, parallel int) error {
	ctx := context.Background()
	old, err := readTable()
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	work, err := os.MkdirTemp("", "wiresweep")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	var versions []wiretruth.Version
	switch {
	case only != "":
		for _, s := range strings.Split(only, ",") {
			v, err := wiretruth.ParseVersion(strings.TrimSpace(s))
			if err != nil {
				return err
			}
			versions = append(versions, v)
		}
	case discover:
		versions = append(wiretruth.Discover(ctx, wiretruth.GoSDK, work), wiretruth.Discover(ctx, wiretruth.MCPGo, work)...)
	default:
		versions = wiretruth.Versions(old)
	}
	rows, err := wiretruth.Sweep(ctx, versions, work, parallel, os.Stderr)
	if err != nil {
		return err
	}
	if !write {
		return wiretruth.WriteTSV(os.Stdout, rows)
	}
	// Versions measured now replace their rows; with -discover the table is exactly the sweep.
	if !discover {
		rows = wiretruth.Merge(old, rows)
	}
	return wiretruth.WriteAll(".", rows)
}

func readTable() ([]wiretruth.Row, error) {
	f, err := os.Open(filepath.FromSlash(wiretruth.TablePath))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return wiretruth.ReadTSV(f)
}
