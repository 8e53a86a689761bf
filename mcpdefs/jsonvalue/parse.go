package jsonvalue

import (
	"fmt"
	"strconv"

	"github.com/mcplint-go/mcplint/internal/jsontext"
)

// maxDepth bounds nesting in JSON text so that hostile input cannot exhaust the stack.
const maxDepth = 512

// Parse parses JSON text into a tree whose nodes carry byte offsets into src
// (Pos is the offset of the value's first byte, End just past its last). Callers map offsets
// to token positions. It accepts exactly what encoding/json accepts.
func Parse(src string) (*Value, error) {
	res := jsontext.Parse([]byte(src), 0, maxDepth+1)
	if res.Err != nil {
		return nil, fmt.Errorf("invalid JSON at offset %d: %s", res.Err.Offset, textProblem(src, res.Err))
	}
	return fromText(res.Root), nil
}

// textProblem words a parse error for the schema-is-object message, which quotes it.
func textProblem(src string, e *jsontext.SyntaxError) string {
	switch e.Kind {
	case jsontext.ErrEmpty, jsontext.ErrValueMissing, jsontext.ErrObjectUnclosed, jsontext.ErrArrayUnclosed:
		return "unexpected end of input"
	case jsontext.ErrTooDeep:
		return fmt.Sprintf("nested more than %d levels", maxDepth)
	case jsontext.ErrUnexpectedValue:
		if src[e.Offset] == 't' || src[e.Offset] == 'f' || src[e.Offset] == 'n' {
			return "unknown literal"
		}
		return fmt.Sprintf("unexpected %q", src[e.Offset])
	case jsontext.ErrWantKey:
		return "want a string key"
	case jsontext.ErrWantColon:
		return "want ':' after a key"
	case jsontext.ErrAfterMember:
		return "want ',' or '}' in an object"
	case jsontext.ErrAfterElement:
		return "want ',' or ']' in an array"
	case jsontext.ErrNewlineInString, jsontext.ErrControlInString:
		return "control character in a string"
	case jsontext.ErrEscapeUnfinished, jsontext.ErrStringUnclosed:
		return "unterminated string"
	case jsontext.ErrBadUnicodeEscape, jsontext.ErrBadEscape:
		return "bad escape in a string"
	case jsontext.ErrNumberDigit:
		return "bad number"
	case jsontext.ErrNumberFraction:
		return "bad number fraction"
	case jsontext.ErrNumberExponent:
		return "bad number exponent"
	case jsontext.ErrTrailing:
		return fmt.Sprintf("unexpected %q after the top-level value", src[e.Offset])
	}
	return "not JSON"
}

// fromText converts the parsed tree, offsets and all.
func fromText(n *jsontext.Node) *Value {
	out := &Value{Offset: n.Offset, EndOffset: n.End}
	switch n.Kind {
	case jsontext.Null:
		out.Kind = Null
	case jsontext.Bool:
		out.Kind, out.Bool = Bool, n.Bool
	case jsontext.Number:
		f, err := strconv.ParseFloat(n.Str, 64)
		if err != nil {
			// Out of float64 range: encoding/json accepts the text; keep it as a number.
			f = 0
		}
		out.Kind, out.Num = Number, f
	case jsontext.String:
		out.Kind, out.Str = String, n.Str
	case jsontext.Array:
		out.Kind = Array
		for _, e := range n.Elems {
			out.Elems = append(out.Elems, fromText(e))
		}
	case jsontext.Object:
		out.Kind = Object
		for _, m := range n.Members {
			out.Members = append(out.Members, &Member{Key: m.Key, KeyOffset: m.KeyOffset, Value: fromText(m.Value)})
		}
	}
	return out
}
