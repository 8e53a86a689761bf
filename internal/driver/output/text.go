package output

import (
	"bufio"
	"fmt"
	"io"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// WriteText writes one line per finding, "file:line:col: severity: message (rule-id)", the
// shape compilers use and editors turn into links, with the severity where gcc and clang put
// it, so that the line a failing run means can be told from the warnings around it. Package
// errors go to standard error from the driver.
func WriteText(w io.Writer, r *result.Report, o Options) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		if f.Pos.IsValid() {
			fmt.Fprintf(bw, "%s:%d:%d: %s: %s\n", relPath(o.Dir, f.Pos.File), f.Pos.Line, f.Pos.Column, f.Severity, f.Message)
		} else {
			fmt.Fprintf(bw, "%s: %s: %s\n", f.Package, f.Severity, f.Message)
		}
	}
	return bw.Flush()
}
