package mcpdefs

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/flow/summary"
	"github.com/mcplint-go/mcplint/mcpdefs/oracle"
)

// FlowEngine is the flow engine with recognition's knowledge of what the SDKs' and the runtime
// library's constructors return (mcpdefs/oracle). Every rule family and recognition itself ask
// this one instance, so the SSA of a package is built once per run.
var FlowEngine = flow.New(oracle.SDK{})

// NewSummaries returns the analyzer that summarises the module's helpers (flow/summary) with
// recognition's knowledge of tool results and of the runtime library's error builders, and,
// when defs (recognition) is given, of the server's own result types its adapters convert.
// Each call makes a new analyzer, so that no state is shared between configurations.
func NewSummaries(defs *analysis.Analyzer) *analysis.Analyzer {
	if defs == nil {
		return summary.New(oracle.Summaries{}, FlowEngine)
	}
	return summary.New(ownResults{defs: defs}, FlowEngine, defs)
}

// ownResults is the summaries' oracle that adds, per package, the own result types
// recognition found (Result.OwnResults).
type ownResults struct {
	oracle.Summaries
	defs *analysis.Analyzer
}

func (o ownResults) ForPass(pass *analysis.Pass) summary.Oracle {
	if res, _ := pass.ResultOf[o.defs].(*Result); res != nil && len(res.OwnResults) > 0 {
		return oracle.Summaries{Own: res.OwnResults}
	}
	return o.Summaries
}
