package metamorphic

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

var update = flag.Bool("metamorphic.update", false, "write testdata/floors.tsv and the matrix of docs/recall.md from this run")

func TestMain(m *testing.M) { fixtures.Main(m) }

var (
	floorsPath = filepath.Join("testdata", "floors.tsv")
	docPath    = filepath.Join("..", "..", "..", "docs", "recall.md")
)

// TestMatrix rewrites every handler-rule fixture with every rewrite, runs the rules on the
// rewritten copies, and holds the figures to the committed floors: no cell may lose a finding
// more, report a near miss more or a stray finding more than testdata/floors.tsv says.
func TestMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("rewrites and analyses the fixture family seventeen times, six of them through the driver (about 20 s)")
	}
	start := time.Now()
	m, ms, err := measure(t, Rewrites())
	require.NoError(t, err)
	t.Logf("measured in %s", time.Since(start).Round(time.Second))
	layersNeedTheModuleGraph(t, m, ms)

	// The copy without a rewrite goes through the same printing and loading: it must keep
	// every finding and report nothing else, or the harness measures itself.
	for _, r := range m.Rules {
		c := m.Cell(r, "none")
		if c.Kept != c.Applicable || c.Reported > 0 || c.Stray > 0 {
			t.Errorf("%s: the unrewritten copy keeps %d/%d findings, reports %d near misses and %d stray findings (lost %v, reported %v, stray %v)",
				r, c.Kept, c.Applicable, c.Reported, c.Stray, c.Lost, c.ReportedIn, c.StrayAt)
		}
	}
	for _, r := range m.Rules {
		for _, w := range m.Rewrites {
			c := m.Cell(r, w)
			if len(c.Lost)+len(c.ReportedIn)+len(c.StrayAt) > 0 {
				t.Logf("%s under %s: lost %v; near misses reported %v; stray %v", r, w, c.Lost, c.ReportedIn, c.StrayAt)
			}
		}
	}
	t.Logf("\n%s", Table(m))
	if *update {
		require.NoError(t, os.WriteFile(floorsPath, FormatFloors(m), 0o644))
		doc, err := os.ReadFile(docPath)
		require.NoError(t, err)
		doc, err = ReplaceTable(doc, Table(m))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(docPath, doc, 0o644))
		return
	}
	data, err := os.ReadFile(floorsPath)
	require.NoError(t, err)
	floors, err := ParseFloors(data)
	require.NoError(t, err)
	for _, r := range m.Rules {
		for _, w := range m.Rewrites {
			if w == "none" {
				continue
			}
			c := m.Cell(r, w)
			f, ok := floors.Cells[[2]string{r, w}]
			if !ok {
				t.Errorf("%s under %s is not in %s: run with -metamorphic.update", r, w, floorsPath)
				continue
			}
			if c.LostCount() > f.LostCount() {
				t.Errorf("%s under %s: %d/%d findings kept, the floor is %d/%d; lost: %s (the rewritten code is in the directory logged above; a new fixture's loss that is no regression goes into the floors with -metamorphic.update)",
					r, w, c.Kept, c.Applicable, f.Kept, f.Applicable, strings.Join(c.Lost, ", "))
			}
			if c.Reported > f.Reported {
				t.Errorf("%s under %s: %d near misses reported, the floor is %d: %s", r, w, c.Reported, f.Reported, strings.Join(c.ReportedIn, ", "))
			}
			if c.Stray > f.Stray {
				t.Errorf("%s under %s: %d stray findings, the floor is %d: %s", r, w, c.Stray, f.Stray, strings.Join(c.StrayAt, ", "))
			}
			if c.LostCount() < f.LostCount() || c.Reported < f.Reported || c.Stray < f.Stray {
				t.Logf("%s under %s is better than its floor: raise the floors with -metamorphic.update", r, w)
			}
		}
	}
}

// layersNeedTheModuleGraph runs the driver over the layer copies again with the module graph
// off (MCPLINT_MODULE_GRAPH=off, what go vet and golangci-lint see): it must keep no finding
// the module graph does not, and, over the layers no package's recognition follows alone,
// fewer, or the layers are not in the way of what the columns measure.
func layersNeedTheModuleGraph(t *testing.T, m *Matrix, ms *measurement) {
	start := time.Now()
	off, err := ms.driverColumns(t, driver.ModuleGraphEnv+"=off")
	require.NoError(t, err)
	kept := func(m *Matrix, w string) (k, a int) {
		for _, r := range m.Rules {
			c := m.Cell(r, w)
			k, a = k+c.Kept, a+c.Applicable
		}
		return k, a
	}
	onSum, offSum := 0, 0
	for _, w := range off.Rewrites {
		on, onOf := kept(m, w)
		no, noOf := kept(off, w)
		t.Logf("%s: %d/%d findings kept with the module graph, %d/%d without", w, on, onOf, no, noOf)
		if no > on {
			t.Errorf("%s: the module graph loses findings: %d kept without it, %d with it", w, no, on)
		}
		if k := layerKindOf(w); k != nil && !k.perPackage {
			onSum, offSum = onSum+on, offSum+no
		}
	}
	if offSum >= onSum {
		t.Errorf("the layers keep %d findings without the module graph and %d with it: they are not in the way", offSum, onSum)
	}
	t.Logf("the layer columns without the module graph: %s", time.Since(start).Round(time.Second))
}

// TestDocsShowFloors keeps the matrix in docs/recall.md the one the floors file holds.
func TestDocsShowFloors(t *testing.T) {
	data, err := os.ReadFile(floorsPath)
	require.NoError(t, err)
	floors, err := ParseFloors(data)
	require.NoError(t, err)
	doc, err := os.ReadFile(docPath)
	require.NoError(t, err)
	got, err := TableIn(doc)
	require.NoError(t, err)
	require.Equal(t, strings.TrimSpace(Table(floors)), got, "docs/recall.md: regenerate with go test ./internal/testkit/metamorphic -run TestMatrix -metamorphic.update")
}
