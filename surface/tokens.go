package surface

import (
	"encoding/json"

	"github.com/mcplint-go/mcplint/internal/tokens"
)

// Estimate sets every entry's token estimate: the entry as the client receives it (its MCP
// fields as compact JSON, without x-mcplint), counted with o200k_base. Clients put tool
// definitions into the model's context in their own wrapping, so this is the entry's share
// of it, not an exact figure for any one client.
func Estimate(s *Surface, c *tokens.Counter) {
	for _, l := range s.Lists() {
		for _, e := range *l.Entries {
			e.X.Tokens = c.Count(string(Wire(e)))
		}
	}
}

// Wire is the entry's JSON as the server sends it (what is unknown is absent).
func Wire(e *Entry) []byte {
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
