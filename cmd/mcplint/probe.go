package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/probe"
	"github.com/mcplint-go/mcplint/surface/live"
)

// probeCmd sends a running server calls that must fail validation and ties the answers to the
// static findings: mcplint probe [flags] [packages] -- CMD [ARGS...].
func probeCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint probe", stderr)
	var (
		asJSON       = fs.Bool("json", false, "print the report as one JSON object")
		markdown     = fs.Bool("markdown", false, "print the report as Markdown (for a pull request or a CI step summary)")
		url          = fs.String("url", "", "talk to the server over streamable HTTP at `URL` instead of stdio (the command after --, if any, is started first and stopped after)")
		header       = addHeaderFlag(fs)
		all          = fs.Bool("all", false, "also call tools that are not annotated read-only or are annotated destructive (against a test instance only)")
		timeout      = fs.Duration("timeout", 10*time.Second, "how long one call may take before it counts as a hang")
		startTimeout = fs.Duration("start-timeout", time.Minute, "how long the server may take to start and initialize")
		load         = addLoadFlags(fs)
		failOn       = fs.String("fail-on", "", "exit 1 when a problem of this `severity` or above is found: error, warning, info or none (default: fail-on from the configuration, else error)")
		interval     = fs.Duration("interval", 0, "pause this long between calls (for a server that limits its request rate: its limiter's JSON-RPC errors are not the handlers')")
		noStatic     = fs.Bool("no-static", false, "probe without analysing the packages (no handler positions, no cross-reference)")
	)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: mcplint probe [flags] [packages] -- CMD [ARGS...]\n       mcplint probe -url URL [-header 'Name: value'] [flags] [packages] [-- CMD [ARGS...]]\n\nStarts the server (run it against a test instance), lists its tools and sends each tool calls that must\nfail validation: required arguments missing, a wrong JSON type for each property, an unknown property\nwhere the schema is closed, and one unknown tool. Reports each answer that is a JSON-RPC error, a crash,\na hang, an accepted call, a result breaking its outputSchema or text carrying a secret, with the exact\nrequest and response, and ties each to the static findings on the tool's handler.\nTools not annotated read-only, or annotated destructive, are called only with -all.\n\n")
		fs.PrintDefaults()
	}
	args, command := splitCommand(args)
	patterns, err := parseInterspersed(fs, args)
	if err != nil {
		return parseFailure(err)
	}
	if *asJSON && *markdown {
		fmt.Fprintln(stderr, "mcplint probe: choose one of -json and -markdown")
		return driver.ExitError
	}
	if *url == "" && len(command) == 0 {
		fmt.Fprintln(stderr, "mcplint probe: give the server's command after -- (or -url)")
		return driver.ExitError
	}
	if len(header) > 0 && *url == "" {
		fmt.Fprintln(stderr, "mcplint probe: -header needs -url")
		return driver.ExitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	setup := driver.Setup{Analyzers: analyzers.New, Scope: analyzers.Scope, Catalog: analyzers.NewCatalog(), Version: driver.Version(), Stdout: stdout, Stderr: stderr}
	var analysis *driver.Analysis
	var cfg *analyzers.Config
	if !*noStatic {
		var code int
		analysis, code = driver.Analyze(ctx, setup, load.surfaceOptions(patterns), driver.FlagSettings{FailOn: *failOn})
		if analysis == nil {
			return code
		}
		cfg = analysis.Config
	} else {
		cfg = analyzers.NewConfig()
		if *failOn != "" && *failOn != "none" {
			if _, err := analyzers.ParseSeverity(*failOn); err != nil {
				fmt.Fprintf(stderr, "mcplint probe: -fail-on: %v\n", err)
				return driver.ExitError
			}
		}
		cfg.FailOn = *failOn
	}

	env := os.Environ()
	rep, err := probe.Run(ctx, probe.Options{
		Target: live.Target{
			Command:       command,
			Env:           env,
			URL:           *url,
			Header:        http.Header(header),
			ClientVersion: driver.Version(),
			StartTimeout:  *startTimeout,
		},
		Timeout:  *timeout,
		All:      *all,
		Interval: *interval,
		Secrets:  probe.SecretsFrom(env, header),
	})
	if err != nil {
		fmt.Fprintf(stderr, "mcplint probe: %v\n", err)
		return driver.ExitError
	}
	if analysis != nil {
		rep.CrossReference = probe.Tie(rep, analysis.Surface, analysis.Report.Findings, analysis.Dir)
	}
	problems := rep.Problems(*timeout)
	catalog := setup.Catalog
	severityOf := func(p probe.Problem) analyzers.Severity {
		if r, ok := catalog.Lookup(p.Rule); ok && p.Rule != "" {
			return cfg.SeverityOf(r)
		}
		return probe.DefaultSeverity(p.Kind)
	}
	severity := func(p probe.Problem) string { return severityOf(p).String() }
	switch {
	case *asJSON:
		err = rep.WriteJSON(stdout, problems, severity)
	case *markdown:
		err = rep.WriteMarkdown(stdout, problems, severity)
	default:
		err = rep.WriteText(stdout, problems, severity, *timeout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: writing the report: %v\n", err)
		return driver.ExitError
	}
	failing := 0
	for _, p := range problems {
		if cfg.Fails(severityOf(p)) {
			failing++
		}
	}
	if failing > 0 {
		noun := "problems"
		if failing == 1 {
			noun = "problem"
		}
		fmt.Fprintf(stderr, "mcplint probe: %d %s at or above the fail-on severity\n", failing, noun)
		return driver.ExitFindings
	}
	return driver.ExitOK
}
