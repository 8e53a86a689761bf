package metamorphic

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The floors file keeps one line per rule and rewrite: the committed figures. A run may keep
// more findings, never lose more, and may report no more near misses or stray findings.
const floorsHeader = "# rule\trewrite\tkept\tapplicable\tnear_misses\treported\tstray (written by TestMatrix -metamorphic.update)"

// FormatFloors writes the matrix as the floors file.
func FormatFloors(m *Matrix) []byte {
	var b bytes.Buffer
	b.WriteString(floorsHeader + "\n")
	for _, r := range m.Rules {
		for _, w := range m.Rewrites {
			if w == "none" {
				continue
			}
			c := m.Cell(r, w)
			fmt.Fprintf(&b, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", r, w, c.Kept, c.Applicable, c.NearMisses, c.Reported, c.Stray)
		}
	}
	return b.Bytes()
}

// ParseFloors reads a floors file back into a matrix, rules and rewrites in file order.
func ParseFloors(data []byte) (*Matrix, error) {
	m := &Matrix{Cells: map[[2]string]*Cell{}}
	seenRule, seenRewrite := map[string]bool{}, map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("floors line %d: %d fields, want 7", n, len(f))
		}
		var nums [5]int
		for i := range nums {
			v, err := strconv.Atoi(f[2+i])
			if err != nil {
				return nil, fmt.Errorf("floors line %d: %v", n, err)
			}
			nums[i] = v
		}
		if !seenRule[f[0]] {
			seenRule[f[0]] = true
			m.Rules = append(m.Rules, f[0])
		}
		if !seenRewrite[f[1]] {
			seenRewrite[f[1]] = true
			m.Rewrites = append(m.Rewrites, f[1])
		}
		c := m.Cell(f[0], f[1])
		c.Kept, c.Applicable, c.NearMisses, c.Reported, c.Stray = nums[0], nums[1], nums[2], nums[3], nums[4]
	}
	return m, sc.Err()
}

// Table renders the matrix as the Markdown of docs/recall.md: findings kept per rule and
// rewrite, then near misses reported.
func Table(m *Matrix) string {
	var rewrites []string
	for _, w := range m.Rewrites {
		if w != "none" {
			rewrites = append(rewrites, w)
		}
	}
	var b strings.Builder
	b.WriteString("Findings kept / findings in rewritten code (n/a: the rewrite applies to no code that holds a finding of the rule):\n\n")
	kept := func(c *Cell) (int, int) { return c.Kept, c.Applicable }
	keptCell := func(k, a int) string {
		if a == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%d/%d", k, a)
	}
	writeCounts(&b, m, rewrites, kept, keptCell, ratio)

	b.WriteString("\nNear misses reported / near-miss functions the rewrite changed:\n\n")
	nearMisses := func(c *Cell) (int, int) { return c.Reported, c.NearMisses }
	fraction := func(x, y int) string { return fmt.Sprintf("%d/%d", x, y) }
	writeCounts(&b, m, rewrites, nearMisses, fraction, fraction)

	var strays []string
	for _, r := range m.Rules {
		for _, w := range rewrites {
			if c := m.Cell(r, w); c.Stray > 0 {
				strays = append(strays, fmt.Sprintf("`%s` under %s: %d", r, w, c.Stray))
			}
		}
	}
	sort.Strings(strays)
	if len(strays) > 0 {
		b.WriteString("\nFindings neither where one is expected nor in a near miss (a finding moved to the wrong line, or a second one): " + strings.Join(strays, "; ") + ".\n")
	} else {
		b.WriteString("\nNo finding is reported anywhere else (neither moved to the wrong line nor doubled).\n")
	}
	return b.String()
}

// writeCounts writes one table of the matrix: a row per rule and a column per rewrite, then
// the sums of each. count picks two numbers from a cell; cell writes them for one cell, sum
// for a sum.
func writeCounts(b *strings.Builder, m *Matrix, rewrites []string, count func(*Cell) (int, int), cell, sum func(x, y int) string) {
	b.WriteString("| rule |")
	for _, w := range rewrites {
		b.WriteString(" " + w + " |")
	}
	b.WriteString(" all |\n|" + strings.Repeat(" --- |", len(rewrites)+2) + "\n")
	var allX, allY int
	for _, r := range m.Rules {
		b.WriteString("| `" + r + "` |")
		var x, y int
		for _, w := range rewrites {
			cx, cy := count(m.Cell(r, w))
			x, y = x+cx, y+cy
			b.WriteString(" " + cell(cx, cy) + " |")
		}
		allX, allY = allX+x, allY+y
		b.WriteString(" " + sum(x, y) + " |\n")
	}
	b.WriteString("| all |")
	for _, w := range rewrites {
		var x, y int
		for _, r := range m.Rules {
			cx, cy := count(m.Cell(r, w))
			x, y = x+cx, y+cy
		}
		b.WriteString(" " + sum(x, y) + " |")
	}
	b.WriteString(" " + sum(allX, allY) + " |\n")
}

func ratio(k, a int) string {
	if a == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d/%d (%d %%)", k, a, k*100/a)
}

// Markers around the generated part of the docs section.
const (
	beginMarker = "<!-- metamorphic matrix: generated from internal/testkit/metamorphic/testdata/floors.tsv by `go test ./internal/testkit/metamorphic -run TestMatrix -metamorphic.update` -->"
	endMarker   = "<!-- end of metamorphic matrix -->"
)

// ReplaceTable puts table between the markers of doc.
func ReplaceTable(doc []byte, table string) ([]byte, error) {
	s := string(doc)
	i := strings.Index(s, beginMarker)
	j := strings.Index(s, endMarker)
	if i < 0 || j < i {
		return nil, fmt.Errorf("the markers of the metamorphic matrix are missing")
	}
	return []byte(s[:i+len(beginMarker)] + "\n\n" + table + "\n" + s[j:]), nil
}

// TableIn returns what sits between the markers of doc.
func TableIn(doc []byte) (string, error) {
	s := string(doc)
	i := strings.Index(s, beginMarker)
	j := strings.Index(s, endMarker)
	if i < 0 || j < i {
		return "", fmt.Errorf("the markers of the metamorphic matrix are missing")
	}
	return strings.TrimSpace(s[i+len(beginMarker) : j]), nil
}
