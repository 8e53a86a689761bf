// Package noimport has an Executor that cannot see the adapter's interface: its method is
// out of reach (the adapter call is listed as unmapped where it is made).
package noimport

import "context"

type Runner struct{}

func (*Runner) Execute(ctx context.Context, args map[string]any) (string, error) {
	return "", nil
}
