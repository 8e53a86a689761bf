package mcpdefs

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/layerkey"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Definitions kept in a field of a table of the server's own and registered from that field
// in another package (Escape's `climcp.ToolSpec{Tool: tool}` built in package cmd and
// registered by `server.AddTool(spec.Tool, buildToolHandler(spec))` in package mcp): each
// package records its side by the field's key, and a run over both joins them.

// FieldRegistration is a registration whose definition is read from a struct field (Key, see
// layerkey.FieldKey) that no definition of the package is linked to, with its handler.
type FieldRegistration struct {
	Key     string
	Handler ast.Expr
}

// fieldRegistration records reg when its definition is a field of a module struct.
func (r *recogniser) fieldRegistration(reg registration) {
	sel, ok := ast.Unparen(reg.def).(*ast.SelectorExpr)
	if !ok || reg.handler == nil || reg.call == nil {
		return
	}
	s := r.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return
	}
	r.res.FieldRegistrations = append(r.res.FieldRegistrations, FieldRegistration{Key: layerkey.FieldKey(s.Recv(), s.Index()[0]), Handler: r.through(reg.handler)})
}

// FieldCoverage is the coverage of the handler a field registration registers.
func (r *Result) FieldCoverage(f FieldRegistration) Coverage {
	return r.ForeignCoverage(ForeignTool{Handler: f.Handler})
}

// findStored records, for each definition of the package no registration is linked to, the
// field of a module struct its value is stored in (r.storedIn), followed by allocation from
// the stores into fields that hold an SDK definition.
func (r *recogniser) findStored() {
	want := map[*mcpmodel.Definition]bool{}
	for _, d := range r.res.Definitions {
		if d.Registration == nil && d.Kind == mcpmodel.Tool && !d.Template {
			want[d] = true
		}
	}
	if len(want) == 0 || r.flow.Package() == nil {
		return
	}
	at := map[token.Pos]*mcpmodel.Definition{}
	for d := range want {
		at[astutil.BuiltAt(d.Node)] = d
	}
	for instr := range r.flow.Instructions() {
		st, ok := instr.(*ssa.Store)
		if !ok || !sdkapi.IsToolDefinition(st.Val.Type()) {
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		key := layerkey.FieldKey(fa.X.Type(), fa.Field)
		for _, pos := range r.flow.ContentsOf(st.Val).Built {
			if d := at[pos]; d != nil {
				r.storedIn[d] = key
			}
		}
	}
}
