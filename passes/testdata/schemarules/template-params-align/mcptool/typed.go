// Package typed: mcptool hands a resource template's variables to the handler as a struct P,
// binding each variable into the field its `uri` tag (else json name, else Go name) names.
// AddResourceTemplate panics at start-up when they do not line up.
package typed

import (
	"context"
	"net/netip"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"

	"fixtures/schemarules/template-params-align/mcptool/params"
)

func read[P any](ctx context.Context, req *mcp.ReadResourceRequest, p P) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{}, nil
}

type IssueParams struct {
	Owner  string `uri:"owner"`
	Number int    `uri:"number"`
}

type Misspelled struct {
	Owner string `uri:"owner"`
	ID    int    `uri:"issue_id"` // want "field ID is tagged `uri:\"issue_id\"`, but the template \"repo://\\{owner\\}/issues/\\{number\\}\" has no \\{issue_id\\} \\(it has \\{owner\\}, \\{number\\}\\), so AddResourceTemplate panics at start-up"
}

// ByJSON names variables by json tag and Go name; neither needs a template variable.
type ByJSON struct {
	Owner  string `json:"owner"`
	Number int
	Extra  string `json:"extra,omitempty"`
	hidden string
	Skip   string `json:"-"`
}

type Unbindable struct {
	Owner string         `uri:"owner"`
	Opts  map[string]int `uri:"opts"` // want `field Opts has type map\[string\]int, which cannot hold a URI template variable, so AddResourceTemplate panics at start-up`
}

// Bindable: every kind mcptool converts a string into.
type Bindable struct {
	Name  string        `uri:"name"`
	Tags  []string      `uri:"tags"`
	Page  *int          `uri:"page"`
	Ratio float64       `uri:"ratio"`
	On    bool          `uri:"on"`
	Since time.Time     `uri:"since"`
	Addr  netip.Addr    `uri:"addr"`
	Wait  time.Duration `uri:"wait"`
}

type Embedded struct {
	IssueParams
	Comment string `uri:"comment"`
}

func Register(s *mcp.Server) {
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[IssueParams]{
		URITemplate: "repo://{owner}/issues/{number}",
		Name:        "issue",
		Description: "d",
		Handler:     read[IssueParams],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Misspelled]{
		URITemplate: "repo://{owner}/issues/{number}", // want "resource template \"misspelled\": template variable \\{number\\} has no field in Misspelled, so AddResourceTemplate panics; add a field tagged `uri:\"number\"`"
		Name:        "misspelled",
		Description: "d",
		Handler:     read[Misspelled],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[*ByJSON]{
		URITemplate: "repo://{owner}/issues/{Number}{?hidden}", // want `template variable \{hidden\} has no field in \*ByJSON`
		Name:        "byjson",
		Description: "d",
		Handler:     read[*ByJSON],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Unbindable]{
		URITemplate: "x://{owner}/{opts}",
		Name:        "unbindable",
		Description: "d",
		Handler:     read[Unbindable],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[string]{ // want `resource template "scalar": its params type string is not a struct, so AddResourceTemplate panics at start-up; use a struct`
		URITemplate: "x://{id}",
		Name:        "scalar",
		Description: "d",
		Handler:     read[string],
	})
	// A params type of another package: silent when it lines up, reported at the definition
	// when it does not.
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[params.Repo]{
		URITemplate: "gh://{owner}/{repo}",
		Name:        "repo",
		Description: "d",
		Handler:     read[params.Repo],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[params.Repo]{ // want `field Name of params.Repo \(params of resource template "repo2"\) is tagged .uri:"repo"., but the template "gh://\{owner\}/\{name\}" has no \{repo\}`
		URITemplate: "gh://{owner}/{name}", // want `template variable \{name\} has no field in params.Repo`
		Name:        "repo2",
		Description: "d",
		Handler:     read[params.Repo],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[params.Ticket]{ // want `field Watch of params.Ticket \(params of resource template "ticket"\) has type chan int, which cannot hold a URI template variable`
		URITemplate: "t://{id}/{watch}",
		Name:        "ticket",
		Description: "d",
		Handler:     read[params.Ticket],
	})

	// Near misses: every kind of field mcptool binds, promoted fields of an embedded struct,
	// an exploded list, a query expansion, a dynamic template and an invalid one (for
	// uri-template-valid), and a go-sdk template, whose handler gets no variables.
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Bindable]{
		URITemplate: "b://{name}/{tags*}{?page,ratio,on,since,addr,wait}",
		Name:        "bindable",
		Description: "d",
		Handler:     read[Bindable],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[Embedded]{
		URITemplate: "repo://{owner}/issues/{number}/comments/{comment}",
		Name:        "embedded",
		Description: "d",
		Handler:     read[Embedded],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[IssueParams]{
		URITemplate: templateFor("issues"),
		Name:        "dynamic",
		Description: "d",
		Handler:     read[IssueParams],
	})
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[IssueParams]{
		URITemplate: "repo://{owner/issues/{number}",
		Name:        "invalid",
		Description: "d",
		Handler:     read[IssueParams],
	})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "repo://{owner}/{x}", Name: "gosdk", Description: "d"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	})
}

func templateFor(kind string) string { return "repo://{owner}/" + kind + "/{number}" }

// Inside a generic wrapper P is only known per instantiation.
func AddTemplate[P any](s *mcp.Server, uri string) {
	mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[P]{URITemplate: "g://{a}", Name: "generic", Description: "d", Handler: read[P]})
}
