// Package summaries: what each helper returns on all of its paths.
package summaries

import (
	"errors"
	"fmt"

	m3 "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func notFound(id string) *mcp.CallToolResult { // want `summary\(0:nonnil,iserror\)`
	return &mcp.CallToolResult{IsError: true}
}

func text(s string) *mcp.CallToolResult { // want `summary\(0:nonnil,success\)`
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func m3Error(err error) *m3.CallToolResult { // want `summary\(0:nonnil,iserror\)`
	return m3.NewToolResultErrorFromErr("failed", err)
}

func mixed(ok bool) *mcp.CallToolResult { // want `summary\(0:nonnil\)`
	if ok {
		return text("ok")
	}
	return notFound("x")
}

func maybeNil(ok bool) *mcp.CallToolResult {
	if ok {
		return nil
	}
	return notFound("x")
}

func wrap(err error) error { // want `summary\(0:nonnil,wraps0\)`
	return fmt.Errorf("call failed: %w", err)
}

func flatten(err error) error { // want `summary\(0:nonnil\)`
	return fmt.Errorf("call failed: %v", err)
}

func replace(err error) error { // want `summary\(0:nonnil,drops0\)`
	return errors.New("call failed")
}

func same(err error) error { // want `summary\(0:nonnil,passes0,wraps0\)`
	if errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return wrap(err)
}

func orNil(err error) error { // want `summary\(0:wraps0\)`
	if err == nil {
		return nil
	}
	return wrap(err)
}

func both(err error) (*mcp.CallToolResult, error) { // want `summary\(0:nonnil,iserror 1:nonnil,wraps0\)`
	return notFound("x"), wrap(err)
}

// Defined before the helper it calls: summaries are computed to a fixed point.
func early(err error) error { // want `summary\(0:nonnil,wraps0\)`
	return late(err)
}

func late(err error) error { // want `summary\(0:nonnil,wraps0\)`
	return fmt.Errorf("late: %w", err)
}

// Bare returns after an assignment of every named result read like the values assigned.
func notFoundBare(id string) (res *mcp.CallToolResult) { // want `summary\(0:nonnil,iserror\)`
	res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no " + id}}}
	return
}

func wrapBare(err error) (out error) { // want `summary\(0:nonnil,wraps0\)`
	out = fmt.Errorf("fetch: %w", err)
	return
}

// A bare return after other statements reads the value the named result holds there.
func notFoundLater(id string) (res *mcp.CallToolResult) { // want `summary\(0:nonnil,iserror\)`
	res = &mcp.CallToolResult{IsError: true}
	res.Content = []mcp.Content{&mcp.TextContent{Text: "no " + id}}
	return
}

// Package variables that hold one function: a method value, a literal, a factory's closure,
// an alias. One assigned again elsewhere holds no one function.
type notFoundHandler struct{}

func (*notFoundHandler) notFound(id string) *mcp.CallToolResult { // want `summary\(0:nonnil,iserror\)`
	return &mcp.CallToolResult{IsError: true}
}

var notFoundValue = (&notFoundHandler{}).notFound // want `summary\(0:nonnil,iserror\)`

var wrapLiteral = func(err error) error { // want `summary\(0:nonnil,wraps0\)`
	return fmt.Errorf("fetch: %w", err)
}

func newWrapper() func(error) error {
	return func(err error) error { return fmt.Errorf("call: %w", err) }
}

var wrapMade = newWrapper() // want `summary\(0:nonnil,wraps0\)`

var textAlias = text // want `summary\(0:nonnil,success\)`

var reassigned = text

func init() { reassigned = notFound }

// The same helpers written in other control flow: the summary is the engine's answer on
// each path, not the shape of the statements.
func orNilNegated(err error) error { // want `summary\(0:wraps0\)`
	if err != nil {
		return wrap(err)
	}
	return nil
}

func orNilElse(err error) (out error) { // want `summary\(0:wraps0\)`
	if err == nil {
		out = nil
	} else {
		out = fmt.Errorf("call failed: %w", err)
	}
	return out
}

func notFoundSwitch(kind string) *mcp.CallToolResult { // want `summary\(0:nonnil,iserror\)`
	var res *mcp.CallToolResult
	switch kind {
	case "user":
		res = notFound("user")
	default:
		res = &mcp.CallToolResult{IsError: true}
	}
	return res
}

func wrapThroughLocal(err error) error { // want `summary\(0:nonnil,wraps0\)`
	cause := err
	return fmt.Errorf("call failed: %w", cause)
}

// A new error on the path where the caller's error is nil loses nothing.
func orDefault(err error) error { // want `summary\(0:nonnil,passes0,wraps0\)`
	if err == nil {
		return errors.New("no error given")
	}
	return err
}

// Where the caller's error is not nil, it is replaced: dropped.
func replaceNonNil(err error) error { // want `summary\(0:drops0\)`
	if err != nil {
		return errors.New("call failed")
	}
	return nil
}
