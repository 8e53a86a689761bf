package serverjson

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
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
	p := &parser{data: data, line: 1, maxDepth: limits.MaxDepth}
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxDepth
	}
	var res ParseResult
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		res.Findings = append(res.Findings, p.diag(ruleEncoding, p.pos(),
			"the file starts with a UTF-8 byte-order mark; mcp-publisher's JSON decoder rejects it before anything is sent to the registry. Save the file as UTF-8 without BOM"))
		p.off = 3
		p.lineStart = 3
	}
	if !utf8.Valid(data) {
		bad := firstInvalidUTF8(data)
		res.Err = &SyntaxError{Rule: ruleEncoding, Pos: p.posAt(bad),
			Msg: "the file is not valid UTF-8; mcp-publisher refuses to publish it. Re-save it as UTF-8"}
		return res
	}
	p.skipSpace()
	if p.off >= len(p.data) {
		res.Err = &SyntaxError{Rule: ruleSyntax, Pos: p.pos(), Msg: "the file is empty; the registry needs a JSON object describing the server"}
		return res
	}
	root := p.value("", 0)
	if p.err == nil {
		p.skipSpace()
		if p.off < len(p.data) {
			p.fail(ruleSyntax, p.pos(), fmt.Sprintf("unexpected %s after the end of the JSON document; mcp-publisher's decoder rejects trailing content. Remove it", describeByte(p.data, p.off)))
		}
	}
	res.Findings = append(res.Findings, p.findings...)
	if p.err != nil {
		res.Err = p.err
		return res
	}
	res.Root = root
	return res
}

type parser struct {
	data      []byte
	off       int
	line      int
	lineStart int
	maxDepth  int
	err       *SyntaxError
	findings  []Diagnostic
}

func (p *parser) pos() Pos { return Pos{Offset: p.off, Line: p.line, Col: p.off - p.lineStart + 1} }

// posAt computes the position of an arbitrary offset by scanning; used only
// for errors found before or outside the main scan.
func (p *parser) posAt(off int) Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(p.data); i++ {
		if p.data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return Pos{Offset: off, Line: line, Col: off - start + 1}
}

func (p *parser) diag(rule string, pos Pos, msg string) Diagnostic {
	return Diagnostic{Rule: rule, Severity: severityOf(rule), Message: msg, Pos: pos}
}

func (p *parser) fail(rule string, pos Pos, msg string) {
	if p.err == nil {
		p.err = &SyntaxError{Rule: rule, Msg: msg, Pos: pos}
	}
}

func (p *parser) skipSpace() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\r':
			p.off++
		case '\n':
			p.off++
			p.line++
			p.lineStart = p.off
		default:
			return
		}
	}
}

func (p *parser) value(ptr string, depth int) *Node {
	if p.off >= len(p.data) {
		p.fail(ruleSyntax, p.pos(), "unexpected end of file: a value is missing")
		return nil
	}
	start := p.pos()
	switch c := p.data[p.off]; {
	case c == '{':
		if depth >= p.maxDepth {
			p.fail(ruleTooDeep, start, fmt.Sprintf("nesting deeper than %d levels; no valid server.json is nested this deep, and mcplint stops reading here", p.maxDepth))
			return nil
		}
		return p.object(ptr, depth)
	case c == '[':
		if depth >= p.maxDepth {
			p.fail(ruleTooDeep, start, fmt.Sprintf("nesting deeper than %d levels; no valid server.json is nested this deep, and mcplint stops reading here", p.maxDepth))
			return nil
		}
		return p.array(ptr, depth)
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		return &Node{Kind: KindString, Pos: start, Pointer: ptr, Str: s}
	case c == '-' || (c >= '0' && c <= '9'):
		lit, ok := p.number()
		if !ok {
			return nil
		}
		return &Node{Kind: KindNumber, Pos: start, Pointer: ptr, Str: lit}
	case p.literal("true"):
		return &Node{Kind: KindBool, Pos: start, Pointer: ptr, Bool: true}
	case p.literal("false"):
		return &Node{Kind: KindBool, Pos: start, Pointer: ptr}
	case p.literal("null"):
		return &Node{Kind: KindNull, Pos: start, Pointer: ptr}
	default:
		p.fail(ruleSyntax, start, fmt.Sprintf("unexpected %s where a JSON value should start", describeByte(p.data, p.off)))
		return nil
	}
}

func (p *parser) literal(word string) bool {
	if strings.HasPrefix(string(p.data[p.off:min(len(p.data), p.off+len(word))]), word) {
		p.off += len(word)
		return true
	}
	return false
}

func (p *parser) object(ptr string, depth int) *Node {
	n := &Node{Kind: KindObject, Pos: p.pos(), Pointer: ptr}
	p.off++ // {
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == '}' {
		p.off++
		return n
	}
	seen := map[string]*Member{}
	for {
		p.skipSpace()
		if p.off >= len(p.data) {
			p.fail(ruleSyntax, p.pos(), "unexpected end of file inside an object: a closing '}' is missing")
			return nil
		}
		if p.data[p.off] != '"' {
			p.fail(ruleSyntax, p.pos(), fmt.Sprintf("unexpected %s where an object key (a double-quoted string) should be", describeByte(p.data, p.off)))
			return nil
		}
		keyPos := p.pos()
		key, ok := p.str()
		if !ok {
			return nil
		}
		p.skipSpace()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			p.fail(ruleSyntax, p.pos(), fmt.Sprintf("expected ':' after object key %q", key))
			return nil
		}
		p.off++
		p.skipSpace()
		v := p.value(ptr+"/"+escapePointer(key), depth+1)
		if p.err != nil {
			return nil
		}
		m := &Member{Key: key, KeyPos: keyPos, Value: v}
		if prev, dup := seen[key]; dup {
			p.findings = append(p.findings, Diagnostic{
				Rule: ruleDuplicateKey, Severity: severityOf(ruleDuplicateKey), Pointer: v.Pointer, Pos: keyPos,
				Message: fmt.Sprintf("key %q appears again (first at line %d); mcp-publisher and the registry keep only this last value and silently drop the earlier one. Remove one of them", key, prev.KeyPos.Line),
			})
		}
		seen[key] = m
		n.Members = append(n.Members, m)
		p.skipSpace()
		if p.off >= len(p.data) {
			p.fail(ruleSyntax, p.pos(), "unexpected end of file inside an object: a closing '}' is missing")
			return nil
		}
		switch p.data[p.off] {
		case ',':
			p.off++
		case '}':
			p.off++
			return n
		default:
			p.fail(ruleSyntax, p.pos(), fmt.Sprintf("unexpected %s after an object member; expected ',' or '}'", describeByte(p.data, p.off)))
			return nil
		}
	}
}

func (p *parser) array(ptr string, depth int) *Node {
	n := &Node{Kind: KindArray, Pos: p.pos(), Pointer: ptr}
	p.off++ // [
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == ']' {
		p.off++
		return n
	}
	for {
		p.skipSpace()
		v := p.value(ptr+"/"+strconv.Itoa(len(n.Elems)), depth+1)
		if p.err != nil {
			return nil
		}
		n.Elems = append(n.Elems, v)
		p.skipSpace()
		if p.off >= len(p.data) {
			p.fail(ruleSyntax, p.pos(), "unexpected end of file inside an array: a closing ']' is missing")
			return nil
		}
		switch p.data[p.off] {
		case ',':
			p.off++
		case ']':
			p.off++
			return n
		default:
			p.fail(ruleSyntax, p.pos(), fmt.Sprintf("unexpected %s after an array element; expected ',' or ']'", describeByte(p.data, p.off)))
			return nil
		}
	}
}

// str parses a string starting at the opening quote and returns it decoded.
func (p *parser) str() (string, bool) {
	start := p.pos()
	p.off++ // opening quote
	// Fast path: no escapes.
	i := p.off
	for i < len(p.data) {
		c := p.data[i]
		if c == '"' {
			s := string(p.data[p.off:i])
			p.off = i + 1
			return s, true
		}
		if c == '\\' || c < 0x20 {
			break
		}
		i++
	}
	var sb strings.Builder
	sb.Write(p.data[p.off:i])
	p.off = i
	for p.off < len(p.data) {
		c := p.data[p.off]
		switch {
		case c == '"':
			p.off++
			return sb.String(), true
		case c < 0x20:
			if c == '\n' {
				p.fail(ruleSyntax, p.pos(), "a string is not closed before the end of the line (raw newlines must be written as \\n)")
			} else {
				p.fail(ruleSyntax, p.pos(), fmt.Sprintf("control character 0x%02x inside a string must be escaped", c))
			}
			return "", false
		case c == '\\':
			if p.off+1 >= len(p.data) {
				p.fail(ruleSyntax, p.pos(), "unexpected end of file inside a string escape")
				return "", false
			}
			e := p.data[p.off+1]
			switch e {
			case '"', '\\', '/':
				sb.WriteByte(e)
				p.off += 2
			case 'b':
				sb.WriteByte('\b')
				p.off += 2
			case 'f':
				sb.WriteByte('\f')
				p.off += 2
			case 'n':
				sb.WriteByte('\n')
				p.off += 2
			case 'r':
				sb.WriteByte('\r')
				p.off += 2
			case 't':
				sb.WriteByte('\t')
				p.off += 2
			case 'u':
				escPos := p.pos()
				r, ok := p.hex4(p.off + 2)
				if !ok {
					p.fail(ruleSyntax, escPos, "invalid \\u escape: it needs four hexadecimal digits")
					return "", false
				}
				p.off += 6
				if utf16.IsSurrogate(r) {
					if r < 0xDC00 && p.off+1 < len(p.data) && p.data[p.off] == '\\' && p.data[p.off+1] == 'u' {
						if r2, ok := p.hex4(p.off + 2); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
							sb.WriteRune(utf16.DecodeRune(r, r2))
							p.off += 6
							continue
						}
					}
					p.findings = append(p.findings, Diagnostic{
						Rule: ruleEncoding, Severity: severityOf(ruleEncoding), Pos: escPos,
						Message: fmt.Sprintf("unpaired UTF-16 surrogate escape \\u%04X; mcp-publisher refuses files containing one. Escape the whole character as a surrogate pair or write it as UTF-8", r),
					})
					sb.WriteRune(utf8.RuneError)
					continue
				}
				sb.WriteRune(r)
			default:
				p.fail(ruleSyntax, p.pos(), fmt.Sprintf("invalid escape sequence \\%c in a string", e))
				return "", false
			}
		default:
			sb.WriteByte(c)
			p.off++
		}
	}
	p.fail(ruleSyntax, start, "unexpected end of file: a string is not closed")
	return "", false
}

func (p *parser) hex4(at int) (rune, bool) {
	if at+4 > len(p.data) {
		return 0, false
	}
	var r rune
	for _, c := range p.data[at : at+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number scans an RFC 8259 number and returns its literal text.
func (p *parser) number() (string, bool) {
	start := p.off
	startPos := p.pos()
	i := p.off
	if i < len(p.data) && p.data[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.data) && p.data[i] >= '0' && p.data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(p.data) && p.data[i] == '0' {
		i++
	} else if digits() == 0 {
		p.fail(ruleSyntax, startPos, "invalid number: a digit must follow '-'")
		return "", false
	}
	if i < len(p.data) && p.data[i] == '.' {
		i++
		if digits() == 0 {
			p.fail(ruleSyntax, startPos, "invalid number: a digit must follow the decimal point")
			return "", false
		}
	}
	if i < len(p.data) && (p.data[i] == 'e' || p.data[i] == 'E') {
		i++
		if i < len(p.data) && (p.data[i] == '+' || p.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.fail(ruleSyntax, startPos, "invalid number: a digit must follow the exponent")
			return "", false
		}
	}
	p.off = i
	return string(p.data[start:i]), true
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
