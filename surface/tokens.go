package surface

import "encoding/json"

// Estimate sets every entry's token estimate: the entry as the client receives it (its MCP
// fields as JSON, without x-mcplint), at one token per four bytes, rounded up.
func Estimate(s *Surface) {
	for _, l := range s.Lists() {
		for _, e := range *l.Entries {
			e.X.Tokens = EstimateTokens(wire(e))
		}
	}
}

// wire is the entry's JSON as the server sends it.
func wire(e *Entry) []byte {
	c := *e
	c.X = Info{}
	b, err := json.Marshal(&c)
	if err != nil {
		return nil
	}
	// Drop the empty x-mcplint object the copy still marshals.
	const tail = `,"x-mcplint":{}}`
	if n := len(b); n >= len(tail) && string(b[n-len(tail):]) == tail {
		b = append(b[:n-len(tail)], '}')
	}
	return b
}

// EstimateTokens estimates the tokens of text.
func EstimateTokens(text []byte) int {
	return (len(text) + 3) / 4
}
