package output

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// WriteGitHub writes GitHub Actions workflow commands, which the runner turns into
// annotations on the pull request:
//
//	::error file=app/tools.go,line=12,col=3,endLine=12,endColumn=40,title=result-and-error::message
//
// info findings become notices. Package errors that no load-error finding reports (the rule
// is disabled) become unpositioned errors, so that a broken package is visible on the run
// summary, not only in the log.
func WriteGitHub(w io.Writer, r *result.Report, o Options) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		var props []string
		if f.Pos.IsValid() {
			props = append(props,
				"file="+escapeProperty(relPath(o.Dir, f.Pos.File)),
				fmt.Sprintf("line=%d", f.Pos.Line),
				fmt.Sprintf("col=%d", f.Pos.Column))
			if f.End.IsValid() {
				props = append(props, fmt.Sprintf("endLine=%d", f.End.Line), fmt.Sprintf("endColumn=%d", f.End.Column))
			}
		}
		props = append(props, "title="+escapeProperty(f.Rule))
		fmt.Fprintf(bw, "::%s %s::%s\n", githubLevel(f.Severity), strings.Join(props, ","), escapeData(f.Message))
	}
	for _, pe := range r.PackageErrors {
		if pe.Reported || pe.NoMCP {
			continue // a load-error finding above, or the compiler's to report
		}
		msg := fmt.Sprintf("mcplint could not check package %s:\n%s", pe.Package, strings.Join(pe.Errors, "\n"))
		fmt.Fprintf(bw, "::error title=%s::%s\n", escapeProperty("mcplint: package not checked"), escapeData(msg))
	}
	return bw.Flush()
}

// githubLevel is the workflow command of a severity: an info finding is a notice.
func githubLevel(s rule.Severity) string { return levelWord(s, "notice") }

// levelWord names a severity in a format that calls errors and warnings so and has its own
// word, infoWord, for the rest.
func levelWord(s rule.Severity, infoWord string) string {
	switch s {
	case rule.Error:
		return "error"
	case rule.Warning:
		return "warning"
	}
	return infoWord
}

// escapeData escapes a command's message as the runner expects: % first, then CR and LF.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property value, which additionally cannot hold the ':' and ','
// that delimit properties.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
