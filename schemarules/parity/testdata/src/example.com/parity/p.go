package parity

import (
	"encoding/json"
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

// The same renderings in other shapes of control flow.

func renderViaVariable(o Out) string { // want `renderViaVariable: missing output.tags\[\], output.note`
	n := o.Count
	name := o.Name
	msg := fmt.Sprintf("%s (%d)", name, n)
	return msg
}

func renderElse(o Out, short bool) string { // want `renderElse: missing output.note`
	var s string
	if short {
		s = o.Name
	} else {
		s = o.Name + " " + strings.Join(o.Tags, ",")
	}
	return s + fmt.Sprint(o.Count)
}

func renderGuarded(o Out) string { // want `renderGuarded: missing output.count, output.tags\[\]`
	var b strings.Builder
	b.WriteString(o.Name)
	if o.Note != "" {
		b.WriteString(" (noted)")
	}
	return b.String()
}

func renderClosure(o Out) string { // want `renderClosure: missing output.tags\[\], output.note`
	line := func() string { return fmt.Sprintf("%s %d", o.Name, o.Count) }
	return line()
}

func renderClosureBuilder(o Out) string { // want `renderClosureBuilder: every leaf shown`
	var b strings.Builder
	add := func(s string) { b.WriteString(s + "\n") }
	add(o.Name)
	add(fmt.Sprint(o.Count, o.Tags))
	add(o.Note)
	return b.String()
}

func renderCountOnly(o Out) string { // want `renderCountOnly: missing output.name, output.tags\[\], output.note`
	rows := []string{o.Name}
	return fmt.Sprintf("%d tags, %d rows, %d", len(o.Tags), len(rows), o.Count)
}

func renderJSON(o Out) string { // want `renderJSON: every leaf shown`
	data, err := json.Marshal(o)
	if err != nil {
		return "cannot render"
	}
	return string(data)
}

func renderCopy(o Out) string { // want `renderCopy: every leaf shown`
	view := struct{ Out Out }{Out: o}
	return fmt.Sprintf("%+v", view)
}

type shower interface{ Show(any) string }

func renderOpaque(o Out, s shower) string { // want `renderOpaque: unchecked: passes output values to \(example.com/parity.shower\).Show`
	return s.Show(o)
}
