// Package mcptoolunchecked: mcptool Format functions whose rendering static analysis cannot
// follow.
package mcptoolunchecked

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"text/template"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/schemarules/format-parity-unchecked/mcptool/render"
)

type Args struct {
	Q string `json:"q" jsonschema:"query"`
}

func report(ctx context.Context, call *mcptool.Call, in Args) (render.Report, error) {
	return render.Report{Title: in.Q}, nil
}

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

var tmpl = template.Must(template.New("r").Parse("{{.Title}}\n{{range .Lines}}- {{.}}\n{{end}}"))

// Elsewhere: Format is a function of another package.
var Elsewhere = mcptool.Tool[Args, render.Report]{
	Name:        "elsewhere",
	Description: "d",
	Handler:     report,
	Format:      render.Format, // want `tool "elsewhere": Format is not a function literal or a function of this package; test with mcptooltest\.CheckFormatParity`
}

// Templated: the whole output goes into a template.
var Templated = mcptool.Tool[Args, render.Report]{
	Name:        "templated",
	Description: "d",
	Handler:     report,
	Format: func(r render.Report) []mcp.Content { // want `tool "templated": Format passes output values to \(\*text/template\.Template\)\.Execute, which mcplint cannot follow; test with mcptooltest\.CheckFormatParity`
		var b bytes.Buffer
		if err := tmpl.Execute(&b, r); err != nil {
			return text("cannot render the report")
		}
		return text(b.String())
	},
}

// Partly: a helper of another package gets the whole value; reported once however many
// calls there are.
var Partly = mcptool.Tool[Args, render.Report]{
	Name:        "partly",
	Description: "d",
	Handler:     report,
	Format: func(r render.Report) []mcp.Content { // want `tool "partly": Format passes output values to fixtures/schemarules/format-parity-unchecked/mcptool/render.Text`
		return text(render.Text(r) + "\n" + render.Text(r))
	},
}

// Near misses: leaves handed to other packages are shown (strings.Join of a []string);
// fmt and a function of this package are followed; a generic helper of this package is
// followed too; no Format at all is the JSON.
var Leaves = mcptool.Tool[Args, render.Report]{
	Name:        "leaves",
	Description: "d",
	Handler:     report,
	Format: func(r render.Report) []mcp.Content {
		return text(strings.ToUpper(r.Title) + "\n" + strings.Join(r.Lines, "\n"))
	},
}

func show[T any](v T) string { return fmt.Sprintf("%+v", v) }

var Generic = mcptool.Tool[Args, render.Report]{
	Name:        "generic",
	Description: "d",
	Handler:     report,
	Format:      func(r render.Report) []mcp.Content { return text(show[render.Report](r)) },
}

func formatReport[T any](v T) []mcp.Content { return text(fmt.Sprint(v)) }

var GenericFormat = mcptool.Tool[Args, render.Report]{
	Name:        "generic_format",
	Description: "d",
	Handler:     report,
	Format:      formatReport[render.Report],
}

var JSONText = mcptool.Tool[Args, render.Report]{Name: "json_text", Description: "d", Handler: report}

func Register(s *mcp.Server) {
	for _, t := range []mcptool.Tool[Args, render.Report]{Elsewhere, Templated, Partly, Leaves, Generic, GenericFormat, JSONText} {
		mcptool.Add(s, t)
	}
}
