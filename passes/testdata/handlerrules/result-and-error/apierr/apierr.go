// Package apierr maps upstream errors, as servers' own error layers do.
package apierr

import (
	"errors"
	"fmt"
)

type APIError struct{ Status int }

func (e *APIError) Error() string { return fmt.Sprint(e.Status) }

// Map returns a new error carrying err on every path.
func Map(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return fmt.Errorf("upstream answered %d: %w", apiErr.Status, err)
	}
	return fmt.Errorf("upstream: %w", err)
}

// OrNil returns nil when given nil: whether its error is non-nil depends on the argument.
func OrNil(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("upstream: %w", err)
}

// Same returns err itself on one path: non-nil when err is.
func Same(err error) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return fmt.Errorf("wrapped: %w", err)
}
