package analyzers

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint/mcplint/internal/fixtures"
)

// ruleSuffix is the " (rule-id)" every message ends with.
var ruleSuffix = regexp.MustCompile(`\s*\([a-z0-9]+(-[a-z0-9]+)+\)$`)

// Messages are one short clause: what breaks for the client and what to write instead; the
// why is in the docs. Over every fixture, with every rule on (strict portability, plain
// handler errors), the median message is at most 15 words and none exceeds 30, not counting
// the rule ID.
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
	for _, d := range out.Diagnostics {
		n := len(strings.Fields(ruleSuffix.ReplaceAllString(d.Message, "")))
		counts = append(counts, n)
		if n > 30 && len(strings.Fields(longest[d.Category])) < n {
			longest[d.Category] = d.Message
		}
	}
	require.NotEmpty(t, counts, "the fixtures report findings")
	slices.Sort(counts)
	median := counts[len(counts)/2]
	t.Logf("%d messages: median %d words, max %d", len(counts), median, counts[len(counts)-1])
	assert.LessOrEqual(t, median, 15, "median words per message")
	var over []string
	for rule, msg := range longest {
		over = append(over, fmt.Sprintf("%s (%d words): %s", rule, len(strings.Fields(ruleSuffix.ReplaceAllString(msg, ""))), msg))
	}
	slices.Sort(over)
	assert.Empty(t, over, "messages over 30 words")
}
