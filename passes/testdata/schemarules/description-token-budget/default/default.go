// Package default runs with the default description-token-budget (1000 tokens).
package default_

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func low(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// paragraph is about 100 tokens.
const paragraph = "Use this tool to search the catalog of the library for books, articles and recordings. " +
	"The query matches titles, authors, subjects and the full text of the summaries, and the results " +
	"come back ordered by relevance, twenty at a time, with a cursor for the next page. Filters narrow " +
	"the search by year of publication, language, format and availability at a given branch; unknown " +
	"filter values are rejected with a message that lists the accepted ones. "

const (
	nine   = paragraph + paragraph + paragraph + paragraph + paragraph + paragraph + paragraph + paragraph + paragraph
	twelve = nine + paragraph + paragraph + paragraph
)

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "search", Description: nine, InputSchema: map[string]any{"type": "object"}}, low)
	s.AddTool(&mcp.Tool{Name: "search_all", Description: twelve, InputSchema: map[string]any{"type": "object"}}, low) // want `description uses about \d{4} context tokens per request \(budget 1000\)`
}
