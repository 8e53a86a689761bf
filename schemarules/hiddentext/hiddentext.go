// Package hiddentext finds, in the descriptions a server publishes (a tool's, its schemas'
// property descriptions, a prompt's arguments'), text the model reads and the user is not
// meant to see: Unicode tag characters, invisible or direction-changing characters, terminal
// escapes, HTML comments and instructions that deceive. It knows text and JSON values, nothing
// of Go code or the SDKs; it must not import recognition, a rule family, the registry or the
// driver. description-hidden-instructions (schemarules) asks it.
package hiddentext

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Finding is what Find found in one description: what kind of deception, with a short quote for the message, and where in the text ([Start, End) in
// bytes), which locates the string literal to change.
type Finding struct {
	// What is what the text does, and Quote the text it hides or says ("" for an invisible
	// character, which What names).
	What, Quote string
	Start, End  int
}

// Find looks in a description for text the model reads and the user is not meant
// to see: Unicode tag characters (decoded), invisible or direction-changing characters,
// terminal escapes, HTML comments, and instructions to read local secrets, to keep something
// from the user, to override the client's instructions, or to change how another tool
// behaves. Honest imperatives ("call list_items first to get an id") are none of these.
func Find(s string) *Finding {
	if h := tagCharacters(s); h != nil {
		return h
	}
	if h := invisibleCharacter(s); h != nil {
		return h
	}
	for _, c := range deceptions {
		if loc := c.re.FindStringIndex(s); loc != nil {
			return &Finding{What: c.what, Quote: s[loc[0]:loc[1]], Start: loc[0], End: loc[1]}
		}
	}
	return nil
}

// tagCharacters finds Unicode tag characters (U+E0000–U+E007F), which render as nothing and
// which models read as the ASCII they shadow. The subdivision flags (U+1F3F4, tag letters,
// U+E007F: 🏴󠁧󠁢󠁳󠁣󠁴󠁿) are emoji, not hidden text.
func tagCharacters(s string) *Finding {
	var hidden strings.Builder
	first, last := -1, 0
	prev := rune(0)
	inFlag := false
	for i, r := range s {
		switch {
		case r >= 0xE0000 && r <= 0xE007F:
			if prev == 0x1F3F4 {
				inFlag = true
			}
			if inFlag {
				if r == 0xE007F {
					inFlag = false
				}
				prev = r
				continue
			}
			if first < 0 {
				first = i
			}
			last = i + utf8.RuneLen(r)
			if r >= 0xE0020 && r <= 0xE007E {
				hidden.WriteRune(r - 0xE0000)
			}
		default:
			inFlag = false
		}
		prev = r
	}
	if first < 0 {
		return nil
	}
	return &Finding{What: "hides text in Unicode tag characters", Quote: hidden.String(), Start: first, End: last}
}

// invisibleCharacter finds the first character that changes what the model reads without
// showing: zero-width characters, bidirectional overrides and isolates, fillers, control
// characters (terminal escapes among them) and runs of variation selectors. Joiners between
// letters of scripts that use them, one variation selector after a symbol, and the
// direction marks of a right-to-left text are writing, not hiding.
func invisibleCharacter(s string) *Finding {
	rtl := strings.IndexFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana)
	}) >= 0
	var prev rune
	for i, r := range s {
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		if name := invisibleName(r, prev, next, rtl); name != "" {
			return &Finding{What: fmt.Sprintf("holds U+%04X, %s the user cannot see", r, name), Start: i, End: i + utf8.RuneLen(r)}
		}
		prev = r
	}
	return nil
}

func invisibleName(r, prev, next rune, rtl bool) string {
	switch {
	case r == '\n' || r == '\t' || r == '\r':
		return ""
	case r == 0x1B:
		return "a terminal escape"
	case r < 0x20 || (r >= 0x7F && r <= 0x9F):
		return "a control character"
	case r == 0x200B || r == 0x2060 || r == 0xFEFF || r == 0x180E:
		return "a zero-width character"
	case r == 0x200C || r == 0x200D:
		// Joiners shape emoji sequences and Indic, Arabic and Persian words.
		if prev > 0x7F && next > 0x7F && !unicode.IsSpace(prev) && !unicode.IsSpace(next) {
			return ""
		}
		return "a zero-width joiner"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return "a bidirectional override"
	case r == 0x200E || r == 0x200F || r == 0x061C:
		if rtl {
			return ""
		}
		return "a bidirectional mark"
	case r >= 0x2061 && r <= 0x2064:
		return "an invisible operator"
	case r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 || r == 0x17B4 || r == 0x17B5 || r == 0x034F:
		return "an invisible filler"
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		// One selector picks a glyph of the character before it; a run of them encodes bytes.
		if !isVariationSelector(prev) && !isVariationSelector(next) && prev != 0 && !unicode.IsSpace(prev) {
			return ""
		}
		return "a run of variation selectors"
	}
	return ""
}

func isVariationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF)
}

// deception is one kind of instruction a description gives the model behind the user's back.
type deception struct {
	what string
	re   *regexp.Regexp
}

// The patterns are the shapes of the published tool-poisoning attacks (Invariant Labs'
// <IMPORTANT> block and cross-tool shadowing, the fake Postmark server's file reads) and
// stay silent on every description of the benign corpus (testdata/benign-descriptions.tsv).
var deceptions = []deception{
	{"asks the model for local secrets", regexp.MustCompile(`(?is)` +
		`\b(?:read|open|cat|load|get|fetch|look\s+up)\b.{0,80}?` + secretPath + `.{0,160}?` + passContent +
		`|` + passContent + `.{0,40}?\b(?:of|from|in)\b.{0,40}?` + secretPath)},
	{"redirects what tools send", regexp.MustCompile(`(?is)` +
		`\b(?:also\s+present|previously\s+declared|already\s+(?:installed|registered))\b[^.\n]{0,40}?\btool\b` +
		`|\bside\s+effect\s+on\s+the\b[^.\n]{0,40}?\btool\b` +
		`|\bmust\s+(?:send|forward|redirect|bcc|cc)\s+(?:all|every|each)\b`)},
	{"hides a step from the user", regexp.MustCompile(`(?is)` +
		`\b(?:do not|don't|never|must not|should not|without)\s+(?:ever\s+)?(?:mention(?:ing)?|tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|alert(?:ing)?|let(?:ting)?)\b[^.\n]{0,60}?\b(?:the\s+)?user(?:\s|[.,;:!)]|$)` +
		`|\b(?:do not|don't|never)\s+(?:mention|reveal|disclose)\s+(?:this|that|these|it)\b` +
		`|\b(?:hide|conceal|keep)\s+(?:this|that|it|these)\b[^.\n]{0,30}?\bfrom\s+(?:the\s+)?user(?:\s|[.,;:!)]|$)` +
		`|\bthe\s+user\s+(?:must|should|need|does)\s*(?:not|n't)\s+(?:know|see|be\s+told|notice)\b` +
		`|\bmere\s+implementation\s+detail\b`)},
	{"overrides the model's instructions", regexp.MustCompile(`(?i)` +
		`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|other|system)\s+(?:instructions|prompts?|rules|messages)\b`)},
	{"forces a step with a false penalty", regexp.MustCompile(`(?is)` +
		`<(?:important|system|instructions?|secret|hidden)>.{0,400}?(?:otherwise|or else)\b[^.\n]{0,40}?\b(?:will\s+not\s+work|won't\s+work|will\s+(?:crash|fail|break)|data\s+will\s+be\s+lost)`)},
	{"hides text in an HTML comment", regexp.MustCompile(`(?s)<!--.*?\pL.*?-->`)},
}

// secretPath is a file that holds credentials, where the attacks send the model for them.
const secretPath = `(?:(?:~|\$HOME|%USERPROFILE%|/home/\w+|/Users/\w+|/root)[/\\](?:\.ssh\b|\.aws[/\\]credentials|\.cursor[/\\]mcp\.json|\.netrc|\.git-credentials|\.npmrc|\.pypirc|\.gnupg|\.docker[/\\]config\.json|Library/Application Support/Claude)` +
	`|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bclaude_desktop_config\.json\b|\bmcp\.json\b|/etc/(?:passwd|shadow)\b|(?:^|[\s'"` + "`" + `(])\.env\b)`

// passContent is the instruction to put a file's text into something the model sends.
const passContent = `\b(?:pass|include|send|put|attach|provide|add|append|concatenate|upload|post|insert|copy|paste)\s+(?:(?:its|their|the|this|that|those|these|file|full|entire|whole)\s+){0,3}(?:contents?|text|data|it|them)\b`

// ClipWords shortens s to its first n words (at least one), whitespace collapsed.
func ClipWords(s string, n int) string {
	w := strings.Fields(s)
	if n < 1 {
		n = 1
	}
	if len(w) <= n {
		return strings.Join(w, " ")
	}
	return strings.Join(w[:n], " ") + "…"
}

// Description is one description text and what it describes ("" for the definition itself).
type Description struct {
	Where, Text string
}

// Published is what a definition publishes that holds descriptions: its own, its input and
// output schemas (any JSON-marshallable value), and its prompt arguments' (name and
// description).
type Published struct {
	Description               string
	InputSchema, OutputSchema any
	ArgumentDescriptions      [][2]string
}

// Descriptions returns every description a definition sends: its own, every "description"
// string in its input and output schemas (with the property path), and its prompt arguments'.
func Descriptions(e Published) []Description {
	var out []Description
	if e.Description != "" {
		out = append(out, Description{"", e.Description})
	}
	for _, s := range []struct {
		role   string
		schema any
	}{{"input", e.InputSchema}, {"output", e.OutputSchema}} {
		if s.schema == nil {
			continue
		}
		b, err := json.Marshal(s.schema)
		if err != nil {
			continue
		}
		var v any
		if json.Unmarshal(b, &v) != nil {
			continue
		}
		walk(v, s.role, &out)
	}
	for _, a := range e.ArgumentDescriptions {
		if a[1] != "" {
			out = append(out, Description{"argument " + a[0], a[1]})
		}
	}
	return out
}

// walk collects the description strings of a schema value, naming each by its
// path of property names (input.filter.status).
func walk(v any, path string, out *[]Description) {
	switch v := v.(type) {
	case map[string]any:
		if d, ok := v["description"].(string); ok && d != "" {
			*out = append(*out, Description{"property " + path, d})
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch k {
			case "properties", "$defs", "definitions", "patternProperties":
				if props, ok := v[k].(map[string]any); ok {
					names := make([]string, 0, len(props))
					for n := range props {
						names = append(names, n)
					}
					sort.Strings(names)
					for _, n := range names {
						walk(props[n], path+"."+n, out)
					}
				}
			case "description":
			default:
				walk(v[k], path, out)
			}
		}
	case []any:
		for _, x := range v {
			walk(x, path, out)
		}
	}
}
