package contractrules_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/contractrules"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// TestRules checks every contract rule against its fixture directory,
// passes/testdata/contractrules/<id>/.
func TestRules(t *testing.T) {
	fixtures.CheckRules(t, contractrules.Rules(), analyzers.New, nil)
}

// The facts the flow analyzer exports: exactly the exported functions and variables that can
// produce an *mcperr.Error, with their codes and reasons, and nothing for a package that
// cannot reach mcperr.
func TestFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, fixtures.Dir(), contractrules.NewFlow(),
		"./contractrules/conformance/store", "./contractrules/conformance/service", "./contractrules/conformance/plain")
}
