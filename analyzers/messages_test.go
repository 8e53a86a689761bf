package analyzers

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
)

// ruleSuffix is the " (rule-id)" every message ends with.
var ruleSuffix = regexp.MustCompile(`\s*\([a-z0-9]+(-[a-z0-9]+)+\)$`)

// maxWords is the most words a message may have, not counting the rule ID: one short clause
// (about 15 words) with room for a quoted name or position.
const maxWords = 18

// overLong are the rules whose fixture messages still run past maxWords, each with the most
// words its messages may have until it is shortened to maxWords. The list only shrinks: an
// entry that is no longer needed fails the test, so it is removed once its rule is short.
var overLong = map[string]int{
	"describe-on-fields":         26,
	"error-contract-conformance": 28,
	"format-parity":              28,
	"schema-is-object":           28,
	"schema-serializable":        28,
	"schema-tag-syntax":          28,
	"schema-unsatisfiable":       29,
	"template-params-align":      30,
}

// words counts a message's words without its rule ID.
func words(msg string) int { return len(strings.Fields(ruleSuffix.ReplaceAllString(msg, ""))) }

// Messages are one short clause: what breaks for the client and what to write instead; the
// why is in the docs. Over every fixture, with every rule on (strict portability, plain
// handler errors), the median message is at most 15 words, not counting the rule ID; and no
// message, there or in a fixture directory run under its own mcplint.yaml (the token budgets,
// client targets), exceeds maxWords, or its rule's allowance in overLong.
func TestFixtureMessagesAreShort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every rule over every fixture")
	}
	pkgs, err := fixtures.Load("./...")
	require.NoError(t, err)
	cfg := NewConfig()
	cfg.Portability = "strict"
	cfg.PlainHandlerErrors = true
	as, err := New(cfg)
	require.NoError(t, err)
	out := fixtures.Run(t, pkgs, as...)

	var counts []int
	longest := map[string]string{} // rule -> its longest message
	measure := func(rule, msg string) {
		if n := words(msg); n > words(longest[rule]) {
			longest[rule] = msg
		}
	}
	for _, d := range out.Diagnostics {
		counts = append(counts, words(d.Message))
		measure(d.Category, d.Message)
	}
	require.NotEmpty(t, counts, "the fixtures report findings")
	slices.Sort(counts)
	median := counts[len(counts)/2]
	t.Logf("%d messages: median %d words, max %d", len(counts), median, counts[len(counts)-1])
	assert.LessOrEqual(t, median, 15, "median words per message")

	// Rules that fire only under a configuration of their own.
	for dir, data := range variantConfigs(t) {
		vcfg, err := rule.ParseConfig(data)
		require.NoError(t, err, dir)
		vas, err := New(vcfg)
		require.NoError(t, err, dir)
		for _, d := range fixtures.Run(t, under(pkgs, dir), vas...).Diagnostics {
			measure(d.Category, d.Message)
		}
	}

	var over []string
	for rule, msg := range longest {
		limit, listed := overLong[rule]
		if !listed {
			limit = maxWords
		}
		if n := words(msg); n > limit {
			over = append(over, fmt.Sprintf("%s (%d words, at most %d): %s", rule, n, limit, msg))
		} else if listed && n <= maxWords {
			over = append(over, fmt.Sprintf("%s is short now (%d words): remove it from overLong", rule, n))
		}
	}
	slices.Sort(over)
	assert.Empty(t, over, "messages over %d words", maxWords)
}

// variantConfigs maps each fixture directory that holds a mcplint.yaml to its content.
func variantConfigs(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.WalkDir(fixtures.Dir(), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != fixtures.VariantConfig {
			return err
		}
		data, err := os.ReadFile(path)
		out[filepath.Dir(path)] = data
		return err
	})
	require.NoError(t, err)
	return out
}

// under returns the packages whose files lie in dir or below.
func under(pkgs []*packages.Package, dir string) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		if len(p.GoFiles) > 0 {
			if d := filepath.Dir(p.GoFiles[0]); d == dir || strings.HasPrefix(d, dir+string(filepath.Separator)) {
				out = append(out, p)
			}
		}
	}
	return out
}
