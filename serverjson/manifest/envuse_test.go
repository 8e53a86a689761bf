package manifest

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// envUseAnalyzer reports, at each environment read, what classifyReads makes of it.
var envUseAnalyzer = &analysis.Analyzer{
	Name:     "envuse",
	Doc:      "test: prints classifyReads' answers",
	Requires: []*analysis.Analyzer{mcpdefs.FlowEngine},
	Run: func(pass *analysis.Pass) (any, error) {
		fl := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
		reads := envReads(pass)
		use := classifyReads(pass.TypesInfo, fl, reads)
		for _, r := range reads {
			var what []string
			switch {
			case use.required[r] && !use.optional[r]:
				what = append(what, "required")
			case use.optional[r]:
				what = append(what, "optional")
			}
			if fb := use.fallbackFor[r]; fb != "" {
				what = append(what, "fallback for "+fb)
			}
			if len(what) > 0 {
				pass.Reportf(r.Pos(), "%s %s", envReadName(pass.TypesInfo, r), strings.Join(what, " "))
			}
		}
		return nil, nil
	},
}

// envReads are the package's reads of an environment variable by a constant name.
func envReads(pass *analysis.Pass) []*ast.CallExpr {
	var reads []*ast.CallExpr
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && envReadName(pass.TypesInfo, c) != "" {
				reads = append(reads, c)
			}
			return true
		})
	}
	return reads
}

func TestClassifyReads(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envUseAnalyzer, "example.com/envuse")
}

// siteTagAnalyzer reports, at each environment read, the transport siteTag decides for it.
var siteTagAnalyzer = &analysis.Analyzer{
	Name:     "sitetags",
	Doc:      "test: prints siteTag's answers",
	Requires: []*analysis.Analyzer{mcpdefs.FlowEngine},
	Run: func(pass *analysis.Pass) (any, error) {
		fl := pass.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
		t := newTransports(pass.TypesInfo, pass.Fset, pass.Pkg, fl)
		t.imported = func(*types.Package) map[string]funcSummary { return nil }
		t.summarize()
		names := map[uint8]string{0: "undecided", onStdio: "stdio", onHTTP: "http"}
		for _, c := range envReads(pass) {
			pass.Reportf(c.Pos(), "%s %s", envReadName(pass.TypesInfo, c), names[t.siteTag(fl.CallAt(c.Lparen))])
		}
		return nil, nil
	},
}

func TestSiteTags(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "sitetags"), siteTagAnalyzer, "./...")
}
