package missing

import (
	"context"
	"encoding/json"
	"errors"
)

// Client is a GraphQL client: Query decodes the answer into q.
type Client interface {
	Query(ctx context.Context, q any, vars map[string]any) error
}

type stack struct{ Name string }

var errMissing = errors.New("missing")

// The object asked for is not in the answer: the nil side of the field's check, written
// with == and with !=, and one field deeper.
func missingStack(ctx context.Context, c Client) error {
	var query struct {
		Stack *stack `graphql:"stack(id: $id)"`
	}
	if err := c.Query(ctx, &query, nil); err != nil {
		return err
	}
	if query.Stack == nil {
		return errMissing // want `missing: Query`
	}
	return nil
}

func presentFirst(ctx context.Context, c Client) error {
	var query struct {
		Stack *stack
	}
	if err := c.Query(ctx, &query, nil); err != nil {
		return err
	}
	if query.Stack != nil {
		return nil
	}
	return errMissing // want `missing: Query`
}

func deeper(ctx context.Context, c Client) error {
	var query struct {
		Viewer struct {
			Stack *stack
		}
	}
	if err := c.Query(ctx, &query, nil); err != nil {
		return err
	}
	if query.Viewer.Stack == nil {
		return errMissing // want `missing: Query`
	}
	return nil
}

// An error field fails on its non-nil side.
func errorField(ctx context.Context, c Client) error {
	var out struct {
		Error *string
	}
	if err := c.Query(ctx, &out, nil); err != nil {
		return err
	}
	if out.Error != nil {
		return errors.New(*out.Error) // want `missing: Query`
	}
	return nil
}

// Near misses: the present side, a value decoded locally (json.Unmarshal leaves nothing), a
// field of a variable no call filled, and an error field's nil side.
func presentSide(ctx context.Context, c Client) error {
	var query struct {
		Stack *stack
	}
	if err := c.Query(ctx, &query, nil); err != nil {
		return err
	}
	if query.Stack != nil {
		return errMissing
	}
	// On the missing side: the rules ask only of the errors returned there.
	return nil // want `missing: Query`
}

func decodedLocally(data []byte) error {
	var out struct {
		Stack *stack
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return err
	}
	if out.Stack == nil {
		return errMissing
	}
	return nil
}

func notFilled(ctx context.Context, c Client, s *stack) error {
	var opts struct {
		Stack *stack
	}
	opts.Stack = s
	if opts.Stack == nil {
		return errMissing
	}
	return c.Query(ctx, &struct{}{}, nil)
}

func errorFieldNil(ctx context.Context, c Client) error {
	var out struct {
		Error *string
	}
	if err := c.Query(ctx, &out, nil); err != nil {
		return err
	}
	if out.Error == nil {
		return errMissing
	}
	return nil // want `missing: Query`
}
