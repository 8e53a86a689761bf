package surface

import (
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs"
)

// NewAnalyzer returns an analyzer that builds each package's surface from the results of the
// recognition analyzer defs and adds it to c. Its result is the package's surface too.
func NewAnalyzer(defs *analysis.Analyzer, c *Collector) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "surface",
		Doc:              "collects the MCP surface (tools, resources, resource templates, prompts) a program will list",
		URL:              "https://github.com/mcplint-go/mcplint/blob/main/docs/surface.md",
		Requires:         []*analysis.Analyzer{defs},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Surface](),
		Run: func(pass *analysis.Pass) (any, error) {
			s := Build(pass, pass.ResultOf[defs].(*mcpdefs.Result))
			if c != nil {
				c.Add(s)
			}
			return s, nil
		},
	}
}

// Collector gathers the surfaces of the packages of one run; analyzers run concurrently.
type Collector struct {
	mu sync.Mutex
	s  Surface
}

// Add merges one package's surface.
func (c *Collector) Add(s *Surface) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.s.Merge(s)
}

// Surface returns everything collected, sorted.
func (c *Collector) Surface() *Surface {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := &Surface{Tools: []*Entry{}, Resources: []*Entry{}, ResourceTemplates: []*Entry{}, Prompts: []*Entry{}}
	out.Merge(&c.s)
	out.settle()
	out.dropUnregisteredCopies()
	out.Sort()
	return out
}
