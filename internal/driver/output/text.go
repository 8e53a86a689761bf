package output

import (
	"bufio"
	"fmt"
	"io"

	"github.com/mcplint/mcplint/internal/driver/result"
)

// WriteText writes one line per finding, "file:line:col: message", the shape compilers and
// go vet use and editors turn into links. Package errors go to standard error from the driver.
func WriteText(w io.Writer, r *result.Report, o Options) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		if f.Pos.IsValid() {
			fmt.Fprintf(bw, "%s:%d:%d: %s\n", relPath(o.Dir, f.Pos.File), f.Pos.Line, f.Pos.Column, f.Message)
		} else {
			fmt.Fprintf(bw, "%s: %s\n", f.Package, f.Message)
		}
	}
	return bw.Flush()
}
