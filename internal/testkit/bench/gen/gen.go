// Package gen writes synthetic Go MCP servers for benchmarks: a module of N tools spread over
// packages of a fixed size, written the way real servers are. Every package has a service with
// sentinel errors and wrapped failures, and its tools rotate over the four handler shapes
// mcplint recognises (go-sdk typed, go-sdk low-level, mark3labs, mcptool with an error
// contract), with the error paths real handlers have: validation, not-found branches, upstream
// failures, marshalling. A few handlers carry the mistakes mcplint reports, so a run does the
// work of finding and reporting too. A main package builds both servers, reads its
// configuration from the environment, and sits next to a server.json.
package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"
)

// Options size the generated server.
type Options struct {
	// Tools is the number of tools.
	Tools int
	// PerPackage is the number of tools in each package; 0 means DefaultPerPackage.
	PerPackage int
	// Repo is the directory of mcplint's own module: the server uses its runtime library
	// (mcptool, mcperr) through a replace directive, and go.sum is assembled from the
	// repository's go.sum files.
	Repo string
}

// DefaultPerPackage is the package size when Options.PerPackage is 0: about what a tool
// package of a mid-size server (github-mcp-server) holds.
const DefaultPerPackage = 20

// Module is the generated module path.
const Module = "example.com/synth"

// Kinds of tools, in the order they rotate.
const (
	kindGoTyped = iota
	kindGoLow
	kindMarkLabs
	kindMCPTool
	kinds
)

// Write creates the module in dir (which must exist) and returns the number of packages
// holding tools.
func Write(dir string, o Options) (int, error) {
	if o.Tools <= 0 {
		return 0, errors.New("gen: Tools must be positive")
	}
	if o.Repo == "" {
		return 0, errors.New("gen: Repo (mcplint's module directory) is required")
	}
	per := o.PerPackage
	if per <= 0 {
		per = DefaultPerPackage
	}
	sum, err := goSum(o.Repo)
	if err != nil {
		return 0, err
	}
	files := map[string]string{
		"go.mod":                    fmt.Sprintf(goMod, o.Repo),
		"go.sum":                    sum,
		"server.json":               serverJSON,
		"internal/model/model.go":   modelGo,
		"internal/config/config.go": configGo,
	}
	var pkgs []string
	for start := 0; start < o.Tools; start += per {
		name := fmt.Sprintf("t%04d", len(pkgs))
		pkgs = append(pkgs, name)
		n := min(per, o.Tools-start)
		files["tools/"+name+"/service.go"] = render(serviceTmpl, map[string]any{"Pkg": name})
		files["tools/"+name+"/tools.go"] = toolsFile(name, start, n)
	}
	files["cmd/server/main.go"] = render(mainTmpl, map[string]any{"Module": Module, "Pkgs": pkgs})

	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		data := []byte(files[name])
		if strings.HasSuffix(name, ".go") {
			if data, err = format.Source(data); err != nil {
				return 0, fmt.Errorf("gen: %s does not format: %w", name, err)
			}
		}
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return 0, err
		}
	}
	return len(pkgs), nil
}

// goSum merges the go.sum files of mcplint and of its fixture module (which requires
// mark3labs/mcp-go): together they hold every checksum the generated module needs.
func goSum(repo string) (string, error) {
	seen := map[string]bool{}
	var lines []string
	for _, f := range []string{"go.sum", "passes/testdata/go.sum"} {
		data, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			return "", fmt.Errorf("gen: reading mcplint's %s: %w", f, err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" && !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n", nil
}

// toolsFile renders n tools of package pkg, numbered from start.
func toolsFile(pkg string, start, n int) string {
	var b bytes.Buffer
	b.WriteString(render(toolsHeader, map[string]any{"Pkg": pkg, "Module": Module}))
	var regs []string
	for i := range n {
		id := start + i
		data := map[string]any{"N": id, "Pkg": pkg, "Name": fmt.Sprintf("%s_%d", pkg, id), "Flaw": id%7 == 3}
		switch id % kinds {
		case kindGoTyped:
			b.WriteString(render(goTypedTmpl, data))
			regs = append(regs, fmt.Sprintf("mcp.AddTool(s, &mcp.Tool{Name: \"get_%s_%d\", Description: \"Get one record of %s by its ID.\"}, get%d(svc))", pkg, id, pkg, id))
		case kindGoLow:
			b.WriteString(render(goLowTmpl, data))
			regs = append(regs, fmt.Sprintf("s.AddTool(&mcp.Tool{Name: \"count_%s_%d\", Description: \"Count the records of %s.\", InputSchema: map[string]any{\"type\": \"object\"}}, count%d(svc))", pkg, id, pkg, id))
		case kindMarkLabs:
			b.WriteString(render(markLabsTmpl, data))
			regs = append(regs, fmt.Sprintf("ms.AddTool(search%dTool(), search%d(svc))", id, id))
		case kindMCPTool:
			b.WriteString(render(mcptoolTmpl, data))
			regs = append(regs, fmt.Sprintf("mcptool.Add(s, update%dTool(svc))", id))
		}
	}
	fmt.Fprintf(&b, "\n// Register adds the package's tools to both servers.\nfunc Register(s *mcp.Server, ms *server.MCPServer, svc *Service) {\n\t_ = ms\n")
	for _, r := range regs {
		fmt.Fprintf(&b, "\t%s\n", r)
	}
	b.WriteString("}\n")
	return b.String()
}

func render(t *template.Template, data any) string {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		panic("gen: template " + t.Name() + ": " + err.Error()) // the templates are constants
	}
	return b.String()
}

const goMod = `module example.com/synth

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/mcplint-go/mcplint v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

replace github.com/mcplint-go/mcplint => %s
`

const serverJSON = `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.example/synth",
  "description": "A synthetic MCP server for measuring mcplint.",
  "version": "1.0.0",
  "packages": [
    {
      "registryType": "oci",
      "identifier": "ghcr.io/example/synth:1.0.0",
      "transport": {"type": "stdio"},
      "environmentVariables": [
        {"name": "SYNTH_TOKEN", "description": "API token for the record store", "isRequired": true, "isSecret": true}
      ]
    }
  ]
}
`

const modelGo = `// Package model holds the records the tools serve. It imports no MCP package.
package model

import "time"

// Record is one stored record.
type Record struct {
	ID      string    ` + "`json:\"id\" jsonschema:\"the record ID\"`" + `
	Name    string    ` + "`json:\"name\" jsonschema:\"the record's name\"`" + `
	Tags    []string  ` + "`json:\"tags,omitempty\" jsonschema:\"labels on the record\"`" + `
	Updated time.Time ` + "`json:\"updated\" jsonschema:\"when the record last changed\"`" + `
}

// Matches reports whether the record's name or a tag contains q.
func (r Record) Matches(q string) bool {
	if q == "" {
		return true
	}
	for _, t := range r.Tags {
		if t == q {
			return true
		}
	}
	return len(r.Name) >= len(q) && r.Name[:len(q)] == q
}
`

const configGo = `// Package config reads the server's settings from the environment.
package config

import (
	"errors"
	"os"
)

// Config is the server's settings.
type Config struct {
	Token string
	Store string
}

// Load reads the settings; the token is required.
func Load() (Config, error) {
	token := os.Getenv("SYNTH_TOKEN")
	if token == "" {
		return Config{}, errors.New("SYNTH_TOKEN is not set")
	}
	return Config{Token: token, Store: os.Getenv("SYNTH_STORE")}, nil
}
`

var serviceTmpl = template.Must(template.New("service").Parse(`// Package {{.Pkg}} serves one collection of records.
package {{.Pkg}}

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"example.com/synth/internal/model"
)

// Errors the service returns.
var (
	ErrNotFound    = errors.New("{{.Pkg}}: record not found")
	ErrConflict    = errors.New("{{.Pkg}}: record changed concurrently")
	ErrUnavailable = errors.New("{{.Pkg}}: store unavailable")
)

// StatusError is an upstream failure with its HTTP status.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string { return fmt.Sprintf("upstream status %d: %s", e.Status, e.Body) }

// Service is the collection's store.
type Service struct {
	mu      sync.Mutex
	records map[string]model.Record
	down    bool
}

// NewService returns an empty store.
func NewService() *Service { return &Service{records: map[string]model.Record{}} }

// Lookup returns the record with the ID.
func (s *Service) Lookup(ctx context.Context, id string) (model.Record, error) {
	if err := ctx.Err(); err != nil {
		return model.Record{}, fmt.Errorf("lookup %s: %w", id, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return model.Record{}, &StatusError{Status: 503, Body: "maintenance"}
	}
	r, ok := s.records[id]
	if !ok {
		return model.Record{}, fmt.Errorf("lookup %s: %w", id, ErrNotFound)
	}
	return r, nil
}

// Search returns the records matching q, at most limit of them (0: all).
func (s *Service) Search(ctx context.Context, q string, limit int) ([]model.Record, error) {
	if strings.TrimSpace(q) == "" {
		return nil, errors.New("empty query")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return nil, ErrUnavailable
	}
	var out []model.Record
	for _, r := range s.records {
		if r.Matches(q) {
			out = append(out, r)
			if limit > 0 && len(out) == limit {
				break
			}
		}
	}
	return out, nil
}

// Save stores the record unless it changed since it was read.
func (s *Service) Save(ctx context.Context, r model.Record, read time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.records[r.ID]; ok && old.Updated.After(read) {
		return fmt.Errorf("save %s: %w", r.ID, ErrConflict)
	}
	r.Updated = time.Now()
	s.records[r.ID] = r
	return nil
}

// Count returns the number of records.
func (s *Service) Count(ctx context.Context) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return 0, ErrUnavailable
	}
	return len(s.records), nil
}
`))

var toolsHeader = template.Must(template.New("header").Parse(`package {{.Pkg}}

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"

	"{{.Module}}/internal/model"
)

var (
	_ = json.Marshal
	_ = strings.TrimSpace
	_ = time.Now
	_ = m3.NewTool
	_ = mcperr.NotFound
)
`))

var goTypedTmpl = template.Must(template.New("gotyped").Parse(`
// Get{{.N}}Input names a record.
type Get{{.N}}Input struct {
	ID    string ` + "`json:\"id\" jsonschema:\"the record ID\"`" + `
	Fresh bool   ` + "`json:\"fresh,omitempty\" jsonschema:\"skip the cache\"`" + `
}

// Get{{.N}}Output is the record.
type Get{{.N}}Output struct {
	Record model.Record ` + "`json:\"record\" jsonschema:\"the record\"`" + `
}

func get{{.N}}(svc *Service) mcp.ToolHandlerFor[Get{{.N}}Input, Get{{.N}}Output] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in Get{{.N}}Input) (*mcp.CallToolResult, Get{{.N}}Output, error) {
		if strings.TrimSpace(in.ID) == "" {
			return nil, Get{{.N}}Output{}, errors.New("id must not be empty")
		}
		rec, err := svc.Lookup(ctx, in.ID)
		if err != nil {
			var st *StatusError
			switch {
			case errors.Is(err, ErrNotFound):
				// go-sdk turns the error into an isError result the model reads.
				return nil, Get{{.N}}Output{}, fmt.Errorf("no record %s: %w", in.ID, err)
			case errors.As(err, &st):
{{- if .Flaw}}
				return nil, Get{{.N}}Output{}, fmt.Errorf("store answered %d: %v", st.Status, err)
{{- else}}
				return nil, Get{{.N}}Output{}, fmt.Errorf("store answered %d: %w", st.Status, err)
{{- end}}
			}
			return nil, Get{{.N}}Output{}, fmt.Errorf("get {{.Name}}: %w", err)
		}
		return nil, Get{{.N}}Output{Record: rec}, nil
	}
}
`))

var goLowTmpl = template.Must(template.New("golow").Parse(`
type count{{.N}}Args struct {
	Tag string ` + "`json:\"tag\"`" + `
}

func count{{.N}}(svc *Service) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args count{{.N}}Args
		if len(req.Params.Arguments) > 0 {
			if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "arguments: " + err.Error()}}}, nil
			}
		}
		n, err := svc.Count(ctx)
		if err != nil {
			if errors.Is(err, ErrUnavailable) {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "the store is unavailable; try again later"}}}, nil
			}
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "count {{.Name}}: " + err.Error()}}}, nil
		}
{{- if .Flaw}}
		if n == 0 {
			return nil, nil
		}
{{- end}}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%d records", n)}}}, nil
	}
}
`))

var markLabsTmpl = template.Must(template.New("marklabs").Parse(`
func search{{.N}}Tool() m3.Tool {
	return m3.NewTool("search_{{.Name}}",
		m3.WithDescription("Search the records of {{.Pkg}} by name or tag."),
		m3.WithString("query", m3.Required(), m3.Description("words to look for")),
		m3.WithNumber("limit", m3.Description("most records to return")),
	)
}

func search{{.N}}(svc *Service) server.ToolHandlerFunc {
	return func(ctx context.Context, req m3.CallToolRequest) (*m3.CallToolResult, error) {
		q, err := req.RequireString("query")
		if err != nil {
			return m3.NewToolResultError(err.Error()), nil
		}
		limit := req.GetInt("limit", 10)
		recs, err := svc.Search(ctx, q, limit)
		if err != nil {
			if errors.Is(err, ErrUnavailable) {
				return m3.NewToolResultErrorFromErr("the store is unavailable", err), nil
			}
{{- if .Flaw}}
			return m3.NewToolResultError(fmt.Sprintf("search failed: %v", err)), err
{{- else}}
			return m3.NewToolResultErrorFromErr("search {{.Name}} failed", err), nil
{{- end}}
		}
		out, err := json.Marshal(recs)
		if err != nil {
			return m3.NewToolResultErrorFromErr("cannot encode the records", err), nil
		}
		return m3.NewToolResultText(string(out)), nil
	}
}
`))

var mcptoolTmpl = template.Must(template.New("mcptool").Parse(`
// Update{{.N}}Input renames a record.
type Update{{.N}}Input struct {
	ID   string ` + "`json:\"id\" jsonschema:\"the record ID\"`" + `
	Name string ` + "`json:\"name\" jsonschema:\"the new name\"`" + `
}

// Update{{.N}}Output is the renamed record.
type Update{{.N}}Output struct {
	ID   string ` + "`json:\"id\" jsonschema:\"the record ID\"`" + `
	Name string ` + "`json:\"name\" jsonschema:\"the record's name\"`" + `
}

func update{{.N}}Tool(svc *Service) mcptool.Tool[Update{{.N}}Input, Update{{.N}}Output] {
	return mcptool.Tool[Update{{.N}}Input, Update{{.N}}Output]{
		Name:        "update_{{.Name}}",
		Description: "Rename a record of {{.Pkg}}.",
		Errors: []mcptool.ErrorContract{
			{Reason: "no_such_record", Code: mcperr.CodeNotFound, When: "No record has the ID.",
				Recovery: "Call search_{{.Name}} to find the record's ID first."},
			{Reason: "changed", Code: mcperr.CodeConflict, When: "The record changed while it was renamed.",
				Recovery: "Read the record again and retry the rename."},
			{Reason: "store_failed", Code: mcperr.CodeDatabaseError, When: "The store could not save the record.",
				Recovery: "Wait a moment and retry the rename.", Retryable: true},
		},
		Handler: func(ctx context.Context, call *mcptool.Call, in Update{{.N}}Input) (Update{{.N}}Output, error) {
			if strings.TrimSpace(in.Name) == "" {
				return Update{{.N}}Output{}, mcperr.ValidationError("name must not be empty")
			}
			read := time.Now()
			rec, err := svc.Lookup(ctx, in.ID)
			if errors.Is(err, ErrNotFound) {
				return Update{{.N}}Output{}, call.Fail("no_such_record", "no record "+in.ID, mcperr.WithCause(err))
			}
			if err != nil {
{{- if .Flaw}}
				return Update{{.N}}Output{}, mcperr.New(mcperr.CodeServiceUnavailable, "the store is unavailable", mcperr.WithCause(err))
{{- else}}
				return Update{{.N}}Output{}, mcperr.ServiceUnavailable("the store is unavailable", mcperr.WithCause(err))
{{- end}}
			}
			rec.Name = in.Name
			if err := svc.Save(ctx, rec, read); err != nil {
				if errors.Is(err, ErrConflict) {
					return Update{{.N}}Output{}, call.Fail("changed", "the record changed", mcperr.WithCause(err), call.RecoveryFor("changed"))
				}
				return Update{{.N}}Output{}, call.Fail("store_failed", "save failed", mcperr.WithCause(err))
			}
			return Update{{.N}}Output{ID: rec.ID, Name: rec.Name}, nil
		},
		Format: func(o Update{{.N}}Output) []mcp.Content {
			return []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("renamed %s to %q", o.ID, o.Name)}}
		},
	}
}
`))

var mainTmpl = template.Must(template.New("main").Parse(`// Command server serves every tool package over stdio.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"{{.Module}}/internal/config"
{{- range .Pkgs}}
	"{{$.Module}}/tools/{{.}}"
{{- end}}
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	_ = cfg
	s := mcp.NewServer(&mcp.Implementation{Name: "io.github.example/synth", Version: "1.0.0"}, nil)
	ms := server.NewMCPServer("io.github.example/synth", "1.0.0")
{{- range .Pkgs}}
	{{.}}.Register(s, ms, {{.}}.NewService())
{{- end}}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
`))

// Env is the environment the go command needs in a generated module: its go.mod lists only
// the direct requirements (the go command completes it from the module cache) and no network
// is used.
func Env() []string {
	return []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off"}
}
