package mutation

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// corpusEnv names the directory the corpus servers are checked out in; unset, TestRecall skips.
const corpusEnv = "MCPLINT_CORPUS"

var (
	update  = flag.Bool("mutation.update", false, "rewrite testdata/floors.tsv with this run's figures")
	report  = flag.String("mutation.report", "", "write the figures and the missed mutants as Markdown to this file")
	perRule = flag.Int("mutation.per-rule", 16, "most mutants planted per rule per server")
	only    = flag.String("mutation.servers", "", "comma-separated server names to run (default: all)")
)

// seed fixes the sample of sites; changing it changes the figures the docs quote.
const seed = 13

func TestRecall(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" {
		t.Skipf("%s is not set: the corpus servers are not checked out here", corpusEnv)
	}
	work := t.TempDir()
	bin := filepath.Join(work, "mcplint")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/mcplint-go/mcplint/cmd/mcplint").CombinedOutput(); err != nil {
		t.Fatalf("building mcplint: %v\n%s", err, out)
	}
	servers := Servers
	if *only != "" {
		servers = nil
		for _, s := range Servers {
			if strings.Contains(","+*only+",", ","+s.Name+",") {
				servers = append(servers, s)
			}
		}
	}
	rep, err := Run(Config{
		CorpusRoot: root, Servers: servers, PerRule: *perRule, Seed: seed, Binary: bin, Work: work,
		Log: t.Logf,
	})
	if err != nil {
		t.Fatal(err)
	}
	md := rep.Markdown(servers)
	t.Log("\n" + md)
	if *report != "" {
		head := fmt.Sprintf("# Mutation misses\n\nWritten %s by `MCPLINT_CORPUS=%s go test ./internal/testkit/mutation -run TestRecall -mutation.report=FILE` (seed %d, at most %d mutants per rule per server). Method, and the misses grouped by cause: docs/recall.md (branch mutation).\n\n",
			time.Now().UTC().Format("2006-01-02 15:04 UTC"), root, seed, *perRule)
		if err := os.WriteFile(*report, []byte(head+md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if *update {
		if err := os.WriteFile("testdata/floors.tsv", []byte(rep.Floors()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if *perRule != 16 || *only != "" {
		return // floors hold for the default sample only
	}
	// A regression fails: each rule's recall on each server may not fall below its floor.
	floors := readFloors(t)
	got := rep.ByRuleServer()
	for k, f := range floors {
		if slices.Contains(rep.Absent, k.server) {
			continue // not checked out here
		}
		c := Count{}
		if got[k.rule] != nil && got[k.rule][k.server] != nil {
			c = *got[k.rule][k.server]
		}
		if c.Planted == 0 {
			t.Errorf("%s %s: nothing planted, floor %d/%d: the sites changed (rerun with -mutation.update if that is intended)", k.server, k.rule, f.Found, f.Planted)
			continue
		}
		if c.Found*f.Planted < f.Found*c.Planted {
			t.Errorf("%s %s: recall %d/%d fell below its floor %d/%d", k.server, k.rule, c.Found, c.Planted, f.Found, f.Planted)
		}
	}
}

type floorKey struct{ server, rule string }

func readFloors(t *testing.T) map[floorKey]Count {
	t.Helper()
	f, err := os.Open("testdata/floors.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[floorKey]Count{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			t.Fatalf("floors.tsv:%d: want 4 tab-separated columns (server rule found planted)", n)
		}
		found, err1 := strconv.Atoi(cols[2])
		planted, err2 := strconv.Atoi(cols[3])
		if err1 != nil || err2 != nil || found > planted || planted == 0 {
			t.Fatalf("floors.tsv:%d: found and planted must be counts with 0 ≤ found ≤ planted, planted > 0", n)
		}
		out[floorKey{cols[0], cols[1]}] = Count{Planted: planted, Found: found}
	}
	return out
}
