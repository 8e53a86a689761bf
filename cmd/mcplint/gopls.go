package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/internal/goplsbuild"
)

// goplsCmd builds a gopls with mcplint's analyzers: `mcplint gopls -o FILE`.
func goplsCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint gopls", stderr)
	output := fs.String("o", "", "write the gopls binary to `file` (required)")
	version := fs.String("gopls", "", "gopls `version` to build (default: the one mcplint pins for the go command's Go release)")
	src := fs.String("src", "", "build with mcplint's source in `dir` instead of the source of this mcplint")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: mcplint gopls -o FILE [-gopls VERSION] [-src DIR]

Builds gopls from the module proxy with mcplint's analyzers added to its own, for editor
diagnostics: point the editor's gopls at FILE (docs/editors.md). The analyzers are those of
this mcplint; gopls is the version mcplint pins for the go command's Go release:
`)
		for _, p := range goplsbuild.Pins {
			fmt.Fprintf(fs.Output(), "  %s: gopls %s\n", p.Go, p.Gopls)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return parseFailure(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "mcplint gopls: unexpected argument %q\n", rest[0])
		return driver.ExitError
	}
	if *output == "" {
		fmt.Fprintln(stderr, "mcplint gopls: -o FILE is required: where to write the gopls binary")
		return driver.ExitError
	}
	source := goplsbuild.Source{Dir: *src}
	if *src == "" {
		if source, err = goplsbuild.RunningSource(); err != nil {
			fmt.Fprintf(stderr, "mcplint gopls: %v\n", err)
			return driver.ExitError
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := goplsbuild.Build(ctx, goplsbuild.Options{Output: *output, Gopls: *version, MCPLint: source, Log: stderr})
	if err != nil {
		fmt.Fprintf(stderr, "mcplint gopls: %v\n", err)
		return driver.ExitError
	}
	fmt.Fprintf(stdout, "%s: gopls %s with mcplint's analyzers (mcplint from %s, golang.org/x/tools %s, %s), built in %s\n",
		*output, res.Gopls, source, res.Tools, res.Go, res.Duration.Round(time.Second))
	return driver.ExitOK
}
