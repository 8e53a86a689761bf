package serverjson

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcplint-go/mcplint/internal/jsontext"
)

// Kind is the JSON type of a Node.
type Kind uint8

// The JSON value kinds.
const (
	KindNull Kind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	case KindObject:
		return "object"
	}
	return "unknown"
}

// Pos is a position in the input. Line and Col are 1-based; Col counts bytes
// from the start of the line, like go/token.Position.
type Pos struct {
	Offset int
	Line   int
	Col    int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Node is one parsed JSON value with its position and JSON pointer.
type Node struct {
	Kind    Kind
	Pos     Pos    // first byte of the value
	Pointer string // RFC 6901 pointer from the document root ("" for the root)
	Str     string // decoded string, or the literal text of a number
	Bool    bool
	Members []*Member // object members in document order, duplicates included
	Elems   []*Node   // array elements
}

// Member is one key/value pair of an object.
type Member struct {
	Key    string
	KeyPos Pos // the opening quote of the key
	Value  *Node
}

// Get returns the member with the given key. Like Go's encoding/json (which
// the registry and mcp-publisher use), the last of duplicate keys wins.
func (n *Node) Get(key string) *Member {
	if n == nil || n.Kind != KindObject {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return n.Members[i]
		}
	}
	return nil
}

// Value returns the value of the member with the given key, or nil.
func (n *Node) Value(key string) *Node {
	if m := n.Get(key); m != nil {
		return m.Value
	}
	return nil
}

// String returns the node's string value and whether it is a string.
func (n *Node) String() (string, bool) {
	if n == nil || n.Kind != KindString {
		return "", false
	}
	return n.Str, true
}

// ParseLimits bounds the work the parser does on hostile input.
type ParseLimits struct {
	MaxDepth int // nesting of arrays and objects; <= 0 means DefaultMaxDepth
}

// DefaultMaxDepth is far deeper than any real server.json (about 7 levels) and
// shallow enough that recursion stays cheap.
const DefaultMaxDepth = 64

// SyntaxError describes why the input is not acceptable JSON.
type SyntaxError struct {
	Rule string // ruleSyntax, ruleEncoding or ruleTooDeep
	Msg  string
	Pos  Pos
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// ParseResult is the outcome of Parse: the tree (nil on a fatal error), the
// fatal error if any, and non-fatal findings (BOM, duplicate keys, unpaired
// surrogate escapes) that the caller reports as diagnostics.
type ParseResult struct {
	Root     *Node
	Err      *SyntaxError
	Findings []Diagnostic
}

// Parse parses data as one JSON document, keeping positions for every value
// and key. It never panics and bounds recursion by limits.MaxDepth.
func Parse(data []byte, limits ParseLimits) ParseResult {
	maxDepth := limits.MaxDepth
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	lines := newLineIndex(data)
	var res ParseResult
	start := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		res.Findings = append(res.Findings, Diagnostic{Rule: ruleEncoding, Severity: severityOf(ruleEncoding), Pos: lines.pos(0),
			Message: "the file starts with a UTF-8 byte-order mark, which mcp-publisher rejects. Save it without BOM"})
		start = 3
	}
	if !utf8.Valid(data) {
		bad := firstInvalidUTF8(data)
		res.Err = &SyntaxError{Rule: ruleEncoding, Pos: lines.pos(bad),
			Msg: "the file is not valid UTF-8; mcp-publisher refuses to publish it. Re-save it as UTF-8"}
		return res
	}
	// Columns on the first line count from after the byte-order mark.
	lines[0] = start
	parsed := jsontext.Parse(data, start, maxDepth)
	for _, n := range parsed.Notices {
		switch n.Kind {
		case jsontext.DuplicateKey:
			ptr := ""
			for _, tok := range n.Path {
				ptr += "/" + escapePointer(tok)
			}
			res.Findings = append(res.Findings, Diagnostic{
				Rule: ruleDuplicateKey, Severity: severityOf(ruleDuplicateKey), Pointer: ptr, Pos: lines.pos(n.Offset),
				Message: fmt.Sprintf("key %q appears again (first at line %d); only this last value is published. Remove one", n.Member.Key, lines.pos(n.First.KeyOffset).Line),
			})
		case jsontext.UnpairedSurrogate:
			res.Findings = append(res.Findings, Diagnostic{
				Rule: ruleEncoding, Severity: severityOf(ruleEncoding), Pos: lines.pos(n.Offset),
				Message: fmt.Sprintf("unpaired UTF-16 surrogate escape \\u%04X, which mcp-publisher refuses. Write the character as UTF-8", n.Rune),
			})
		}
	}
	if parsed.Err != nil {
		rule, msg := syntaxMessage(data, parsed.Err, maxDepth)
		res.Err = &SyntaxError{Rule: rule, Msg: msg, Pos: lines.pos(parsed.Err.Offset)}
		return res
	}
	res.Root = (&treeBuilder{lines: lines}).node(parsed.Root, "")
	return res
}

// syntaxMessages words the parse errors whose message names nothing from the input.
var syntaxMessages = map[jsontext.ErrorKind]string{
	jsontext.ErrEmpty:            "the file is empty; the registry needs a JSON object describing the server",
	jsontext.ErrValueMissing:     "unexpected end of file: a value is missing",
	jsontext.ErrObjectUnclosed:   "unexpected end of file inside an object: a closing '}' is missing",
	jsontext.ErrArrayUnclosed:    "unexpected end of file inside an array: a closing ']' is missing",
	jsontext.ErrNewlineInString:  "a string is not closed before the end of the line (raw newlines must be written as \\n)",
	jsontext.ErrEscapeUnfinished: "unexpected end of file inside a string escape",
	jsontext.ErrBadUnicodeEscape: "invalid \\u escape: it needs four hexadecimal digits",
	jsontext.ErrStringUnclosed:   "unexpected end of file: a string is not closed",
	jsontext.ErrNumberDigit:      "invalid number: a digit must follow '-'",
	jsontext.ErrNumberFraction:   "invalid number: a digit must follow the decimal point",
	jsontext.ErrNumberExponent:   "invalid number: a digit must follow the exponent",
}

// syntaxMessage words a parse error for server.json authors.
func syntaxMessage(data []byte, e *jsontext.SyntaxError, maxDepth int) (rule, msg string) {
	if msg, ok := syntaxMessages[e.Kind]; ok {
		return ruleSyntax, msg
	}
	at := describeByte(data, e.Offset)
	switch e.Kind {
	case jsontext.ErrTooDeep:
		return ruleTooDeep, fmt.Sprintf("nesting deeper than %d levels; no valid server.json is nested this deep, and mcplint stops reading here", maxDepth)
	case jsontext.ErrUnexpectedValue:
		msg = fmt.Sprintf("unexpected %s where a JSON value should start", at)
	case jsontext.ErrWantKey:
		msg = fmt.Sprintf("unexpected %s where an object key (a double-quoted string) should be", at)
	case jsontext.ErrWantColon:
		msg = fmt.Sprintf("expected ':' after object key %q", e.Key)
	case jsontext.ErrAfterMember:
		msg = fmt.Sprintf("unexpected %s after an object member; expected ',' or '}'", at)
	case jsontext.ErrAfterElement:
		msg = fmt.Sprintf("unexpected %s after an array element; expected ',' or ']'", at)
	case jsontext.ErrControlInString:
		msg = fmt.Sprintf("control character 0x%02x inside a string must be escaped", data[e.Offset])
	case jsontext.ErrBadEscape:
		msg = fmt.Sprintf("invalid escape sequence \\%c in a string", data[e.Offset+1])
	case jsontext.ErrTrailing:
		msg = fmt.Sprintf("unexpected %s after the end of the JSON document; mcp-publisher's decoder rejects trailing content. Remove it", at)
	default:
		msg = "invalid JSON"
	}
	return ruleSyntax, msg
}

// treeBuilder turns the parsed tree into Nodes with line:column positions and pointers.
type treeBuilder struct {
	lines lineIndex
}

func (b *treeBuilder) node(j *jsontext.Node, ptr string) *Node {
	// Kind lists the kinds in jsontext's order.
	n := &Node{Kind: Kind(j.Kind), Pos: b.lines.pos(j.Offset), Pointer: ptr, Str: j.Str, Bool: j.Bool}
	for _, m := range j.Members {
		n.Members = append(n.Members, &Member{Key: m.Key, KeyPos: b.lines.pos(m.KeyOffset), Value: b.node(m.Value, ptr+"/"+escapePointer(m.Key))})
	}
	for i, e := range j.Elems {
		n.Elems = append(n.Elems, b.node(e, ptr+"/"+strconv.Itoa(i)))
	}
	return n
}

// lineIndex maps byte offsets to line:column positions.
type lineIndex []int // the offset each line starts at

func newLineIndex(data []byte) lineIndex {
	starts := lineIndex{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func (l lineIndex) pos(off int) Pos {
	line := sort.SearchInts(l, off+1) // the first line starting after off
	return Pos{Offset: off, Line: line, Col: off - l[line-1] + 1}
}

func describeByte(data []byte, off int) string {
	if off >= len(data) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(data[off:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", data[off])
	}
	return fmt.Sprintf("character %q", r)
}

func firstInvalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// escapePointer escapes one JSON pointer reference token (RFC 6901).
func escapePointer(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}
