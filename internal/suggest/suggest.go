// Package suggest finds the name a user probably meant when they typed one that does not
// exist: a rule ID, a configuration key, a contract reason, a server.json field.
package suggest

import "strings"

// maxLen bounds the strings Distance compares edit by edit. Names are short; a longer string
// comes from hostile or broken input, and comparing it in full would cost quadratic time.
const maxLen = 64

// Nearest returns the candidate fewest edits away from s, if that is fewer than limit; ties go
// to the earlier candidate. It returns "" when no candidate is close enough.
func Nearest(s string, candidates []string, limit int) string {
	best, bestDist := "", limit
	for _, c := range candidates {
		if d := Distance(s, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance of a and b, counted in bytes. Strings longer than 64
// bytes are only compared for equality: they are 0 or 64 edits apart.
func Distance(a, b string) int {
	if len(a) > maxLen || len(b) > maxLen {
		if a == b {
			return 0
		}
		return maxLen
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Containing returns the candidates that hold s as whole hyphen-separated words, at most limit
// of them, in candidate order: "preserve-cause" finds "preserve-cause-on-rethrow", which is too
// many edits away for Nearest. It returns nil for an s that is not a word of any candidate or
// that is a word of more than limit of them (too vague to suggest).
func Containing(s string, candidates []string, limit int) []string {
	if s == "" || len(s) > maxLen {
		return nil
	}
	var out []string
	for _, c := range candidates {
		if c != s && strings.Contains("-"+c+"-", "-"+s+"-") {
			out = append(out, c)
		}
	}
	if len(out) > limit {
		return nil
	}
	return out
}
