package analyzers_test

import (
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
)

// reporter is an analyzer that reports one finding per category it is given.
func reporter(categories ...string) *analysis.Analyzer {
	return &analysis.Analyzer{Name: "reporter", Doc: "reports", Run: func(pass *analysis.Pass) (any, error) {
		for _, c := range categories {
			pass.Report(analysis.Diagnostic{Pos: token.Pos(1), Message: c, Category: c})
		}
		return nil, nil
	}}
}

func reported(t *testing.T, cfg *analyzers.Config, categories ...string) []string {
	t.Helper()
	var got []string
	a := analyzers.WithoutNotes([]*analysis.Analyzer{reporter(categories...)}, cfg)[0]
	_, err := a.Run(&analysis.Pass{Report: func(d analysis.Diagnostic) { got = append(got, d.Category) }})
	assert.NoError(t, err)
	return got
}

// TestWithoutNotesLeavesInfoFindingsOut: under go vet and golangci-lint, whose exit status
// counts every finding, an info rule's findings are left out unless the configuration shows
// them; a severity override moves a rule either way.
func TestWithoutNotesLeavesInfoFindingsOut(t *testing.T) {
	all := []string{"describe-on-output-fields", "result-and-error", "preserve-cause-on-rethrow", "not-a-rule"}

	assert.Equal(t, []string{"result-and-error", "preserve-cause-on-rethrow", "not-a-rule"}, reported(t, analyzers.NewConfig(), all...))

	shown := analyzers.NewConfig()
	shown.Show = "info"
	assert.Equal(t, all, reported(t, shown, all...))

	failOnInfo := analyzers.NewConfig()
	failOnInfo.FailOn = "info"
	assert.Equal(t, all, reported(t, failOnInfo, all...))

	raised := analyzers.NewConfig()
	raised.Severity = map[string]string{"describe-on-output-fields": "warning", "preserve-cause-on-rethrow": "info"}
	assert.Equal(t, []string{"describe-on-output-fields", "result-and-error", "not-a-rule"}, reported(t, raised, all...))
}
