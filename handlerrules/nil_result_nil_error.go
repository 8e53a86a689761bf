package handlerrules

import (
	"go/ast"

	"github.com/mcplint/mcplint/analyzers/lint"
	"github.com/mcplint/mcplint/mcpdefs"
)

// nilResultNilError: a low-level go-sdk or mark3labs tool handler returns (nil, nil).
func nilResultNilError(p *lint.Pass, defs *mcpdefs.Result, hs []*handler) {
	for _, h := range hs {
		outcome := h.NilResultOutcome()
		if outcome == "" {
			continue
		}
		h.returns(func(ret *ast.ReturnStmt, _ []ast.Node) {
			if isNil(p.TypesInfo, result(ret, h.ResultIndex)) && isNil(p.TypesInfo, result(ret, h.ErrorIndex)) {
				p.Reportf(ret, "tool handler returns (nil, nil): %s; return a result (an empty &mcp.CallToolResult{} or a text result) or an error", outcome)
			}
		})
	}
}
