package mutation

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Count is planted and found mutants of one cell of the report.
type Count struct{ Planted, Found, NoCompile, Preexisting int }

func (c *Count) add(m *Mutant) {
	switch m.status {
	case StatusFound:
		c.Planted++
		c.Found++
	case StatusMissed:
		c.Planted++
	case StatusNoCompile:
		c.NoCompile++
	case StatusPreexisting:
		c.Preexisting++
	}
}

// Recall is found/planted, 1 when nothing was planted.
func (c Count) Recall() float64 {
	if c.Planted == 0 {
		return 1
	}
	return float64(c.Found) / float64(c.Planted)
}

func (c Count) String() string {
	if c.Planted == 0 {
		return "–"
	}
	return fmt.Sprintf("%d/%d", c.Found, c.Planted)
}

// ByRuleServer counts mutants per rule and server.
func (r *Report) ByRuleServer() map[string]map[string]*Count {
	out := map[string]map[string]*Count{}
	for _, m := range r.Mutants {
		if out[m.Rule] == nil {
			out[m.Rule] = map[string]*Count{}
		}
		if out[m.Rule][m.Server] == nil {
			out[m.Rule][m.Server] = &Count{}
		}
		out[m.Rule][m.Server].add(m)
	}
	return out
}

// Misses lists the missed mutants, one a line, sorted: server, file:line, rule, shape, operator,
// the planted statement.
func (r *Report) Misses() []string {
	var out []string
	for _, m := range r.Mutants {
		if m.status == StatusMissed {
			out = append(out, m.String())
		}
	}
	sort.Strings(out)
	return out
}

// Markdown renders the figures: rule × server, rule × shape, the misses.
func (r *Report) Markdown(servers []Server) string {
	var b strings.Builder
	total := Count{}
	for _, m := range r.Mutants {
		total.add(m)
	}
	fmt.Fprintf(&b, "%d mutants planted and compiled, %d found (%.1f %%); %d did not type-check, %d sat where the rule already fired; %d mcplint runs in %s.\n\n",
		total.Planted, total.Found, 100*total.Recall(), total.NoCompile, total.Preexisting, r.Runs, r.Elapsed.Round(1e9))

	// Servers not checked out have no column.
	servers = slices.DeleteFunc(slices.Clone(servers), func(s Server) bool { return slices.Contains(r.Absent, s.Name) })
	var names []string
	for _, s := range servers {
		names = append(names, s.Name)
	}

	b.WriteString("Found/planted per rule and server (– nothing to plant: no site of that shape):\n\n")
	tableHead(&b, append(names, "all"))
	rs := r.ByRuleServer()
	for _, rule := range Rules {
		fmt.Fprintf(&b, "| `%s` |", rule)
		all := Count{}
		for _, s := range servers {
			c := Count{}
			if rs[rule] != nil && rs[rule][s.Name] != nil {
				c = *rs[rule][s.Name]
			}
			all.Planted += c.Planted
			all.Found += c.Found
			fmt.Fprintf(&b, " %s |", c)
		}
		fmt.Fprintf(&b, " %s", all)
		if all.Planted > 0 {
			fmt.Fprintf(&b, " (%.0f %%)", 100*all.Recall())
		}
		b.WriteString(" |\n")
	}

	b.WriteString("\nCandidate sites per rule and server, before sampling:\n\n")
	tableHead(&b, names)
	for _, rule := range Rules {
		fmt.Fprintf(&b, "| `%s` |", rule)
		for _, s := range servers {
			fmt.Fprintf(&b, " %d |", r.Candidates[s.Name][rule])
		}
		b.WriteString("\n")
	}

	shapes := []string{ShapeSDK, ShapeAdapter, ShapeHelper, ShapeOwn}
	b.WriteString("\nFound/planted per rule and shape:\n\n")
	tableHead(&b, shapes)
	for _, rule := range Rules {
		fmt.Fprintf(&b, "| `%s` |", rule)
		for _, sh := range shapes {
			c := Count{}
			for _, m := range r.Mutants {
				if m.Rule == rule && m.Shape == sh {
					c.add(m)
				}
			}
			fmt.Fprintf(&b, " %s |", c)
		}
		b.WriteString("\n")
	}

	b.WriteString("\nFound/planted per operator:\n\n| rule | operator | found/planted |\n| --- | --- | --- |\n")
	type ro struct{ rule, op string }
	ops := map[ro]*Count{}
	for _, m := range r.Mutants {
		k := ro{m.Rule, m.Op}
		if ops[k] == nil {
			ops[k] = &Count{}
		}
		ops[k].add(m)
	}
	keys := make([]ro, 0, len(ops))
	for k := range ops {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b ro) int {
		if c := slices.Index(Rules, a.rule) - slices.Index(Rules, b.rule); c != 0 {
			return c
		}
		return strings.Compare(a.op, b.op)
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", k.rule, k.op, ops[k])
	}

	misses := r.Misses()
	fmt.Fprintf(&b, "\nMissed mutants (%d), tab-separated: server, file:line, rule, shape, operator, the planted statement\n\n```\n", len(misses))
	for _, l := range misses {
		b.WriteString(l + "\n")
	}
	b.WriteString("```\n")
	return b.String()
}

// tableHead writes the head of a Markdown table whose first column is the rule.
func tableHead(b *strings.Builder, columns []string) {
	b.WriteString("| rule | " + strings.Join(columns, " | ") + " |\n|" + strings.Repeat(" --- |", len(columns)+1) + "\n")
}

// Floors renders per rule and server the found and planted counts, the form the test's floor
// file keeps.
func (r *Report) Floors() string {
	var lines []string
	for rule, per := range r.ByRuleServer() {
		for server, c := range per {
			if c.Planted > 0 {
				lines = append(lines, fmt.Sprintf("%s\t%s\t%d\t%d", server, rule, c.Found, c.Planted))
			}
		}
	}
	sort.Strings(lines)
	return "# server\trule\tfound\tplanted (written by TestRecall -mutation.update)\n" + strings.Join(lines, "\n") + "\n"
}
