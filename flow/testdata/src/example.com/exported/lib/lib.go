package lib

// Tool is a definition.
type Tool struct{ Name string }

// NewA builds one tool.
func NewA() Tool { return Tool{Name: "a"} }

// NewB builds another.
func NewB() Tool { return Tool{Name: "b"} }

// Cache keeps what a provider function made the first time.
type Cache struct{ tools []Tool }

// Get returns the cached tools, made by provide the first time.
func (c *Cache) Get(provide func() []Tool) []Tool {
	if c.tools == nil {
		c.tools = provide()
	}
	return c.tools
}

// Size returns a count, however it is made.
func (c *Cache) Size(count func() int) int { return count() }
