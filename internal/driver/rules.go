package driver

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/docs"
	"github.com/mcplint-go/mcplint/internal/suggest"
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

// RulesOptions are the choices of the rules subcommand.
type RulesOptions struct {
	JSON bool // a JSON array instead of a table
	// All lists the checks Go's types make impossible to fail too; they are documented, never
	// run, so by default they are left out.
	All bool
}

// Rules prints the catalogued rules: a table, or a JSON array.
func Rules(w io.Writer, cat *analyzers.Catalog, o RulesOptions) error {
	var rules []analyzers.Rule
	for _, r := range cat.Rules() {
		if o.All || r.Status != analyzers.NotApplicable {
			rules = append(rules, r)
		}
	}
	if o.JSON {
		out := []ruleJSON{}
		for _, r := range rules {
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
	for _, r := range rules {
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
	id = strings.TrimSpace(id)
	if slices.Contains(cat.Families(), analyzers.Family(id)) {
		explainFamily(stdout, cat, analyzers.Family(id))
		return ExitOK
	}
	r, ok := cat.Lookup(id)
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

// explainFamily prints a family's introduction (its page up to the first rule) and its
// rules, for `mcplint explain contractrules`: a family is not a rule, but the user asked
// about it by a name mcplint accepts everywhere a rule ID goes.
func explainFamily(w io.Writer, cat *analyzers.Catalog, f analyzers.Family) {
	page := string(f) + ".md"
	if text, ok := docs.Page(page); ok {
		intro := text
		if secs := docs.Split(page, text); len(secs) > 0 {
			intro = strings.Join(strings.Split(text, "\n")[:secs[0].Line-1], "\n")
		}
		fmt.Fprintf(w, "%s\n\n", strings.TrimSpace(intro))
	}
	fmt.Fprintf(w, "%s is a rule family; its rules (mcplint explain RULE for one):\n\n", f)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	online := ""
	for _, r := range cat.Rules() {
		if r.Family == f && r.Status != analyzers.NotApplicable {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", r.ID, r.Severity, r.Title)
			online, _, _ = strings.Cut(r.URL(), "#")
		}
	}
	tw.Flush()
	if online != "" {
		fmt.Fprintf(w, "\nOnline: %s\n", online)
	}
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
	name = strings.ToLower(name)
	if best := suggest.Nearest(name, names, max(3, len(name)/4)+1); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	switch words := suggest.Containing(name, names, 3); len(words) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (did you mean %s?)", words[0])
	default:
		return fmt.Sprintf(" (did you mean %s or %s?)", strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
	}
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
