package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/internal/tokens"
	"github.com/mcplint-go/mcplint/surface"
	"github.com/mcplint-go/mcplint/surface/live"
)

// surfaceCmd prints the surface the program will list: mcplint surface [-json] [packages].
func surfaceCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint surface", stderr)
	var (
		asJSON   = fs.Bool("json", false, "print the surface as one JSON object (tools, resources, resourceTemplates, prompts)")
		load     = addLoadFlags(fs)
		live     = fs.Bool("live", false, "start the server given after -- over stdio, list everything, and compare it with the static surface (exit 1 when they differ)")
		liveURL  = fs.String("url", "", "with -live: talk to the server over streamable HTTP at `URL` instead of stdio (the command after --, if any, is started first and stopped after)")
		timeout  = fs.Duration("timeout", 60*time.Second, "with -live: how long the server may take to start and list")
		markdown = fs.Bool("markdown", false, "with -diff, -base or -clients: print a Markdown table (for a pull request or a CI step summary)")
		diff     = fs.Bool("diff", false, "compare two surfaces given as files (OLD.json NEW.json, from mcplint surface -json or a server's lists) and report breaking changes (exit 1 when there are)")
		clients  = fs.String("clients", "", "print a tool × client table of the restrictions each client documents, for a comma-separated `list` of clients (openai, openai-strict, gemini, anthropic, vscode) or all (every client as it comes: openai-strict only when named); exit 1 on an incompatibility")
		base     = fs.String("base", "", "compare the surface at git `revision` with the working tree's and report breaking changes (exit 1 when there are)")
		header   = addHeaderFlag(fs)
	)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: mcplint surface [-json] [packages]\n       mcplint surface -live [-json] [packages] -- CMD [ARGS...]\n       mcplint surface -live -url URL [-header 'Name: value'] [-json] [packages] [-- CMD [ARGS...]]\n       mcplint surface -diff [-json|-markdown] OLD.json NEW.json\n       mcplint surface -base REV [-json|-markdown] [packages]\n\nPrints what tools/list, resources/list, resources/templates/list and prompts/list will return, from the source;\nwith -live, compares that with what the running server lists.\n\n")
		fs.PrintDefaults()
	}
	args, command := splitCommand(args)
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	if *markdown && !*diff && *base == "" && *clients == "" {
		fmt.Fprintf(stderr, "mcplint surface: -markdown goes with -diff, -base or -clients (a table of changes or of clients); the surface itself prints as text or, with -json, as JSON\n")
		return driver.ExitError
	}
	if *diff {
		if fs.NArg() != 2 {
			fmt.Fprintf(stderr, "mcplint surface -diff: give two files, OLD.json NEW.json\n")
			return driver.ExitError
		}
		var sides [2]*surface.Surface
		for i, name := range fs.Args() {
			data, err := os.ReadFile(name)
			if err == nil {
				sides[i], err = surface.Read(data)
			}
			if err != nil {
				fmt.Fprintf(stderr, "mcplint: %s: %v\n", name, err)
				return driver.ExitError
			}
		}
		return reportChanges(sides[0], sides[1], *asJSON, *markdown, stdout, stderr)
	}
	if *liveURL != "" && !*live {
		fmt.Fprintf(stderr, "mcplint surface: -url needs -live\n")
		return driver.ExitError
	}
	if len(header) > 0 && *liveURL == "" {
		fmt.Fprintf(stderr, "mcplint surface: -header needs -url\n")
		return driver.ExitError
	}
	if (*live && *liveURL == "" && len(command) == 0) || (!*live && len(command) > 0) {
		fmt.Fprintf(stderr, "mcplint surface: -live needs the server's command after -- (or -url), and a command needs -live\n")
		return driver.ExitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sf, _, code := driver.LoadSurface(ctx, surfaceSetup(stdout, stderr), load.surfaceOptions(fs.Args()))
	if sf == nil {
		return code
	}
	if *base != "" {
		old, code := driver.LoadSurfaceAt(ctx, surfaceSetup(stdout, stderr), load.surfaceOptions(fs.Args()), *base)
		if old == nil {
			return code
		}
		return reportChanges(old, sf, *asJSON, *markdown, stdout, stderr)
	}
	if *clients != "" {
		return reportClients(sf, *clients, *asJSON, *markdown, stdout, stderr)
	}
	counter := &tokens.Counter{}
	surface.Estimate(sf, counter)
	if *live {
		return liveCheck(ctx, sf, counter, command, *liveURL, http.Header(header), *timeout, *asJSON, stdout, stderr)
	}
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

// liveCheck starts the server, lists everything and compares it with the static surface.
func liveCheck(ctx context.Context, static *surface.Surface, counter *tokens.Counter, command []string, url string, header http.Header, timeout time.Duration, asJSON bool, stdout, stderr io.Writer) int {
	// A Session keeps the last lines of the server's standard error, so that a server that
	// dies says why (its exit status and those lines), not just "initialize: EOF".
	sess, err := live.Start(ctx, live.Target{Command: command, URL: url, Header: header, ClientVersion: driver.Version(), StartTimeout: timeout})
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: -live: %v\n", err)
		return driver.ExitError
	}
	defer sess.Close()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	liveSurface, err := sess.Lists(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: -live: %v\n", err)
		return driver.ExitError
	}
	surface.Estimate(liveSurface, counter)
	check := surface.Compare(static, liveSurface)
	check.StaticTokens, check.LiveTokens = surface.Totals(static).ToolTokens, surface.Totals(liveSurface).ToolTokens
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(check)
	} else {
		err = check.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: writing the comparison: %v\n", err)
		return driver.ExitError
	}
	if !check.Agree() {
		return driver.ExitFindings
	}
	return driver.ExitOK
}

// reportChanges prints the changes from old to new and exits 1 when one is breaking.
func reportChanges(old, new *surface.Surface, asJSON, markdown bool, stdout, stderr io.Writer) int {
	changes := surface.Changes(old, new)
	var err error
	switch {
	case asJSON:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if changes == nil {
			changes = []surface.Change{}
		}
		err = enc.Encode(map[string]any{"changes": changes, "breaking": surface.Breaking(changes)})
	case markdown:
		err = surface.WriteChangesMarkdown(stdout, changes)
	default:
		err = surface.WriteChangesText(stdout, changes)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: writing the changes: %v\n", err)
		return driver.ExitError
	}
	if surface.Breaking(changes) > 0 {
		return driver.ExitFindings
	}
	return driver.ExitOK
}

// reportClients prints the tool × client table and exits 1 on an incompatibility.
func reportClients(sf *surface.Surface, list string, asJSON, markdown bool, stdout, stderr io.Writer) int {
	var names []string
	if list != "all" {
		for _, n := range strings.Split(list, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
	}
	compat, err := surface.CheckClients(sf, names)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint surface -clients: %v\n", err)
		return driver.ExitError
	}
	switch {
	case asJSON:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(compat)
	case markdown:
		err = compat.WriteMarkdown(stdout)
	default:
		err = compat.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: writing the table: %v\n", err)
		return driver.ExitError
	}
	if compat.Incompatible() > 0 {
		return driver.ExitFindings
	}
	return driver.ExitOK
}

// headerFlag collects repeated -header 'Name: value' flags.
type headerFlag http.Header

// addHeaderFlag defines -header, of the commands that talk to a server over HTTP (-url).
func addHeaderFlag(fs *flag.FlagSet) headerFlag {
	h := headerFlag{}
	fs.Var(h, "header", "with -url: send this HTTP header with every request, written `'Name: value'` (repeatable; for a server that needs a token)")
	return h
}

func (h headerFlag) String() string {
	var parts []string
	for k, vs := range h {
		for _, v := range vs {
			parts = append(parts, k+": "+v)
		}
	}
	return strings.Join(parts, ", ")
}

func (h headerFlag) Set(s string) error {
	name, value, err := live.ParseHeader(s)
	if err != nil {
		return err
	}
	http.Header(h).Add(name, value)
	return nil
}
