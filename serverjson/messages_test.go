package serverjson

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxWords is the most words a message may have: one short clause (about 15 words) with room
// for a quoted name, pointer or position.
const maxWords = 18

// Messages are one short clause: what breaks and what to write instead; the why is in
// docs/serverjson.md. Over every fixture file and, when present, the shared corpus, the
// median rule message is at most 15 words and none exceeds maxWords (the rule ID is not part
// of Message). Syntax errors are the parser's and are not measured.

func TestMessagesAreShort(t *testing.T) {
	var files []string
	collect := func(root string) {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".json") && path != filepath.Join(root, "expectations.json") {
				files = append(files, path)
			}
			return nil
		})
		require.NoError(t, err)
	}
	collect(fixturesDir)
	fixtureFiles := len(files)
	if corpus := sharedCorpus(); corpus != "" {
		collect(corpus)
	}

	var counts []int
	longest := map[string]string{} // rule -> its longest message
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, d := range Check(data, Options{}) {
			if d.Rule == ruleSyntax {
				continue
			}
			n := len(strings.Fields(d.Message))
			counts = append(counts, n)
			if n > len(strings.Fields(longest[d.Rule])) {
				longest[d.Rule] = d.Message
			}
		}
	}
	require.NotEmpty(t, counts, "the fixtures report findings")
	slices.Sort(counts)
	median := counts[len(counts)/2]
	t.Logf("%d files (%d fixtures), %d messages: median %d words, max %d", len(files), fixtureFiles, len(counts), median, counts[len(counts)-1])
	assert.LessOrEqual(t, median, 15, "median words per message")
	var over []string
	for rule, msg := range longest {
		if n := len(strings.Fields(msg)); n > maxWords {
			over = append(over, fmt.Sprintf("%s (%d words): %s", rule, n, msg))
		}
	}
	slices.Sort(over)
	assert.Empty(t, over, "messages over %d words", maxWords)
}

// sharedCorpus is shared/serverjson-corpus in the nearest parent directory that has one, or "".
func sharedCorpus() string {
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, "shared", "serverjson-corpus")
		if st, err := os.Stat(filepath.Join(cand, "expectations.json")); err == nil && !st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
