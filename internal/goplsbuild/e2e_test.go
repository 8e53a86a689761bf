package goplsbuild_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/goplsbuild"
)

// e2eEnv turns on the tests that build gopls with mcplint (about a minute and a half with a
// warm build cache, several minutes cold) and drive it as an editor does. .ci/run sets it.
const e2eEnv = "MCPLINT_E2E_GOPLS"

var repo = filepath.Join("..", "..")

// goplsBinary returns gopls built by `mcplint gopls`, from a cache under the user cache
// directory keyed by everything that goes into it: mcplint's go.mod, go.sum and non-test
// sources, the go command's version and the gopls pin.
func goplsBinary(t *testing.T) string {
	t.Helper()
	if os.Getenv(e2eEnv) == "" {
		t.Skipf("set %s=1 to build gopls with mcplint and drive it over LSP (minutes when cold; .ci/run does)", e2eEnv)
	}
	goVersion := strings.TrimSpace(goOutput(t, repo, "env", "GOVERSION"))
	pin, err := goplsbuild.PinFor(goVersion)
	require.NoError(t, err)
	key := sourceKey(t, goVersion+" "+pin)
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "mcplint", "e2e")
	bin := filepath.Join(dir, "gopls-mcplint-"+key)
	if _, err := os.Stat(bin); err == nil {
		t.Logf("using the cached %s", bin)
		return bin
	}
	mcplint := filepath.Join(t.TempDir(), "mcplint")
	goOutput(t, repo, "build", "-o", mcplint, "./cmd/mcplint")
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	cmd := exec.Command(mcplint, "gopls", "-o", tmp)
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "mcplint gopls:\n%s", out)
	t.Logf("%s", out)
	assert.Contains(t, string(out), "gopls "+pin+" with mcplint's analyzers")
	require.NoError(t, os.Rename(tmp, bin))
	old, _ := filepath.Glob(filepath.Join(dir, "gopls-mcplint-*"))
	for _, o := range old {
		if o != bin && !strings.Contains(filepath.Base(o), ".tmp") {
			os.Remove(o)
		}
	}
	return bin
}

func sourceKey(t *testing.T, extra string) string {
	t.Helper()
	h := sha256.New()
	fmt.Fprintln(h, extra)
	var files []string
	err := filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != repo && (name == "testdata" || name == "tools" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if name == "go.mod" || name == "go.sum" || strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(f), len(data))
		h.Write(data)
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

func goOutput(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, ee.Stderr)
	}
	require.NoError(t, err)
	return string(out)
}

// serverSource has two findings: a cause formatted with %v (preserve-cause-on-rethrow, a
// warning with one suggested fix) and a result returned beside an error (result-and-error,
// an error).
const serverSource = `package server

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string ` + "`json:\"path\" jsonschema:\"the file to read\"`" + `
}

type Out struct {
	Text string ` + "`json:\"text\" jsonschema:\"the file's text\"`" + `
}

func read(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	data, err := os.ReadFile(in.Path)
	if err != nil {
		return nil, Out{}, fmt.Errorf("read %s: %v", in.Path, err)
	}
	return nil, Out{Text: string(data)}, nil
}

func stat(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, errors.New("not found")
}

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "v1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "read", Description: "Reads a file."}, read)
	s.AddTool(&mcp.Tool{Name: "stat", Description: "Stats a file.", InputSchema: map[string]any{"type": "object"}}, stat)
	return s
}
`

// serverModule writes a module with serverSource at mcplint's go-sdk version, tidied from the
// module cache alone (mcplint's own dependencies hold go-sdk's).
func serverModule(t *testing.T) string {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(repo, "go.mod"))
	require.NoError(t, err)
	sdk := regexp.MustCompile(`(?m)^\s*github\.com/modelcontextprotocol/go-sdk (v\S+)`).FindSubmatch(gomod)
	require.NotNil(t, sdk)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/files\n\ngo 1.26\n\nrequire github.com/modelcontextprotocol/go-sdk "+string(sdk[1])+"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "server.go"), []byte(serverSource), 0o644))
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go mod tidy:\n%s", out)
	return dir
}

// TestGoplsCheckPrintsTheFinding: `gopls check FILE` prints mcplint's findings with their rule
// IDs, at the lines mcplint reports them.
func TestGoplsCheckPrintsTheFinding(t *testing.T) {
	gopls := goplsBinary(t)
	dir := serverModule(t)
	cmd := exec.Command(gopls, "check", "server.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Regexp(t, `server\.go:23:\d+-\d+: fmt\.Errorf formats err with %v instead of wrapping it with %w, losing the cause \(preserve-cause-on-rethrow\)`, string(out))
	assert.Regexp(t, `server\.go:29:\d+-\d+: tool result returned beside an error never reaches the client.*\(result-and-error\)`, string(out))
}

type lspDiagnostic struct {
	Range           lspRange               `json:"range"`
	Severity        int                    `json:"severity"`
	Code            string                 `json:"code"`
	CodeDescription *struct{ Href string } `json:"codeDescription"`
	Source          string                 `json:"source"`
	Message         string                 `json:"message"`
}

type lspRange struct {
	Start lspPosition `json:"start"`
	End   lspPosition `json:"end"`
}

type lspPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type codeAction struct {
	Title string          `json:"title"`
	Kind  string          `json:"kind"`
	Data  json.RawMessage `json:"data"`
	Edit  *struct {
		Changes         map[string][]textEdit `json:"changes"`
		DocumentChanges []struct {
			TextDocument struct{ URI string } `json:"textDocument"`
			Edits        []textEdit           `json:"edits"`
		} `json:"documentChanges"`
	} `json:"edit"`
}

// session starts gopls over stdio in dir with the given initialization options, opens
// server.go and returns the first diagnostics published for it that hold an mcplint finding of
// rule want.
func session(t *testing.T, gopls, dir string, options map[string]any, want string) (*lspClient, string, []json.RawMessage) {
	t.Helper()
	cmd := exec.Command(gopls)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off")
	c := startLSP(t, cmd)
	root := "file://" + dir
	c.call("initialize", map[string]any{
		"processId":             nil,
		"rootUri":               root,
		"workspaceFolders":      []map[string]any{{"uri": root, "name": "files"}},
		"initializationOptions": options,
		"capabilities": map[string]any{
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"codeDescriptionSupport": true},
				"codeAction": map[string]any{
					"codeActionLiteralSupport": map[string]any{"codeActionKind": map[string]any{"valueSet": []string{"", "quickfix"}}},
					"resolveSupport":           map[string]any{"properties": []string{"edit"}},
					"dataSupport":              true,
				},
			},
			"workspace": map[string]any{"configuration": true, "workspaceEdit": map[string]any{"documentChanges": true}},
		},
	}, nil)
	c.notify("initialized", map[string]any{})
	uri := root + "/server.go"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": serverSource}})
	deadline := time.After(3 * time.Minute)
	for {
		select {
		case m := <-c.notes:
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p struct {
				URI         string            `json:"uri"`
				Diagnostics []json.RawMessage `json:"diagnostics"`
			}
			require.NoError(t, json.Unmarshal(m.Params, &p))
			if p.URI != uri {
				continue
			}
			for _, raw := range p.Diagnostics {
				var d lspDiagnostic
				require.NoError(t, json.Unmarshal(raw, &d))
				if d.Code == want {
					return c, uri, p.Diagnostics
				}
			}
		case <-c.done:
			t.Fatal("gopls exited before publishing mcplint's diagnostics")
		case <-deadline:
			t.Fatalf("no diagnostics with a %s finding published for server.go in 3 minutes", want)
		}
	}
}

func findDiagnostic(t *testing.T, diags []json.RawMessage, code string) (lspDiagnostic, json.RawMessage, bool) {
	t.Helper()
	for _, raw := range diags {
		var d lspDiagnostic
		require.NoError(t, json.Unmarshal(raw, &d))
		if d.Code == code {
			return d, raw, true
		}
	}
	return lspDiagnostic{}, nil, false
}

// TestGoplsPublishesDiagnosticsAndFixes drives the built gopls as an editor does: initialize,
// didOpen of a server file, publishDiagnostics carrying mcplint's findings (rule ID as the
// code, linked to the rule's documentation, the rule's severity), and a codeAction whose edit
// applies the suggested fix.
func TestGoplsPublishesDiagnosticsAndFixes(t *testing.T) {
	gopls := goplsBinary(t)
	dir := serverModule(t)
	c, uri, diags := session(t, gopls, dir, nil, "result-and-error")

	rae, _, ok := findDiagnostic(t, diags, "result-and-error")
	require.True(t, ok)
	assert.Equal(t, "result_and_error", rae.Source)
	assert.Equal(t, 1, rae.Severity, "an error-severity rule is an LSP error")
	assert.Equal(t, 28, rae.Range.Start.Line)
	require.NotNil(t, rae.CodeDescription)
	assert.Contains(t, rae.CodeDescription.Href, "handlerrules.md#result-and-error")

	pc, raw, ok := findDiagnostic(t, diags, "preserve-cause-on-rethrow")
	require.True(t, ok, "the same publication holds every analyzer's findings for the file")
	assert.Equal(t, 2, pc.Severity, "a warning-severity rule is an LSP warning")
	assert.Equal(t, 22, pc.Range.Start.Line)
	assert.True(t, strings.HasSuffix(pc.Message, "(preserve-cause-on-rethrow)"), pc.Message)

	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        pc.Range,
		"context":      map[string]any{"diagnostics": []json.RawMessage{raw}, "only": []string{"quickfix"}},
	}, &actions)
	require.NotEmpty(t, actions, "a quick fix for the finding")
	action := actions[0]
	if action.Edit == nil && action.Data != nil {
		c.call("codeAction/resolve", action, &action)
	}
	require.NotNil(t, action.Edit, "the quick fix carries its edit: %+v", action)
	var edits []textEdit
	for _, dc := range action.Edit.DocumentChanges {
		if dc.TextDocument.URI == uri {
			edits = append(edits, dc.Edits...)
		}
	}
	edits = append(edits, action.Edit.Changes[uri]...)
	fixed := applyEdits(t, serverSource, edits)
	assert.Contains(t, fixed, `fmt.Errorf("read %s: %w", in.Path, err)`)
	assert.Equal(t, strings.Replace(serverSource, `%s: %v"`, `%s: %w"`, 1), fixed, "the fix changes the verb and nothing else")
}

// TestGoplsSettingsTurnARuleOff: gopls's "analyses" setting turns an mcplint rule off by its
// analyzer name, as for gopls's own analyzers.
func TestGoplsSettingsTurnARuleOff(t *testing.T) {
	gopls := goplsBinary(t)
	dir := serverModule(t)
	_, _, diags := session(t, gopls, dir, map[string]any{"analyses": map[string]any{"preserve_cause_on_rethrow": false}}, "result-and-error")
	_, _, found := findDiagnostic(t, diags, "preserve-cause-on-rethrow")
	assert.False(t, found, "preserve_cause_on_rethrow is off in the settings")
}

// applyEdits applies LSP text edits (ASCII text: UTF-16 columns are byte columns) from last to
// first.
func applyEdits(t *testing.T, text string, edits []textEdit) string {
	t.Helper()
	lineStart := []int{0}
	for i, r := range text {
		if r == '\n' {
			lineStart = append(lineStart, i+1)
		}
	}
	offset := func(p lspPosition) int {
		require.Less(t, p.Line, len(lineStart))
		return lineStart[p.Line] + p.Character
	}
	sort.Slice(edits, func(i, j int) bool { return offset(edits[i].Range.Start) > offset(edits[j].Range.Start) })
	for _, e := range edits {
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
	}
	return text
}
