// Package errors stands in for github.com/pkg/errors: the engine knows its wrappers by name.
package errors

type wrapped struct {
	msg   string
	cause error
}

func (w *wrapped) Error() string { return w.msg + ": " + w.cause.Error() }

// Wrap returns nil when err is nil, as the real one does.
func Wrap(err error, msg string) error {
	if err == nil {
		return nil
	}
	return &wrapped{msg, err}
}

// New is no wrapper.
func New(msg string) error { return &wrapped{msg: msg} }
