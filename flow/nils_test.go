package flow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNils: what the engine knows of results of each kind that can be nil: a phi of two
// non-nil errors, a local pointer some way leaves nil returned in an interface (a typed nil
// on that way), a pointer parameter, and maps, funcs and channels made or nil.
func TestNils(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), pathsAnalyzer, "example.com/nils")
}
