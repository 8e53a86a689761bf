package driver

import (
	"encoding/json"
	"fmt"
	"github.com/mcplint/mcplint/internal/suggest"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/docs"
)

// ruleHelp is a rule's documentation section, or its title and URL when its page has not been
// written.
func ruleHelp(r analyzers.Rule) string {
	if s, ok := docs.Rule(string(r.Family)+".md", r.ID); ok {
		return s.Text
	}
	return fmt.Sprintf("%s\n\nDocumentation: %s", r.Title, r.URL())
}

type ruleJSON struct {
	ID       string   `json:"id"`
	Family   string   `json:"family"`
	Severity string   `json:"severity"`
	Status   string   `json:"status"`
	Strict   bool     `json:"strict,omitempty"`
	SDKs     []string `json:"sdks"`
	Title    string   `json:"title"`
	URL      string   `json:"url"`
}

// Rules prints every catalogued rule: a table, or with asJSON a JSON array.
func Rules(w io.Writer, cat *analyzers.Catalog, asJSON bool) error {
	if asJSON {
		out := []ruleJSON{}
		for _, r := range cat.Rules() {
			out = append(out, ruleJSON{
				ID: r.ID, Family: string(r.Family), Severity: r.Severity.String(), Status: string(r.Status),
				Strict: r.Strict, SDKs: append([]string{}, r.SDKs...), Title: r.Title, URL: r.URL(),
			})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tFAMILY\tSEVERITY\tSTATUS\tTITLE")
	for _, r := range cat.Rules() {
		status := string(r.Status)
		if r.Strict {
			status += " (strict)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Family, r.Severity, status, r.Title)
	}
	return tw.Flush()
}

// Explain prints a rule's documentation and returns the exit status: ExitError for a rule
// mcplint does not know, with a did-you-mean.
func Explain(stdout, stderr io.Writer, cat *analyzers.Catalog, id string) int {
	r, ok := cat.Lookup(strings.TrimSpace(id))
	if !ok {
		fmt.Fprintf(stderr, "mcplint: %q is not an mcplint rule%s; `mcplint rules` lists them all\n", id, didYouMean(cat, id))
		return ExitError
	}
	if s, ok := docs.Rule(string(r.Family)+".md", r.ID); ok {
		fmt.Fprintf(stdout, "%s\n\nOnline: %s\n", s.Text, r.URL())
		return ExitOK
	}
	fmt.Fprintf(stdout, "## %s\n\n%s\n\nSeverity: %s · Family: %s · Status: %s\n\nThis build has no documentation page for the %s family yet.\nOnline: %s\n",
		r.ID, r.Title, r.Severity, r.Family, r.Status, r.Family, r.URL())
	return ExitOK
}

// didYouMean suggests the closest rule ID or family name, if one is close.
func didYouMean(cat *analyzers.Catalog, name string) string {
	var names []string
	for _, r := range cat.Rules() {
		names = append(names, r.ID)
	}
	for _, f := range cat.Families() {
		names = append(names, string(f))
	}
	best := suggest.Nearest(strings.ToLower(name), names, max(3, len(name)/4)+1)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// Version is mcplint's version as the build recorded it: the module version when installed
// with go install, else the VCS revision.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if (v == "" || v == "(devel)") && rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v = "devel-" + rev + modified
	}
	if v == "" {
		v = "(devel)"
	}
	return v
}

// PrintVersion is the version subcommand.
func PrintVersion(w io.Writer) {
	fmt.Fprintf(w, "mcplint %s (%s %s/%s)\n", Version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
