// Package jsontext parses JSON text into a tree whose every value and key knows its byte
// offset, for the two callers that report findings inside JSON: the server.json library and
// the recognition layer's JSON-text schemas. It accepts what encoding/json accepts (strings
// with invalid UTF-8 or unpaired surrogate escapes decode to U+FFFD, as there), reports the
// first syntax error as a structured value that each caller words for its own readers, and
// never panics.
package jsontext

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the JSON type of a Node.
type Kind uint8

// The JSON value kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Node is one parsed value. Offset is its first byte, End just past its last.
type Node struct {
	Kind        Kind
	Offset, End int
	Str         string // the decoded string, or the literal text of a number
	Bool        bool
	Members     []*Member // object members in document order, duplicates included
	Elems       []*Node
}

// Member is one key of an object; KeyOffset is the key's opening quote.
type Member struct {
	Key       string
	KeyOffset int
	Value     *Node
}

// ErrorKind says what is wrong at a SyntaxError's offset.
type ErrorKind uint8

// The syntax errors, each at the offset of the byte that shows it.
const (
	ErrEmpty            ErrorKind = iota // no value at all (only white space)
	ErrValueMissing                      // end of input where a value should start
	ErrTooDeep                           // an array or object nested deeper than the limit
	ErrUnexpectedValue                   // a byte that cannot start a value
	ErrObjectUnclosed                    // end of input inside an object
	ErrWantKey                           // something other than a string where a key should be
	ErrWantColon                         // no ':' after the key (SyntaxError.Key)
	ErrAfterMember                       // neither ',' nor '}' after a member
	ErrArrayUnclosed                     // end of input inside an array
	ErrAfterElement                      // neither ',' nor ']' after an element
	ErrNewlineInString                   // a raw line feed inside a string
	ErrControlInString                   // another raw control character inside a string
	ErrEscapeUnfinished                  // end of input right after a backslash
	ErrBadUnicodeEscape                  // \u without four hexadecimal digits
	ErrBadEscape                         // a backslash followed by a letter JSON does not know
	ErrStringUnclosed                    // end of input inside a string (offset: its opening quote)
	ErrNumberDigit                       // no digit after '-' (offset: the number's start)
	ErrNumberFraction                    // no digit after the decimal point
	ErrNumberExponent                    // no digit in the exponent
	ErrTrailing                          // more than white space after the value
)

// SyntaxError is the first reason the text is not JSON.
type SyntaxError struct {
	Kind   ErrorKind
	Offset int
	Key    string // for ErrWantColon: the key before it
}

// NoticeKind says what a Notice is about.
type NoticeKind uint8

// Things the text may do that JSON allows but a reader may care about.
const (
	// DuplicateKey: Member repeats the key of First, an earlier member of the same object.
	DuplicateKey NoticeKind = iota
	// UnpairedSurrogate: a \u escape at Offset names half a UTF-16 surrogate pair (Rune).
	UnpairedSurrogate
)

// Notice is one such thing, in document order.
type Notice struct {
	Kind          NoticeKind
	Offset        int
	Rune          rune
	Member, First *Member
	// Path is the keys and array indexes from the root to Member's value (DuplicateKey).
	Path []string
}

// Result is the outcome of Parse: the tree (nil on an error), the error, and the notices.
type Result struct {
	Root    *Node
	Err     *SyntaxError
	Notices []Notice
}

// Parse parses data[start:] as one JSON value; offsets are into data. maxDepth bounds the
// nesting of arrays and objects so that hostile input cannot exhaust the stack.
func Parse(data []byte, start, maxDepth int) Result {
	p := &parser{data: data, off: start, maxDepth: maxDepth}
	p.skipSpace()
	if p.off >= len(p.data) {
		return Result{Err: &SyntaxError{Kind: ErrEmpty, Offset: p.off}}
	}
	root := p.value(0)
	if p.err == nil {
		p.skipSpace()
		if p.off < len(p.data) {
			p.fail(ErrTrailing, p.off)
		}
	}
	if p.err != nil {
		return Result{Err: p.err, Notices: p.notices}
	}
	return Result{Root: root, Notices: p.notices}
}

type parser struct {
	data     []byte
	off      int
	maxDepth int
	err      *SyntaxError
	notices  []Notice
	path     []string // keys and indexes down to the value being parsed
}

func (p *parser) fail(kind ErrorKind, off int) {
	if p.err == nil {
		p.err = &SyntaxError{Kind: kind, Offset: off}
	}
}

func (p *parser) skipSpace() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\r', '\n':
			p.off++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) *Node {
	if p.off >= len(p.data) {
		p.fail(ErrValueMissing, p.off)
		return nil
	}
	start := p.off
	var n *Node
	switch c := p.data[p.off]; {
	case c == '{' || c == '[':
		if depth >= p.maxDepth {
			p.fail(ErrTooDeep, start)
			return nil
		}
		if c == '{' {
			n = p.object(depth)
		} else {
			n = p.array(depth)
		}
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		n = &Node{Kind: String, Str: s}
	case c == '-' || (c >= '0' && c <= '9'):
		lit, ok := p.number()
		if !ok {
			return nil
		}
		n = &Node{Kind: Number, Str: lit}
	case p.literal("true"):
		n = &Node{Kind: Bool, Bool: true}
	case p.literal("false"):
		n = &Node{Kind: Bool}
	case p.literal("null"):
		n = &Node{Kind: Null}
	default:
		p.fail(ErrUnexpectedValue, start)
		return nil
	}
	if n == nil {
		return nil
	}
	n.Offset, n.End = start, p.off
	return n
}

func (p *parser) literal(word string) bool {
	if strings.HasPrefix(string(p.data[p.off:min(len(p.data), p.off+len(word))]), word) {
		p.off += len(word)
		return true
	}
	return false
}

func (p *parser) object(depth int) *Node {
	n := &Node{Kind: Object}
	if p.open('}') {
		return n
	}
	seen := map[string]*Member{}
	for {
		p.skipSpace()
		if p.off >= len(p.data) {
			p.fail(ErrObjectUnclosed, p.off)
			return nil
		}
		if p.data[p.off] != '"' {
			p.fail(ErrWantKey, p.off)
			return nil
		}
		keyOff := p.off
		key, ok := p.str()
		if !ok {
			return nil
		}
		p.skipSpace()
		if p.off >= len(p.data) || p.data[p.off] != ':' {
			p.fail(ErrWantColon, p.off)
			p.err.Key = key
			return nil
		}
		p.off++
		p.skipSpace()
		p.path = append(p.path, key)
		v := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		m := &Member{Key: key, KeyOffset: keyOff, Value: v}
		if first, dup := seen[key]; dup {
			p.notices = append(p.notices, Notice{Kind: DuplicateKey, Offset: keyOff, Member: m, First: first, Path: append([]string(nil), p.path...)})
		}
		p.path = p.path[:len(p.path)-1]
		seen[key] = m
		n.Members = append(n.Members, m)
		if !p.next('}', ErrObjectUnclosed, ErrAfterMember) {
			return p.done(n)
		}
	}
}

func (p *parser) array(depth int) *Node {
	n := &Node{Kind: Array}
	if p.open(']') {
		return n
	}
	for {
		p.skipSpace()
		p.path = append(p.path, strconv.Itoa(len(n.Elems)))
		v := p.value(depth + 1)
		if p.err != nil {
			return nil
		}
		p.path = p.path[:len(p.path)-1]
		n.Elems = append(n.Elems, v)
		if !p.next(']', ErrArrayUnclosed, ErrAfterElement) {
			return p.done(n)
		}
	}
}

// open consumes the opening bracket of an object or array and reports whether closing
// follows at once (the container is empty).
func (p *parser) open(closing byte) (empty bool) {
	p.off++
	p.skipSpace()
	if p.off < len(p.data) && p.data[p.off] == closing {
		p.off++
		return true
	}
	return false
}

// next consumes what follows an element of an object or array: ',' (it reports true, more
// follow) or closing; anything else fails with wrong, the end of input with unclosed.
func (p *parser) next(closing byte, unclosed, wrong ErrorKind) (more bool) {
	p.skipSpace()
	switch {
	case p.off >= len(p.data):
		p.fail(unclosed, p.off)
	case p.data[p.off] == ',':
		p.off++
		return true
	case p.data[p.off] == closing:
		p.off++
	default:
		p.fail(wrong, p.off)
	}
	return false
}

// done returns the finished container, or nil once parsing has failed.
func (p *parser) done(n *Node) *Node {
	if p.err != nil {
		return nil
	}
	return n
}

// The one-letter escapes and what each stands for.
const escaped, unescaped = "\"\\/bfnrt", "\"\\/\b\f\n\r\t"

// str parses a string starting at the opening quote and returns it decoded.
func (p *parser) str() (string, bool) {
	start := p.off
	p.off++ // opening quote
	// Fast path: no escapes, valid UTF-8.
	i := p.off
	for i < len(p.data) {
		c := p.data[i]
		if c == '"' {
			if !utf8.Valid(p.data[p.off:i]) {
				break
			}
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
	for p.off < len(p.data) {
		c := p.data[p.off]
		switch {
		case c == '"':
			p.off++
			return sb.String(), true
		case c < 0x20:
			if c == '\n' {
				p.fail(ErrNewlineInString, p.off)
			} else {
				p.fail(ErrControlInString, p.off)
			}
			return "", false
		case c == '\\':
			if p.off+1 >= len(p.data) {
				p.fail(ErrEscapeUnfinished, p.off)
				return "", false
			}
			e := p.data[p.off+1]
			if i := strings.IndexByte(escaped, e); i >= 0 {
				sb.WriteByte(unescaped[i])
				p.off += 2
				continue
			}
			switch e {
			case 'u':
				esc := p.off
				r, ok := p.hex4(p.off + 2)
				if !ok {
					p.fail(ErrBadUnicodeEscape, esc)
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
					p.notices = append(p.notices, Notice{Kind: UnpairedSurrogate, Offset: esc, Rune: r})
					sb.WriteRune(utf8.RuneError)
					continue
				}
				sb.WriteRune(r)
			default:
				p.fail(ErrBadEscape, p.off)
				return "", false
			}
		case c < utf8.RuneSelf:
			sb.WriteByte(c)
			p.off++
		default:
			// As encoding/json: each invalid byte becomes U+FFFD.
			r, size := utf8.DecodeRune(p.data[p.off:])
			sb.WriteRune(r)
			p.off += size
		}
	}
	p.fail(ErrStringUnclosed, start)
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
		p.fail(ErrNumberDigit, start)
		return "", false
	}
	// An optional part: one of marks, then (after an optional sign) at least one digit.
	part := func(marks string, signed bool, missing ErrorKind) bool {
		if i >= len(p.data) || !strings.ContainsRune(marks, rune(p.data[i])) {
			return true
		}
		i++
		if signed && i < len(p.data) && (p.data[i] == '+' || p.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.fail(missing, start)
			return false
		}
		return true
	}
	if !part(".", false, ErrNumberFraction) || !part("eE", true, ErrNumberExponent) {
		return "", false
	}
	p.off = i
	return string(p.data[start:i]), true
}
