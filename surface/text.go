package surface

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteJSON writes the surface as one indented JSON object.
func WriteJSON(w io.Writer, s *Surface) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(s)
}

// WriteText writes a compact table: one line per entry with its kind, key, where its input
// schema comes from, how its handler's errors reach the client, its estimated tokens, its
// position and what is conditional or unknown about it.
func WriteText(w io.Writer, s *Surface) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tNAME\tINPUT\tERRORS\tTOKENS\tPOSITION\tNOTES")
	kinds := map[string]string{"tools": "tool", "resources": "resource", "resourceTemplates": "template", "prompts": "prompt"}
	for _, l := range s.Lists() {
		for _, e := range *l.Entries {
			key := e.Key(l.Name)
			if key == "" {
				key = "?"
			}
			if l.Name == "resources" || l.Name == "resourceTemplates" {
				if e.Name != "" {
					key += " (" + e.Name + ")"
				}
			}
			input := "-"
			if l.Name == "tools" {
				input = orDash(e.X.InputFrom)
			}
			errs := "-"
			if e.X.Handler != nil {
				errs = orDash(e.X.Handler.Errors)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", kinds[l.Name], key, input, errs, e.X.Tokens, e.X.Position, notes(e))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	t := Totals(s)
	_, err := fmt.Fprintf(w, "%s, %s, %s, %s; about %s of tool definitions (%d with everything listed); %s with unknown fields, %d conditional\n",
		count(len(s.Tools), "tool"), count(len(s.Resources), "resource"), count(len(s.ResourceTemplates), "resource template"), count(len(s.Prompts), "prompt"),
		count(t.ToolTokens, "token"), t.AllTokens, count(t.Unknown, "entry"), t.Conditional)
	if err == nil && len(s.Unregistered) > 0 {
		_, err = fmt.Fprintf(w, "not listed: %s defined and never registered, or with no registration linked to it (-json lists them under unregistered)\n", count(len(s.Unregistered), "tool"))
	}
	return err
}

// count is n with the noun in the number it needs: "1 change", "2 changes", "3 entries".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	switch {
	case strings.HasSuffix(noun, "y"):
		noun = strings.TrimSuffix(noun, "y") + "ies"
	case strings.HasSuffix(noun, "s"):
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func notes(e *Entry) string {
	var n []string
	if e.X.Conditional {
		if e.X.Condition != "" {
			n = append(n, "if "+e.X.Condition)
		} else {
			n = append(n, "conditional")
		}
	}
	if len(e.X.Unknown) > 0 {
		var fields []string
		for _, u := range e.X.Unknown {
			fields = append(fields, u.Field)
		}
		n = append(n, "unknown: "+strings.Join(fields, ", "))
	}
	return strings.Join(n, "; ")
}

// Total sums a surface.
type Total struct {
	// ToolTokens is the estimated cost of every tool definition; AllTokens adds the other lists.
	ToolTokens, AllTokens int
	// Unknown counts entries with an unknown field; Conditional those registered under a
	// condition.
	Unknown, Conditional int
}

// Totals sums the entries' token estimates and marks.
func Totals(s *Surface) Total {
	var t Total
	for _, l := range s.Lists() {
		for _, e := range *l.Entries {
			if l.Name == "tools" {
				t.ToolTokens += e.X.Tokens
			}
			t.AllTokens += e.X.Tokens
			if len(e.X.Unknown) > 0 {
				t.Unknown++
			}
			if e.X.Conditional {
				t.Conditional++
			}
		}
	}
	return t
}
