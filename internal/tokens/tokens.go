// Package tokens estimates how many tokens of a model's context a piece of text takes, with
// OpenAI's o200k_base encoding (GPT-4o and later), whose ranks ship inside the
// tiktoken-go-loader module: nothing is downloaded at run time. Other vendors' tokenizers are
// not public; docs/surface.md says how far the estimate carries to them.
package tokens

import (
	"sync"

	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"
)

// Encoding is the encoding counts are made with.
const Encoding = "o200k_base"

// Counter counts tokens. Its zero value is ready; the encoding is loaded on first use
// (about 0.3 s and tens of MB), so a run that counts nothing pays nothing.
type Counter struct {
	once sync.Once
	enc  *tiktoken.Tiktoken
	err  error
}

// Count returns the number of tokens of text; if the encoding cannot be loaded it falls
// back to one token per four bytes, rounded up. It is safe for concurrent use: EncodeOrdinary
// only reads the encoder's rank maps and its regexp2 pattern, which is itself safe for
// concurrent use (Encode, with special tokens, is what keeps state, and is not called).
func (c *Counter) Count(text string) int {
	c.once.Do(func() {
		// The offline loader reads the ranks embedded in the module instead of fetching them.
		tiktoken.SetBpeLoader(loader.NewOfflineLoader())
		c.enc, c.err = tiktoken.GetEncoding(Encoding)
	})
	if c.err != nil || c.enc == nil {
		return (len(text) + 3) / 4
	}
	return len(c.enc.EncodeOrdinary(text))
}
