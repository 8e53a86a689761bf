// Package mixed imports nothing MCP and has files of two packages, which go list reports: it
// cannot hold MCP code, so mcplint names it only under -v.
package mixed
