package driver

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// defShapes counts, for -v, how recognition reached each definition: written with the SDK's
// own types (sdk), as a literal of the module's own definition type that a converter copies
// into the SDK's (own-type), and, separately, how many are registered through a function of
// the module (a registrar) rather than the SDK's own registration.
type defShapes struct {
	shapes    map[sdkapi.SDK]map[string]int
	registrar map[sdkapi.SDK]int
}

func (c *defShapes) add(d *mcpmodel.Definition) {
	if c.shapes == nil {
		c.shapes, c.registrar = map[sdkapi.SDK]map[string]int{}, map[sdkapi.SDK]int{}
	}
	if c.shapes[d.SDK] == nil {
		c.shapes[d.SDK] = map[string]int{}
	}
	shape := "sdk"
	switch {
	case d.Own != nil:
		shape = "own-type"
	case d.Converter:
		shape = "converter"
	}
	c.shapes[d.SDK][shape]++
	if d.ViaRegistrar {
		c.registrar[d.SDK]++
	}
}

func (c *defShapes) write(w io.Writer) {
	for _, s := range slices.Sorted(maps.Keys(c.shapes)) {
		fmt.Fprintf(w, "mcplint: recognised %s definitions by shape %s; registered through a registrar of the module %d\n", s, counts(c.shapes[s]), c.registrar[s])
	}
}
