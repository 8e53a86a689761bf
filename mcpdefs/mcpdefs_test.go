package mcpdefs_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// describe reports every recognised definition, handler and server as a diagnostic so that
// the fixtures' want comments state exactly what recognition must find.
var describe = describer(mcpdefs.Analyzer)

func describer(defs *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "describe",
		Doc:        "test-only: reports what mcpdefs recognised",
		Requires:   []*analysis.Analyzer{defs},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[defs].(*mcpdefs.Result)
			q := func(t types.Type) string { return types.TypeString(t, (*types.Package).Name) }
			val := func(v mcpmodel.Value) string {
				switch {
				case !v.Set:
					return "none"
				case !v.Static:
					return "dynamic"
				}
				return fmt.Sprintf("%q", v.Str)
			}
			for _, d := range res.Definitions {
				var b strings.Builder
				fmt.Fprintf(&b, "def %s %s name=%s", d.Kind, d.SDK, val(d.Name))
				if d.Description.Set {
					fmt.Fprintf(&b, " desc=%s", val(d.Description))
				}
				if d.URI.Set {
					fmt.Fprintf(&b, " uri=%s", val(d.URI))
				}
				if d.InputType != nil {
					fmt.Fprintf(&b, " in=%s", q(d.InputType))
				}
				if d.OutputType != nil {
					fmt.Fprintf(&b, " out=%s", q(d.OutputType))
				}
				if d.ParamsType != nil {
					fmt.Fprintf(&b, " params=%s", q(d.ParamsType))
				}
				if d.HandlerOmitted {
					b.WriteString(" handler-omitted")
				}
				a := d.Annotations
				for _, h := range []struct {
					name string
					v    mcpmodel.BoolValue
				}{{"readonly", a.ReadOnly}, {"destructive", a.Destructive}, {"idempotent", a.Idempotent}, {"openworld", a.OpenWorld}} {
					if h.v.Set {
						fmt.Fprintf(&b, " %s=%v", h.name, map[bool]string{true: fmt.Sprint(h.v.Val), false: "dynamic"}[h.v.Static])
					}
				}
				if a.DestructiveDefault != nil {
					b.WriteString(" defaults")
				}
				if d.Contract != nil {
					fmt.Fprintf(&b, " contract=%d static=%v", len(d.Contract.Entries), d.Contract.Static)
				}
				if d.Registration != nil {
					b.WriteString(" registered")
				}
				switch {
				case d.HandlerNil:
					b.WriteString(" handler=nil")
				case d.Handler != nil && d.Handler.Name != "":
					b.WriteString(" handler=" + d.Handler.Name)
				case d.Handler != nil:
					b.WriteString(" handler=literal")
				case d.HandlerExpr != nil:
					b.WriteString(" handler=external")
				}
				if d.Own != nil {
					b.WriteString(" own=" + d.Own.Name())
				}
				if d.Converter {
					b.WriteString(" converter")
				}
				if d.Template {
					b.WriteString(" template")
				}
				pass.Reportf(d.Node.Pos(), "%s", b.String())
			}
			for _, h := range res.Handlers {
				mode := map[mcpmodel.ErrorMode]string{mcpmodel.ToolError: "tool", mcpmodel.ProtocolError: "protocol"}[h.Errors]
				reg := "unregistered"
				if h.Registered {
					reg = "registered"
				}
				pos := h.Node.Pos()
				if fd, ok := h.Node.(*ast.FuncDecl); ok {
					pos = fd.Name.Pos()
				}
				wire := ""
				if h.ErrorsConverted {
					wire = " server-converts-errors"
				}
				pass.Reportf(pos, "handler %s %s %s errors=%s %s via=%s%s", h.Kind, h.SDK, h.Flavour, mode, reg, h.Shape, wire)
			}
			for _, u := range res.Unmapped {
				name := "(literal)"
				if u.Adapter != nil {
					name = u.Adapter.Name()
				}
				pass.Reportf(u.Call.Pos(), "unmapped adapter %s: %s", name, u.Reason)
			}
			for _, s := range res.Servers {
				wire := ""
				if s.ToolErrorsAsResults {
					wire = " tool-errors-as-results"
				}
				pass.Reportf(s.Node.Pos(), "server %s name=%s version=%s%s", s.SDK, val(s.Name), val(s.Version), wire)
			}
			return true, nil
		},
	}
}

// TestRegistrar: a configured registrar marks the definitions it is given as registered.
func TestRegistrar(t *testing.T) {
	a := describer(mcpdefs.New(mcpdefs.Options{Registrars: []mcpdefs.Registrar{{Func: "fixtures/recognition/registrar.Registry.Register", Tool: 1, Handler: 2}}}))
	pkgs, err := fixtures.Load("./recognition/registrar")
	if err != nil {
		t.Fatal(err)
	}
	fixtures.Run(t, pkgs, a).Check(t, "recognition/registrar")
}

func TestRecognition(t *testing.T) {
	dirs := []string{"gosdk", "mark3labs", "wrapper", "adapter", "mcptool", "convert", "convert/textual", "owndefs", "owndefs/m3", "registrars/lib", "registrars/use", "factory", "helpers", "helpers/m3", "helpers/lib", "helpers/use", "xpkg/adapt", "xpkg/use", "xpkg/impl", "xpkg/noimport", "nilcallee", "serverwire/mw", "serverwire", "layers/tools", "layers"}
	var patterns []string
	for _, dir := range dirs {
		patterns = append(patterns, "./recognition/"+dir)
	}
	// One load for all directories: the SDKs come from export data (see fixtures.Load).
	pkgs, err := fixtures.Load(patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := fixtures.Run(t, pkgs, describe)
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			out.Check(t, "recognition/"+dir)
		})
	}
}
