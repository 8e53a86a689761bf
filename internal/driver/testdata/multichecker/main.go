// Command multichecker proves that mcplint's analyzers run under the stock
// golang.org/x/tools driver with no help from mcplint's own command.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcplint-go/mcplint/analyzers"
)

func main() { multichecker.Main(analyzers.All()...) }
