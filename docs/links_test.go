package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdName is a Markdown file name as the pages write it, in a link or in prose.
var mdName = regexp.MustCompile(`[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b`)

// exampleNames are file names the pages give as examples of input, not as pages to read.
var exampleNames = map[string]bool{"notes/today.md": true}

// TestNamedPagesExist: every .md file the README and the docs name, linked or not, is in the
// repository; a reader cannot open a page the project keeps elsewhere (DESIGN.md, CORPUS.md).
func TestNamedPagesExist(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"))
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		// Fenced code shows commands and their output files (-mutation.report=misses.md).
		var prose strings.Builder
		fenced := false
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fenced = !fenced
				continue
			}
			if !fenced {
				prose.WriteString(line + "\n")
			}
		}
		for _, name := range mdName.FindAllString(prose.String(), -1) {
			if exampleNames[name] || strings.HasPrefix(name, "//") {
				continue
			}
			candidates := []string{filepath.Join(filepath.Dir(page), name), filepath.Join("..", name), name}
			found := false
			for _, c := range candidates {
				if _, err := os.Stat(c); err == nil {
					found = true
				}
			}
			if !found {
				t.Errorf("%s names %s, which is not in the repository", page, name)
			}
		}
	}
}
