package contractrules_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/contractrules"
	"github.com/mcplint/mcplint/internal/fixtures"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// analyzerNamed builds the configuration's analyzers with only the contract rules enabled and
// returns the one called name.
func analyzerNamed(t *testing.T, name string) *analysis.Analyzer {
	t.Helper()
	cfg := analyzers.NewConfig()
	cfg.Disable = []string{"all"}
	cfg.Enable = []string{"contractrules"}
	as, err := analyzers.New(cfg)
	require.NoError(t, err)
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no analyzer %s", name)
	return nil
}

// The structural rules over inline contracts, package variables, helper functions, a shared
// contract (reported once) and contracts that cannot be resolved.
func TestStructure(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, fixtures.Dir(), analyzerNamed(t, "contract_structure"), "./contractrules/structure")
}

// The conformance rules on tools whose handlers reach a service layer and a store two
// packages away, with prefer-fail's fixes checked against the golden file.
func TestConformance(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, fixtures.Dir(), analyzerNamed(t, "contract_conformance"), "./contractrules/conformance/tools")
}

// The facts the flow analyzer exports: exactly the exported functions and variables that can
// produce an *mcperr.Error, with their codes and reasons, and nothing for a package that
// cannot reach mcperr.
func TestFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, fixtures.Dir(), contractrules.NewFlow(),
		"./contractrules/conformance/store", "./contractrules/conformance/service", "./contractrules/conformance/plain")
}
