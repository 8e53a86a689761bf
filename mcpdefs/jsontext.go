package mcpdefs

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// maxJSONDepth bounds nesting in JSON text so that hostile input cannot exhaust the stack.
const maxJSONDepth = 512

// ParseJSONText parses JSON text into a JSON tree whose nodes carry byte offsets into src
// (Pos is the offset of the value's first byte, End just past its last). Callers map offsets
// to token positions. It accepts exactly what encoding/json accepts.
func ParseJSONText(src string) (*JSON, error) {
	p := &jsonParser{src: src}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.src) {
		return nil, p.errorf("unexpected %q after the top-level value", p.src[p.i])
	}
	return v, nil
}

type jsonParser struct {
	src string
	i   int
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return fmt.Errorf("invalid JSON at offset %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *jsonParser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (*JSON, error) {
	if depth > maxJSONDepth {
		return nil, p.errorf("nested more than %d levels", maxJSONDepth)
	}
	if p.i >= len(p.src) {
		return nil, p.errorf("unexpected end of input")
	}
	start := p.i
	node := &JSON{Offset: start}
	switch c := p.src[p.i]; {
	case c == '{':
		node.Kind = JSONObject
		p.i++
		p.space()
		if p.i < len(p.src) && p.src[p.i] == '}' {
			p.i++
			break
		}
		for {
			p.space()
			if p.i >= len(p.src) || p.src[p.i] != '"' {
				return nil, p.errorf("want a string key")
			}
			keyStart := p.i
			key, err := p.str()
			if err != nil {
				return nil, err
			}
			p.space()
			if p.i >= len(p.src) || p.src[p.i] != ':' {
				return nil, p.errorf("want ':' after a key")
			}
			p.i++
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			node.Members = append(node.Members, &JSONMember{Key: key, KeyOffset: keyStart, Value: v})
			p.space()
			if p.i < len(p.src) && p.src[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.src) && p.src[p.i] == '}' {
				p.i++
				break
			}
			return nil, p.errorf("want ',' or '}' in an object")
		}
	case c == '[':
		node.Kind = JSONArray
		p.i++
		p.space()
		if p.i < len(p.src) && p.src[p.i] == ']' {
			p.i++
			break
		}
		for {
			p.space()
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			node.Elems = append(node.Elems, v)
			p.space()
			if p.i < len(p.src) && p.src[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.src) && p.src[p.i] == ']' {
				p.i++
				break
			}
			return nil, p.errorf("want ',' or ']' in an array")
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		node.Kind, node.Str = JSONString, s
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []struct {
			word string
			kind JSONKind
			val  bool
		}{{"true", JSONBool, true}, {"false", JSONBool, false}, {"null", JSONNull, false}} {
			if len(p.src)-p.i >= len(lit.word) && p.src[p.i:p.i+len(lit.word)] == lit.word {
				node.Kind, node.Bool = lit.kind, lit.val
				p.i += len(lit.word)
				break
			}
		}
		if node.Kind == JSONDynamic {
			return nil, p.errorf("unknown literal")
		}
	case c == '-' || (c >= '0' && c <= '9'):
		if err := p.number(); err != nil {
			return nil, err
		}
		f, err := strconv.ParseFloat(p.src[start:p.i], 64)
		if err != nil {
			// Out of float64 range: encoding/json accepts the text; keep it as a number.
			f = 0
		}
		node.Kind, node.Num = JSONNumber, f
	default:
		return nil, p.errorf("unexpected %q", c)
	}
	node.EndOffset = p.i
	return node, nil
}

// str scans a string token and decodes it with encoding/json, which knows every escape.
func (p *jsonParser) str() (string, error) {
	start := p.i
	p.i++
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == '"':
			p.i++
			var s string
			if err := json.Unmarshal([]byte(p.src[start:p.i]), &s); err != nil {
				return "", fmt.Errorf("invalid JSON at offset %d: bad string: %v", start, err)
			}
			return s, nil
		case c == '\\':
			p.i += 2
		case c < 0x20:
			return "", p.errorf("control character in a string")
		default:
			p.i++
		}
	}
	return "", p.errorf("unterminated string")
}

// number scans a number token per RFC 8259.
func (p *jsonParser) number() error {
	if p.src[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	switch {
	case p.i < len(p.src) && p.src[p.i] == '0':
		p.i++
	case digits() == 0:
		return p.errorf("bad number")
	}
	if p.i < len(p.src) && p.src[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return p.errorf("bad number fraction")
		}
	}
	if p.i < len(p.src) && (p.src[p.i] == 'e' || p.src[p.i] == 'E') {
		p.i++
		if p.i < len(p.src) && (p.src[p.i] == '+' || p.src[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return p.errorf("bad number exponent")
		}
	}
	return nil
}
