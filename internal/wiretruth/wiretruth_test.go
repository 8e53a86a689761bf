package wiretruth

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// root is the repository root, two levels up from this package.
const root = "../.."

func committed(t *testing.T) []Row {
	t.Helper()
	f, err := os.Open(filepath.Join(root, TablePath))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ReadTSV(f)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// pinned are the SDK versions the fixture modules under passes/testdata/versions require.
func pinned(t *testing.T) []Version {
	t.Helper()
	mods, err := filepath.Glob(filepath.Join(root, "passes/testdata/versions/*/go.mod"))
	if err != nil || len(mods) == 0 {
		t.Fatalf("no fixture modules: %v", err)
	}
	var out []Version
	for _, m := range mods {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		f, err := modfile.Parse(m, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range f.Require {
			for _, sdk := range []SDK{GoSDK, MCPGo} {
				if r.Mod.Path == sdk.Module() {
					out = append(out, Version{sdk, r.Mod.Version})
				}
			}
		}
	}
	return out
}

// TestPinnedVersionsMatchTable re-measures every SDK version a fixture module pins and fails on
// any cell that differs from the committed table: the wire claims mcplint's fixtures prove are
// the wire's.
func TestPinnedVersionsMatchTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a server per pinned SDK version")
	}
	want := map[Row]bool{}
	for _, r := range committed(t) {
		want[r] = true
	}
	versions := pinned(t)
	rows, err := Sweep(context.Background(), versions, t.TempDir(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[Version]int{}
	for _, r := range rows {
		got[Version{r.SDK, r.Version}]++
		if !want[r] {
			t.Errorf("measured %s@%s %s %s: %q; the table says otherwise (re-run wiresweep -versions %s@%s -write)", r.SDK, r.Version, r.Revision, r.Outcome, r.Answer, r.SDK, r.Version)
		}
	}
	for _, r := range committed(t) {
		v := Version{r.SDK, r.Version}
		if _, ok := got[v]; ok {
			found := false
			for _, m := range rows {
				if m.SDK == r.SDK && m.Version == r.Version && m.Revision == r.Revision && m.Outcome == r.Outcome {
					found = true
				}
			}
			if !found {
				t.Errorf("table has %s %s %s %s, not measured now", r.SDK, r.Version, r.Revision, r.Outcome)
			}
		}
	}
	for _, v := range versions {
		if got[v] == 0 {
			t.Errorf("%s: no cells measured", v)
		}
	}
}

// TestGeneratedFilesAreCurrent: the Go table and the docs section are what the committed table
// generates.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	rows := committed(t)
	src, err := GoSource(rows)
	if err != nil {
		t.Fatal(err)
	}
	if have, _ := os.ReadFile(filepath.Join(root, GoPath)); !bytes.Equal(have, src) {
		t.Errorf("%s is stale: run go run ./internal/wiretruth/cmd/wiresweep -regen", GoPath)
	}
	docs, err := os.ReadFile(filepath.Join(root, DocsPath))
	if err != nil {
		t.Fatal(err)
	}
	gen, err := ReplaceDocs(docs, rows)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(docs, gen) {
		t.Errorf("%s's measured section is stale: run go run ./internal/wiretruth/cmd/wiresweep -regen", DocsPath)
	}
}

// TestTableCoversEverySupportedMinor: the table has a version of every minor release from the
// first supported one to the newest measured, so no version mcplint supports is guessed.
func TestTableCoversEverySupportedMinor(t *testing.T) {
	minors := map[SDK]map[string]bool{GoSDK: {}, MCPGo: {}}
	for _, v := range Versions(committed(t)) {
		minors[v.SDK][strings.Join(strings.Split(v.Version, ".")[:2], ".")] = true
	}
	for _, m := range []string{"v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6", "v1.7", "v1.8"} {
		if !minors[GoSDK][m] {
			t.Errorf("go-sdk %s is not measured", m)
		}
	}
	for i := 25; i <= 58; i++ {
		if m := "v0." + itoa(i); !minors[MCPGo][m] {
			t.Errorf("mcp-go %s is not measured", m)
		}
	}
	for _, m := range []string{"v1.0", "v1.1", "v1.2"} {
		if !minors[MCPGo][m] {
			t.Errorf("mcp-go %s is not measured", m)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestSpans: consecutive versions with one answer fold into one span, and a change of answer or
// a gap in the measured versions starts a new one.
func TestSpans(t *testing.T) {
	rows := []Row{
		{GoSDK, "v1.0.0", "2025-06-18", "x", "a"},
		{GoSDK, "v1.1.0", "2025-06-18", "x", "a"},
		{GoSDK, "v1.2.0", "2025-06-18", "x", "b"},
		{GoSDK, "v1.3.0", "2025-06-18", "x", "a"},
		{GoSDK, "v1.3.0", "2026-07-28", "x", "c"},
	}
	got := Spans(rows)
	want := []Span{
		{GoSDK, "x", "2025-06-18", "v1.0.0", "v1.1.0", "a"},
		{GoSDK, "x", "2025-06-18", "v1.2.0", "v1.2.0", "b"},
		{GoSDK, "x", "2025-06-18", "v1.3.0", "v1.3.0", "a"},
		{GoSDK, "x", "2026-07-28", "v1.3.0", "v1.3.0", "c"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("span %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

// TestDescribe: the table's words for each kind of response.
func TestDescribe(t *testing.T) {
	for raw, want := range map[string]string{
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"boom\nmore"}}`:                   "error -32603: boom more",
		`{"jsonrpc":"2.0","id":2,"result":null}`:                                                    "result null",
		`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"x"}],"isError":true}}`: `tool error text=["x"]`,
		`{"jsonrpc":"2.0","id":2,"result":{"content":[],"structuredContent":{"n":0}}}`:              `result text=[] structured={"n":0}`,
	} {
		got, err := describe([]byte(raw), false)
		if err != nil || got != want {
			t.Errorf("describe(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
}
