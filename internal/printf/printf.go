// Package printf parses fmt-style format strings into their verbs and the arguments they
// consume, so that rules can tell which argument a %w, %v or %+v formats.
package printf

import "unicode/utf8"

// Verb is one formatting directive.
type Verb struct {
	// Verb is the verb rune ('v', 'w', 's', ...).
	Verb rune
	// Flags holds the flag characters given ('+', '#', '-', ' ', '0').
	Flags string
	// Arg is the 0-based index of the argument the verb formats (after the format string),
	// or -1 when the directive is malformed or consumes no argument (%%).
	Arg int
	// Start and End are the byte offsets of the directive in the format string.
	Start, End int
}

// Plus reports the + flag, which makes %v print field names.
func (v Verb) Plus() bool { return contains(v.Flags, '+') }

// Sharp reports the # flag, which makes %v print Go syntax.
func (v Verb) Sharp() bool { return contains(v.Flags, '#') }

func contains(s string, r byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == r {
			return true
		}
	}
	return false
}

// Parse returns the verbs of format in order. It never fails: a malformed directive is
// returned with Arg -1 and parsing goes on, as fmt itself does.
func Parse(format string) []Verb {
	var verbs []Verb
	arg := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		start := i
		i++
		if i >= len(format) {
			verbs = append(verbs, Verb{Verb: 0, Arg: -1, Start: start, End: i})
			break
		}
		if format[i] == '%' {
			i++
			continue
		}
		var flags []byte
		for i < len(format) && contains("+-# 0", format[i]) {
			flags = append(flags, format[i])
			i++
		}
		// Explicit argument index before width: %[2]*d or %[1]v.
		i, arg = argIndex(format, i, arg)
		i, arg = widthOrPrecision(format, i, arg)
		if i < len(format) && format[i] == '.' {
			i, arg = argIndex(format, i+1, arg)
			i, arg = widthOrPrecision(format, i, arg)
		}
		i, arg = argIndex(format, i, arg)
		if i >= len(format) {
			verbs = append(verbs, Verb{Arg: -1, Flags: string(flags), Start: start, End: i})
			break
		}
		// An invalid UTF-8 byte is a one-byte verb U+FFFD, as fmt reads it.
		r, size := utf8.DecodeRuneInString(format[i:])
		i += size
		verbs = append(verbs, Verb{Verb: r, Flags: string(flags), Arg: arg, Start: start, End: i})
		arg++
	}
	return verbs
}

// widthOrPrecision skips a width or a precision at i, a number or a '*', which consumes an
// argument, returning the new position and the argument the next directive consumes.
func widthOrPrecision(format string, i, arg int) (int, int) {
	if i < len(format) && format[i] == '*' {
		return i + 1, arg + 1
	}
	for i < len(format) && format[i] >= '0' && format[i] <= '9' {
		i++
	}
	return i, arg
}

// argIndex parses an explicit [n] argument index at i, returning the new position and the
// argument the next directive consumes.
func argIndex(format string, i, arg int) (int, int) {
	if i >= len(format) || format[i] != '[' {
		return i, arg
	}
	j := i + 1
	n := 0
	digits := 0
	for j < len(format) && format[j] >= '0' && format[j] <= '9' && digits < 9 {
		n = n*10 + int(format[j]-'0')
		j++
		digits++
	}
	if j >= len(format) || format[j] != ']' || digits == 0 || n < 1 {
		return i, arg
	}
	return j + 1, n - 1
}
