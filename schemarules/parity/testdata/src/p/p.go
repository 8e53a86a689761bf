package p

import (
	"fmt"
	"strings"
)

type Out struct {
	Name  string   `json:"name"`
	Count int      `json:"count"`
	Tags  []string `json:"tags"`
	Note  string   `json:"note,omitempty"`
}

func renderAll(o Out) string { // want `renderAll: every leaf shown`
	return fmt.Sprintf("%s %d %s %s", o.Name, o.Count, strings.Join(o.Tags, ","), o.Note)
}

func renderSome(o Out) string { // want `renderSome: missing output.count, output.note`
	var b strings.Builder
	b.WriteString(o.Name)
	for _, t := range o.Tags {
		b.WriteString(t)
	}
	return b.String()
}

func renderWhole(o Out) string { // want `renderWhole: every leaf shown`
	return fmt.Sprintf("%+v", o)
}

func renderThroughHelper(o Out) string { // want `renderThroughHelper: missing output.count, output.tags\[\], output.note`
	return title(o.Name)
}

func title(s string) string { return strings.ToUpper(s) }
