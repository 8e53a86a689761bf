package wiretruth

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
)

//go:embed servers/*.go.tmpl
var servers embed.FS

// A Server is the harness server built against one SDK version.
type Server struct {
	SDK      SDK
	Version  string
	Binary   string
	Features map[string]bool
}

// features are identifiers whose presence in the SDK's source decides which outcomes a version
// can express; each is found by a declaration in one file of the module.
var features = map[SDK][]struct{ name, file, decl string }{
	GoSDK: {
		{"jsonrpc.Error", "jsonrpc/jsonrpc.go", "Error = "},
		{"StreamableHTTP", "mcp/streamable.go", "func NewStreamableHTTPHandler("},
	},
	MCPGo: {
		{"StructuredContent", "mcp/tools.go", "StructuredContent any"},
		{"WithRawOutputSchema", "mcp/tools.go", "func WithRawOutputSchema("},
		{"StreamableHTTP", "server/streamable_http.go", "func NewStreamableHTTPServer("},
	},
}

// goCmd runs the go command in dir with the module proxy's defaults, the module cache shared
// with the caller's, and a local toolchain (the harness server needs nothing newer).
func goCmd(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return out, nil
}

// Build writes the harness server for sdk at version into a module under work and builds it.
func Build(ctx context.Context, sdk SDK, version, work string) (*Server, error) {
	dir := filepath.Join(work, string(sdk)+"@"+version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out, err := goCmd(ctx, dir, "mod", "download", "-json", sdk.Module()+"@"+version)
	if err != nil {
		return nil, err
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return nil, fmt.Errorf("%s@%s: module not served: %s", sdk.Module(), version, mod.Error)
	}
	srv := &Server{SDK: sdk, Version: version, Binary: filepath.Join(dir, "server"), Features: map[string]bool{}}
	for _, f := range features[sdk] {
		src, err := os.ReadFile(filepath.Join(mod.Dir, f.file))
		srv.Features[f.name] = err == nil && bytes.Contains(src, []byte(f.decl))
	}
	tmpl, err := template.ParseFS(servers, "servers/"+strings.ReplaceAll(string(sdk), "-", "")+".go.tmpl")
	if err != nil {
		return nil, err
	}
	data := map[string]any{"Module": sdk.Module(), "Version": version, "Has": srv.Features}
	var src bytes.Buffer
	if err := tmpl.Execute(&src, data); err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module wiretruth.example/server\n\ngo 1.23\n\nrequire %s %s\n", sdk.Module(), version)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if _, err := goCmd(ctx, dir, "mod", "tidy"); err != nil {
		return nil, err
	}
	if _, err := goCmd(ctx, dir, "build", "-o", srv.Binary, "."); err != nil {
		return nil, err
	}
	// tidy may raise the SDK to what another requirement needs; the table must name the
	// version that was built.
	if got, err := goCmd(ctx, dir, "list", "-m", "-f", "{{.Version}}", sdk.Module()); err != nil || strings.TrimSpace(string(got)) != version {
		return nil, fmt.Errorf("%s: built against %q, not %s", dir, strings.TrimSpace(string(got)), version)
	}
	return srv, nil
}
