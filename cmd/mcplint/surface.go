package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/internal/driver"
	"github.com/mcplint/mcplint/surface"
)

// surfaceCmd prints the surface the program will list: mcplint surface [-json] [packages].
func surfaceCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcplint surface", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		asJSON     = fs.Bool("json", false, "print the surface as one JSON object (tools, resources, resourceTemplates, prompts)")
		configFile = fs.String("config", "", "read the configuration from `file` instead of .mcplint.yaml at the module root")
		tags       = fs.String("tags", "", "comma-separated build `tags`, as for go build")
	)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: mcplint surface [-json] [packages]\n\nPrints what tools/list, resources/list, resources/templates/list and prompts/list will return, from the source.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return driver.ExitOK
		}
		return driver.ExitError
	}
	var buildFlags []string
	if *tags != "" {
		buildFlags = append(buildFlags, "-tags="+*tags)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sf, _, code := driver.LoadSurface(ctx, surfaceSetup(stdout, stderr), driver.SurfaceOptions{
		Patterns:   fs.Args(),
		ConfigFile: *configFile,
		BuildFlags: buildFlags,
	})
	if sf == nil {
		return code
	}
	surface.Estimate(sf)
	write := surface.WriteText
	if *asJSON {
		write = surface.WriteJSON
	}
	if err := write(stdout, sf); err != nil {
		fmt.Fprintf(stderr, "mcplint: writing the surface: %v\n", err)
		return driver.ExitError
	}
	return driver.ExitOK
}

func surfaceSetup(stdout, stderr io.Writer) driver.Setup {
	return driver.Setup{
		Scope:   analyzers.Scope,
		Catalog: analyzers.NewCatalog(),
		Version: driver.Version(),
		Stdout:  stdout,
		Stderr:  stderr,
	}
}
