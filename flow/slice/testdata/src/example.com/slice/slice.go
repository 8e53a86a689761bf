package slice

import (
	"fmt"
	"log"
	"strings"
)

func sliceDirect(a, b string) string { // want `reaches a`
	log.Print(strings.ToUpper(b))
	return a
}

func sliceBuilder(a, b, c string) string { // want `reaches a, b`
	var sb strings.Builder
	sb.WriteString(a)
	fmt.Fprintf(&sb, "%s", b)
	log.Print(c)
	return sb.String()
}

func sliceGuard(a string, ok, other bool) string { // want `reaches a, ok`
	var sb strings.Builder
	if ok {
		sb.WriteString("yes")
	}
	if other {
		log.Print("other")
	}
	return sb.String() + a
}

func slicePhi(a, b string, pick bool) string { // want `reaches a, b, pick`
	s := a
	if pick {
		s = b
	}
	return s
}

func sliceElse(a, b string, pick bool) string { // want `reaches a, pick`
	var s string
	if pick {
		s = strings.ToUpper(a)
	} else {
		s = "none"
	}
	log.Print(b)
	return s
}

func sliceCount(items []string) string { // want `reaches nothing`
	return fmt.Sprint(len(items))
}

type pair struct{ X string }

func describe(p *pair) string { return p.X }

func sliceStore(a, b string) string { // want `reaches a`
	var p pair
	p.X = a
	log.Print(b)
	return describe(&p)
}

func sliceClosure(a, b string) string { // want `reaches a`
	var sb strings.Builder
	add := func(s string) { sb.WriteString(s) }
	add(a)
	log.Print(b)
	return sb.String()
}

func opaque(s string) string { return s }

func sliceStop(a, b string) string { // want `reaches b`
	return opaque(a) + b
}

func sliceRows(a, b string) string { // want `reaches a`
	rows := make([]string, 1)
	rows[0] = a
	log.Print(b)
	return strings.Join(rows, ",")
}

func sliceMap(a, b string) string { // want `reaches a`
	m := map[string]string{}
	m["k"] = a
	log.Print(b)
	return fmt.Sprint(m)
}

func sliceLoop(items []string, skip, other string) string { // want `reaches items, skip`
	var sb strings.Builder
	for _, it := range items {
		if it == skip {
			continue
		}
		sb.WriteString(it)
	}
	log.Print(other)
	return sb.String()
}
