// Package bookshelf is a small MCP server built on mcptool: a read-only
// book catalog with tools, a resource template and a prompt, each with a
// declared error contract.
package bookshelf

import (
	"slices"
	"strings"
)

// Status is a book's availability.
type Status string

// The statuses a book can have.
const (
	StatusAvailable Status = "available"
	StatusOnLoan    Status = "on_loan"
	StatusLost      Status = "lost"
)

// EnumValues puts the statuses in the JSON Schema and lets mcptooltest
// render each one.
func (Status) EnumValues() []any { return []any{StatusAvailable, StatusOnLoan, StatusLost} }

// Book is one catalog entry.
type Book struct {
	ID     string   `json:"id" jsonschema:"catalog ID, such as bk-1"`
	Title  string   `json:"title" jsonschema:"the book's title"`
	Author string   `json:"author" jsonschema:"the author's name"`
	Year   int      `json:"year" jsonschema:"year of first publication"`
	ISBN   string   `json:"isbn" jsonschema:"ISBN-13"`
	Status Status   `json:"status" jsonschema:"whether the book can be borrowed"`
	Tags   []string `json:"tags,omitempty" jsonschema:"subject tags"`
}

// Catalog is an in-memory, read-only set of books; safe for concurrent use.
type Catalog struct {
	books []Book
}

// NewCatalog copies books into a catalog.
func NewCatalog(books []Book) *Catalog {
	return &Catalog{books: slices.Clone(books)}
}

// SampleCatalog is the catalog the example binary serves.
func SampleCatalog() *Catalog {
	return NewCatalog([]Book{
		{ID: "bk-1", Title: "The Go Programming Language", Author: "Alan Donovan and Brian Kernighan", Year: 2015, ISBN: "9780134190440", Status: StatusAvailable, Tags: []string{"go", "programming"}},
		{ID: "bk-2", Title: "Designing Data-Intensive Applications", Author: "Martin Kleppmann", Year: 2017, ISBN: "9781449373320", Status: StatusOnLoan, Tags: []string{"databases", "distributed systems"}},
		{ID: "bk-3", Title: "The Mythical Man-Month", Author: "Frederick Brooks", Year: 1975, ISBN: "9780201835953", Status: StatusAvailable, Tags: []string{"management"}},
		{ID: "bk-4", Title: "Structure and Interpretation of Computer Programs", Author: "Harold Abelson and Gerald Sussman", Year: 1985, ISBN: "9780262510875", Status: StatusLost},
	})
}

// Get returns the book with id.
func (c *Catalog) Get(id string) (Book, bool) {
	for _, b := range c.books {
		if b.ID == id {
			return b, true
		}
	}
	return Book{}, false
}

// Search returns the books whose title, author or tags contain query
// (case-insensitive), and how many matched in total.
func (c *Catalog) Search(query string, limit int) ([]Book, int) {
	q := strings.ToLower(query)
	var hits []Book
	for _, b := range c.books {
		text := strings.ToLower(b.Title + " " + b.Author + " " + strings.Join(b.Tags, " "))
		if strings.Contains(text, q) {
			hits = append(hits, b)
		}
	}
	total := len(hits)
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	return hits, total
}
