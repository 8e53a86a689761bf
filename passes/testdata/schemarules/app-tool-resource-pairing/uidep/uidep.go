// Package uidep registers a UI resource that the package importing it points at.
package uidep

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddResource(&mcp.Resource{Name: "chart", URI: "ui://charts/chart.html", Description: "d"}, read)
}
